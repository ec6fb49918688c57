import { createHmac } from 'node:crypto';
import {
  INVALID_CREDENTIALS,
  type Role,
  SECOND_FACTOR_ALREADY_ENROLLED,
  SECOND_FACTOR_CODE_WRONG,
  SECOND_FACTOR_NOT_ENROLLED,
  type SecondFactorSettings,
  type SecondFactorStatus,
  type SessionAuthentication,
  secondFactorRequired,
} from '@rainmakers/contracts';
import { badRequest, conflict, keysToTry, unauthorized } from '@rainmakers/kit';
import type { AuthDeps } from '../deps';
import { verifyPassword } from '../domain/passwords';
import {
  authenticationBy,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  reencryptedSecret,
  type SecondStepClaims,
  type SecondStepToken,
  signSecondStepToken,
  totpCodeOf,
  verifySecondStepToken,
} from '../domain/second-factor';
import { findCredentialByUserId } from '../store/credentials';
import {
  confirmSecondFactor,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findSecondFactor,
  listSecretCiphertexts,
  replaceRecoveryCodes,
  replaceSecretCiphertext,
  saveConfirmedSecret,
  savePendingSecret,
  useRecoveryCode,
  useTimeStep,
} from '../store/second-factors';

type Deps = Pick<AuthDeps, 'db' | 'config'>;

/**
 * The half-signed-in token is signed with a key derived from SESSION_SECRET for this purpose alone; during a
 * rotation one signed with the key of SESSION_SECRET_PREVIOUS still passes (it lives minutes).
 */
const tokenKey = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('second-step-token').digest().toString('base64');

/** SECOND_FACTOR_REQUIRED_FOR_COACHES as the rule for staff powers reads it (contracts `sessionRoles`). */
export const secondFactorSettings = (deps: Pick<Deps, 'config'>): SecondFactorSettings => ({
  requiredForCoaches: deps.config.SECOND_FACTOR_REQUIRED_FOR_COACHES,
});

export const isRequiredFor = (deps: Deps, role: Role) => secondFactorRequired(role, secondFactorSettings(deps));

/** Whether the account has a confirmed second factor. */
export async function isEnrolled(deps: Deps, userId: number): Promise<boolean> {
  return (await findSecondFactor(deps.db, userId))?.confirmedAt != null;
}

export function issueSecondStepToken(deps: Deps, claims: SecondStepClaims) {
  return signSecondStepToken(claims, tokenKey(deps.config.SESSION_SECRET));
}

const SECOND_STEP_EXPIRED = 'This sign-in has expired. Sign in again with your e-mail and password.';
type TokenDeps = Pick<AuthDeps, 'config' | 'limiter'>;
const usedTokenKey = (jti: string) => `second-step-used:${jti}`;

/**
 * The token's claims, or 401 (expired, forged, for the other step, or already used: a token opens one session).
 * Checked before any code is tried, so a used token never spends one of the person's codes.
 */
export async function readSecondStepToken(
  deps: TokenDeps,
  token: string,
  next: SecondStepClaims['next'],
): Promise<SecondStepToken> {
  const claims = keysToTry(deps.config.sessionKeys).reduce<SecondStepToken | null>(
    (found, secret) => found ?? verifySecondStepToken(token, tokenKey(secret), next),
    null,
  );
  if (!claims || (await deps.limiter.remembers(usedTokenKey(claims.jti)))) throw unauthorized(SECOND_STEP_EXPIRED);
  return claims;
}

/**
 * Uses the token up once its step succeeded, before the session opens: its id is recorded (SET NX) for the rest of
 * its lifetime, so a second request with the same token, even one racing this one, answers 401 like an expired one.
 */
export async function spendSecondStepToken(deps: TokenDeps, claims: SecondStepToken, now = Date.now()): Promise<void> {
  const seconds = Math.max(1, claims.expiresAtSeconds - Math.floor(now / 1000));
  const { passed } = await deps.limiter.pass(usedTokenKey(claims.jti), seconds);
  if (!passed) throw unauthorized(SECOND_STEP_EXPIRED);
}

/**
 * Checks a six-digit code or a recovery code against the account's confirmed second factor and uses it up (the
 * code's time step, or the recovery code). The session authentication it proves, or null.
 */
export async function useSecondFactor(
  deps: Deps,
  userId: number,
  input: string,
  now = new Date(),
): Promise<SessionAuthentication | null> {
  const factor = await findSecondFactor(deps.db, userId);
  if (!factor?.confirmedAt) return null;
  const code = totpCodeOf(input);
  if (code) {
    const secret = decryptSecret(factor.secretCiphertext, deps.config.totpKeys);
    const step = await matchTotp(secret, code, factor.lastUsedStep, now);
    if (step === null) return null;
    return (await useTimeStep(deps.db, userId, step, now)) ? authenticationBy('totp') : null;
  }
  return (await useRecoveryCode(deps.db, userId, hashRecoveryCode(input), now))
    ? authenticationBy('recovery-code')
    : null;
}

/** Begins an enrolment: a new secret, kept encrypted until a first code confirms it. 409 when already enrolled. */
export async function beginEnrolment(deps: Deps, userId: number, email: string) {
  const secret = newTotpSecret();
  const saved = await savePendingSecret(
    deps.db,
    userId,
    encryptSecret(secret, deps.config.TOTP_ENCRYPTION_KEY),
    new Date(),
  );
  if (!saved) throw conflict(SECOND_FACTOR_ALREADY_ENROLLED);
  return { secret, otpauthUrl: otpauthUrl(secret, email) };
}

/** Confirms the pending enrolment with a first code; the recovery codes (shown once). 400 on a wrong code. */
export async function confirmEnrolment(deps: Deps, userId: number, input: string, now = new Date()): Promise<string[]> {
  const factor = await findSecondFactor(deps.db, userId);
  if (factor?.confirmedAt) throw conflict(SECOND_FACTOR_ALREADY_ENROLLED);
  if (!factor) throw badRequest('Start the set-up again: no second factor is being set up.');
  const code = totpCodeOf(input);
  const secret = decryptSecret(factor.secretCiphertext, deps.config.totpKeys);
  const step = code ? await matchTotp(secret, code, null, now) : null;
  if (step === null) throw badRequest(SECOND_FACTOR_CODE_WRONG, { code: SECOND_FACTOR_CODE_WRONG });
  const recoveryCodes = newRecoveryCodes();
  const confirmed = await confirmSecondFactor(deps.db, {
    userId,
    step,
    recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
    now,
  });
  if (!confirmed) throw conflict(SECOND_FACTOR_ALREADY_ENROLLED);
  return recoveryCodes;
}

/** The seed's admin: enrolled with a known secret (printed by `npm start`), replacing any earlier one. */
export async function enrolWithSecret(deps: Deps, userId: number, secret: string): Promise<string[]> {
  const recoveryCodes = newRecoveryCodes();
  await saveConfirmedSecret(deps.db, {
    userId,
    secretCiphertext: encryptSecret(secret, deps.config.TOTP_ENCRYPTION_KEY),
    recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
    now: new Date(),
  });
  return recoveryCodes;
}

/**
 * Disabling or regenerating needs a fresh proof: the account's password and a current code (or recovery code).
 * 400 with the field's message otherwise.
 */
export async function requireFreshProof(deps: Deps, userId: number, password: string, code: string): Promise<void> {
  const credential = await findCredentialByUserId(deps.db, userId);
  if (!credential?.passwordHash || !(await verifyPassword(credential.passwordHash, password))) {
    throw badRequest(INVALID_CREDENTIALS, { password: 'The password is not correct' });
  }
  if (!(await isEnrolled(deps, userId))) throw badRequest(SECOND_FACTOR_NOT_ENROLLED);
  if (!(await useSecondFactor(deps, userId, code))) {
    throw badRequest(SECOND_FACTOR_CODE_WRONG, { code: SECOND_FACTOR_CODE_WRONG });
  }
}

export async function regenerateRecoveryCodes(deps: Deps, userId: number): Promise<string[]> {
  const recoveryCodes = newRecoveryCodes();
  if (!(await replaceRecoveryCodes(deps.db, userId, recoveryCodes.map(hashRecoveryCode)))) {
    throw badRequest(SECOND_FACTOR_NOT_ENROLLED);
  }
  return recoveryCodes;
}

export const removeSecondFactor = (deps: Deps, userId: number) => deleteSecondFactor(deps.db, userId);

export async function secondFactorStatus(
  deps: Deps,
  userId: number,
  role: Role,
  sessionPassed: boolean,
): Promise<SecondFactorStatus> {
  const enrolled = await isEnrolled(deps, userId);
  return {
    enrolled,
    required: isRequiredFor(deps, role),
    recoveryCodesLeft: enrolled ? await countUnusedRecoveryCodes(deps.db, userId) : 0,
    sessionPassed,
  };
}

/** What a re-encryption did: secrets already under the current key, re-encrypted, and the accounts none opens. */
export interface ReencryptionReport {
  alreadyCurrent: number;
  reencrypted: number;
  unreadable: number[];
}

const REENCRYPT_PAGE = 200;

/**
 * Rewrites every stored second-factor secret (pending or confirmed) under TOTP_ENCRYPTION_KEY, opening it with
 * TOTP_ENCRYPTION_KEY_PREVIOUS (`npm run rotate:totp`, dist/rotate-totp.mjs). Idempotent: a secret the current key
 * opens is left alone, so it is safe to run again, during traffic, or after a run that stopped half-way. A secret
 * that changed between reading and writing (an enrolment begun again) is read once more.
 */
export async function reencryptSecondFactorSecrets(deps: Deps, now = new Date()): Promise<ReencryptionReport> {
  const report: ReencryptionReport = { alreadyCurrent: 0, reencrypted: 0, unreadable: [] };
  let after = 0;
  for (;;) {
    const page = await listSecretCiphertexts(deps.db, after, REENCRYPT_PAGE);
    for (const stored of page) await reencryptOne(deps, stored, report, now);
    if (page.length < REENCRYPT_PAGE) return report;
    after = page[page.length - 1]?.userId ?? after;
  }
}

async function reencryptOne(
  deps: Deps,
  stored: { userId: number; secretCiphertext: string },
  report: ReencryptionReport,
  now: Date,
): Promise<void> {
  let from: string | null = stored.secretCiphertext;
  // A lost race means the row holds a newer secret: its next read decides (at most a few rounds, then it is current).
  for (let round = 0; from !== null && round < 3; round += 1) {
    let to: string | null;
    try {
      to = reencryptedSecret(from, deps.config.totpKeys);
    } catch {
      report.unreadable.push(stored.userId);
      return;
    }
    if (to === null) {
      report.alreadyCurrent += 1;
      return;
    }
    if (await replaceSecretCiphertext(deps.db, { userId: stored.userId, from, to, now })) {
      report.reencrypted += 1;
      return;
    }
    from = (await findSecondFactor(deps.db, stored.userId))?.secretCiphertext ?? null;
  }
}

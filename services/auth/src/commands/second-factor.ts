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
import { badRequest, conflict, unauthorized } from '@rainmakers/kit';
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
  replaceRecoveryCodes,
  saveConfirmedSecret,
  savePendingSecret,
  useRecoveryCode,
  useTimeStep,
} from '../store/second-factors';

type Deps = Pick<AuthDeps, 'db' | 'config'>;

/** The half-signed-in token is signed with a key derived from SESSION_SECRET for this purpose alone. */
const tokenKey = (deps: Pick<Deps, 'config'>) =>
  createHmac('sha256', deps.config.SESSION_SECRET).update('second-step-token').digest();

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
  return signSecondStepToken(claims, tokenKey(deps).toString('base64'));
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
  const claims = verifySecondStepToken(token, tokenKey(deps).toString('base64'), next);
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
    const secret = decryptSecret(factor.secretCiphertext, deps.config.TOTP_ENCRYPTION_KEY);
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
  const secret = decryptSecret(factor.secretCiphertext, deps.config.TOTP_ENCRYPTION_KEY);
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

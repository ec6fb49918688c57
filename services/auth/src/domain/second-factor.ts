/**
 * The second factor, pure parts. TOTP per RFC 6238 (30 s steps, six digits, SHA-1: what every
 * authenticator app reads from a QR code) through otplib; secrets encrypted at rest with AES-256-GCM under
 * TOTP_ENCRYPTION_KEY; recovery codes stored as sha256 (they carry 80 random bits, so a slow hash buys nothing);
 * the half-signed-in token between the password and the code. docs/decisions.md "A second factor for staff".
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  SECOND_STEP_TTL_MINUTES,
  type SessionAuthentication,
  TOTP_ISSUER,
} from '@rainmakers/contracts';
import { keysToTry, type SecretKeys } from '@rainmakers/kit';
import jwt from 'jsonwebtoken';
import { generateSecret, generateURI, verify } from 'otplib';
import { z } from 'zod';

/** 32 bytes as base64url; contains "change-me", so kit's production check refuses it. */
export const DEV_TOTP_ENCRYPTION_KEY = 'dev-totp-encryption-key-change-me-00000000A';

/** The 32 key bytes of TOTP_ENCRYPTION_KEY (64 hex digits, or base64 / base64url of 32 bytes); null otherwise. */
export function encryptionKeyBytes(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

function keyOf(value: string): Buffer {
  const key = encryptionKeyBytes(value);
  if (!key) throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes');
  return key;
}

/** "v1.<iv>.<tag>.<ciphertext>" (base64url): the version names the scheme should it ever change. */
export function encryptSecret(secret: string, keyValue: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keyValue), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function decryptWith(stored: string, keyValue: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined)
    throw new Error('Unknown second-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(keyValue), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The secret, opened with the current key or, during a rotation, the previous one (GCM's tag refuses a wrong key,
 * so the key that opens it is the one that sealed it). Throws when neither does.
 */
export function decryptSecret(stored: string, keys: SecretKeys | string): string {
  const [current, ...others] = keysToTry(keys) as [string, ...string[]];
  try {
    return decryptWith(stored, current);
  } catch (error) {
    for (const key of others) {
      try {
        return decryptWith(stored, key);
      } catch {}
    }
    throw error;
  }
}

/**
 * A stored secret under the current key: null when it already is (so re-running the rotation changes nothing),
 * else its new ciphertext. Throws when no key opens it (encrypted under a key that is neither, or damaged).
 */
export function reencryptedSecret(stored: string, keys: SecretKeys): string | null {
  try {
    decryptWith(stored, keys.current);
    return null;
  } catch {
    if (!keys.previous) throw new Error('The current key does not open this secret, and no previous key is set');
    return encryptSecret(decryptWith(stored, keys.previous), keys.current);
  }
}

/** A new base32 secret (20 bytes, 160 bits: RFC 4226's recommendation). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// address the enrolment's QR code holds. */
export const otpauthUrl = (secret: string, email: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

export const TOTP_PERIOD_SECONDS = 30;

/** A six-digit code (spaces ignored) or null when the input is not one. */
export function totpCodeOf(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step a six-digit code matches, or null. One step of clock drift either way is accepted (epochTolerance
 * = one period), never two; a step at or before `lastUsedStep` is refused, so a code works once per person.
 */
export async function matchTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now: Date = new Date(),
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like "k7mq-2xhp-9tsa-wn4e" (16 characters of a 31-letter alphabet, ~79 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(16);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

/** What is hashed: lower case, without spaces and dashes (people copy codes loosely). */
export const normalizeRecoveryCode = (input: string) => input.toLowerCase().replace(/[\s-]+/g, '');
export const hashRecoveryCode = (input: string) =>
  createHash('sha256').update(normalizeRecoveryCode(input)).digest('hex');

// ---------------------------------------------------------------------------------------------------------------
// The half-signed-in token: a JWT of its own audience (a session cookie check refuses it, and it refuses a
// session token), naming the account, the e-mail it signed in with (the attempt limits' key) and what comes next.
// ---------------------------------------------------------------------------------------------------------------

const SECOND_STEP_AUDIENCE = 'rainmakers-second-step';
const SECOND_STEP_ISSUER = 'rainmakers-auth';

export interface SecondStepClaims {
  userId: number;
  email: string;
  next: 'code' | 'enrol';
}

/** A verified token: its claims, its id (what a use records) and its end (seconds since the epoch). */
export interface SecondStepToken extends SecondStepClaims {
  jti: string;
  expiresAtSeconds: number;
}

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  email: z.string().min(1),
  next: z.enum(['code', 'enrol']),
  jti: z.string().min(1).max(100),
  exp: z.number().int(),
});

export function signSecondStepToken(claims: SecondStepClaims, secret: string, now = new Date()) {
  const expiresAt = new Date(now.getTime() + SECOND_STEP_TTL_MINUTES * 60_000);
  const token = jwt.sign(
    {
      sub: String(claims.userId),
      email: claims.email,
      next: claims.next,
      jti: randomUUID(),
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    },
    secret,
    { algorithm: 'HS256', audience: SECOND_STEP_AUDIENCE, issuer: SECOND_STEP_ISSUER },
  );
  return { token, expiresAt };
}

export function verifySecondStepToken(
  token: string,
  secret: string,
  next: SecondStepClaims['next'],
): SecondStepToken | null {
  try {
    const payload = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      audience: SECOND_STEP_AUDIENCE,
      issuer: SECOND_STEP_ISSUER,
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success || claims.data.next !== next) return null;
    return {
      userId: Number(claims.data.sub),
      email: claims.data.email,
      next: claims.data.next,
      jti: claims.data.jti,
      expiresAtSeconds: claims.data.exp,
    };
  } catch {
    return null;
  }
}

/** A session's authentication after a matched second factor. */
export const authenticationBy = (kind: 'totp' | 'recovery-code'): SessionAuthentication =>
  kind === 'totp' ? 'password+totp' : 'password+recovery-code';

import { DEV_SECRETS, defineServiceConfig, previousSecretSchema, type SecretKeys } from '@rainmakers/kit';
import { z } from 'zod';
import { DEV_TOTP_ENCRYPTION_KEY, encryptionKeyBytes } from './domain/second-factor';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const shape = {
  /** Signs the rm_session cookie (a JWT); the gateway verifies it with the same secret. */
  SESSION_SECRET: z.string().min(16).default(DEV_SECRETS.SESSION_SECRET),
  /**
   * The session secret being replaced, while a rotation runs (the gateway reads the same): cookies and second-step
   * tokens signed with it still pass; everything new is signed with SESSION_SECRET. Unset outside a rotation.
   */
  SESSION_SECRET_PREVIOUS: previousSecretSchema(z.string().min(16)),
  /** How long auth waits for users when it has no copy of a person (GET /me, sign-in): then 503. */
  USERS_READ_TIMEOUT_MS: z.coerce.number().int().min(1).default(1000),

  // Throttling, checked before any password hash is computed (one argon2id verify costs ~11 ms of CPU). auth is
  // the only owner of these limits (the gateway counts nothing); domain/sign-in-limits.ts explains the rules.
  // The client address is the one the gateway established (X-Forwarded-For, trusted only from the gateway).
  /** Wrong passwords per (e-mail, address) within the window before that pair answers 429. */
  SIGNIN_MAX_FAILURES_PER_ADDRESS: count(10),
  /** The window of the failure counters (per pair and per e-mail). */
  SIGNIN_FAILURE_WINDOW_SECONDS: seconds(15 * 60),
  /** Wrong passwords per e-mail (from anywhere) before addresses the owner never signed in from are slowed. */
  SIGNIN_SLOWDOWN_AFTER_FAILURES: count(20),
  /** The first delay between attempts from such addresses; doubles every SIGNIN_SLOWDOWN_STEP failures. */
  SIGNIN_SLOWDOWN_BASE_SECONDS: seconds(2),
  SIGNIN_SLOWDOWN_STEP: count(10),
  SIGNIN_SLOWDOWN_MAX_SECONDS: seconds(5 * 60),
  /** An address a person signed in from is "known" to her account this long (it is never slowed down). */
  SIGNIN_KNOWN_ADDRESS_DAYS: count(30),
  /** Attempts per client IP and action (sign-in, sign-up, forgot, reset) within the window. */
  AUTH_MAX_ATTEMPTS_PER_IP: count(60),
  AUTH_IP_WINDOW_SECONDS: seconds(5 * 60),
  /** Reset e-mails per account within the window; more requests still answer 200 but send nothing. */
  RESET_MAILS_PER_ACCOUNT: count(5),
  RESET_MAILS_WINDOW_SECONDS: seconds(60 * 60),

  /**
   * The key that encrypts second-factor secrets at rest (AES-256-GCM): 32 bytes, base64 or hex. Not the
   * session secret (rotating that must not lose every enrolment). Development and tests use a fixed default;
   * production refuses it (kit assertNoDevSecrets: it contains "change-me").
   */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .default(DEV_TOTP_ENCRYPTION_KEY)
    .refine((value) => encryptionKeyBytes(value) !== null, 'must be 32 bytes, base64 or hex'),
  /**
   * The key being replaced, while a rotation runs: secrets it encrypted still open, new ones are encrypted with
   * TOTP_ENCRYPTION_KEY, and `npm run rotate:totp` (dist/rotate-totp.mjs) re-encrypts the stored ones. Unset
   * outside a rotation.
   */
  TOTP_ENCRYPTION_KEY_PREVIOUS: previousSecretSchema(
    z.string().refine((value) => encryptionKeyBytes(value) !== null, 'must be 32 bytes, base64 or hex'),
  ),
  /**
   * Second-step attempts (a code or a recovery code) per account from any number of addresses within the window;
   * past it the account's second step answers 429 until the window ends (the per-address limit above holds too).
   */
  SECOND_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT: count(10),
  SECOND_FACTOR_ATTEMPT_WINDOW_SECONDS: seconds(60 * 60),

  /** How long an invitation link stays valid (7 days). */
  INVITATION_TTL_HOURS: count(7 * 24),
};

/**
 * USERS_SERVICE_ADDR (contracts' PEERS): users is asked for a person auth has no copy of. RESOURCES_SERVICE_ADDR:
 * the send-mail worker reads the community's name and colour for the e-mail layout.
 */
export const settings = defineServiceConfig({
  name: 'auth',
  shape,
  derive: (config) => ({
    sessionKeys: { current: config.SESSION_SECRET, previous: config.SESSION_SECRET_PREVIOUS } satisfies SecretKeys,
    totpKeys: {
      current: config.TOTP_ENCRYPTION_KEY,
      previous: config.TOTP_ENCRYPTION_KEY_PREVIOUS,
    } satisfies SecretKeys,
  }),
});
export type Config = ReturnType<typeof settings.load>;
/** Every key it reads (docs/configuration.md is checked against it). */
export const configShape = settings.shape;

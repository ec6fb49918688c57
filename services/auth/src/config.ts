import { PEERS } from '@rainmakers/contracts';
import { DEV_SECRETS, loadConfig, peerAddresses } from '@rainmakers/kit';
import { z } from 'zod';
import { DEV_TOTP_ENCRYPTION_KEY, encryptionKeyBytes } from './domain/second-factor';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const configShape = {
  SERVICE_NAME: z.string().default('auth'),
  /** Signs the rm_session cookie (a JWT); the gateway verifies it with the same secret. */
  SESSION_SECRET: z.string().min(16).default(DEV_SECRETS.SESSION_SECRET),
  /** How long auth waits for users when it has no copy of a person (GET /me, sign-in): then 503. */
  USERS_READ_TIMEOUT_MS: z.coerce.number().int().min(1).default(1000),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Rainmakers <no-reply@rainmakers.local>'),
  /** Run the send-mail worker inside the HTTP process (default: only in development). */
  RUN_WORKERS_IN_PROCESS: z.enum(['true', 'false']).optional(),
  /** The worker process (src/worker.ts) answers GET /healthz and /readyz on this port; none: no probe. */
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),

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
  /** Require a second factor of coaches too (admins always need one). */
  SECOND_FACTOR_REQUIRED_FOR_COACHES: z.enum(['true', 'false']).default('false'),

  /** How long an invitation link stays valid (7 days). */
  INVITATION_TTL_HOURS: count(7 * 24),

  /** Events left unacknowledged this long by a crashed or stuck consumer are taken over (kit reclaimIdleMs). */
  EVENT_RECLAIM_IDLE_MS: z.coerce.number().int().min(1).default(30_000),
};

export function loadServiceConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(configShape, env);
  const peers = peerAddresses(PEERS.auth, config.NODE_ENV, env);
  return {
    ...config,
    USERS_SERVICE_ADDR: peers.users,
    SECOND_FACTOR_REQUIRED_FOR_COACHES: config.SECOND_FACTOR_REQUIRED_FOR_COACHES === 'true',
    RUN_WORKERS_IN_PROCESS: config.RUN_WORKERS_IN_PROCESS
      ? config.RUN_WORKERS_IN_PROCESS === 'true'
      : config.NODE_ENV === 'development',
  };
}
export type Config = ReturnType<typeof loadServiceConfig>;

/** The worker process (worker.ts) serves no HTTP: it needs no PORT. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig({ PORT: '0', ...env, SERVICE_NAME: 'auth-worker' });
}

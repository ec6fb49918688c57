import { PEERS } from '@rainmakers/contracts';
import { DEV_SECRETS, loadConfig, peerAddresses } from '@rainmakers/kit';
import { z } from 'zod';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const configShape = {
  SERVICE_NAME: z.string().default('auth'),
  /** Signs the rm_session cookie (a JWT); the gateway verifies it with the same secret. */
  SESSION_SECRET: z.string().min(16).default(DEV_SECRETS.SESSION_SECRET),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Rainmakers <no-reply@rainmakers.local>'),
  /** Run the send-mail worker inside the HTTP process (default: only in development). */
  RUN_WORKERS_IN_PROCESS: z.enum(['true', 'false']).optional(),

  // Throttling, checked before any password hash is computed (one argon2id verify costs ~11 ms of CPU).
  /** Failed sign-ins per account (email) within the window before sign-in answers 429. */
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: count(10),
  SIGNIN_ACCOUNT_WINDOW_SECONDS: seconds(15 * 60),
  /** Attempts per client IP and action (sign-in, sign-up, forgot, reset) within the window. */
  AUTH_MAX_ATTEMPTS_PER_IP: count(60),
  AUTH_IP_WINDOW_SECONDS: seconds(5 * 60),
  /** Reset e-mails per account within the window; more requests still answer 200 but send nothing. */
  RESET_MAILS_PER_ACCOUNT: count(5),
  RESET_MAILS_WINDOW_SECONDS: seconds(60 * 60),

  /** Events left unacknowledged this long by a crashed or stuck consumer are taken over (kit reclaimIdleMs). */
  EVENT_RECLAIM_IDLE_MS: z.coerce.number().int().min(1).default(30_000),
};

export function loadServiceConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(configShape, env);
  const peers = peerAddresses(PEERS.auth, config.NODE_ENV, env);
  return {
    ...config,
    USERS_SERVICE_ADDR: peers.users,
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

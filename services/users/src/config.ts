import { PEERS } from '@rainmakers/contracts';
import { loadConfig, peerAddresses, storageConfigShape } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('users'),
  /** Events left unacknowledged this long by a crashed or stuck consumer are taken over (kit reclaimIdleMs). */
  EVENT_RECLAIM_IDLE_MS: z.coerce.number().int().min(1).default(30_000),
  /** Run the job workers inside the HTTP process (default: only in development; `npm start` runs worker.ts apart). */
  RUN_WORKERS_IN_PROCESS: z.enum(['true', 'false']).optional(),
  /** The worker process's /healthz and /readyz (worker.ts); none when left out. */
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The largest import file accepted (bytes); 50,000 rows of a few columns fit well within it. */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Invitation e-mails per person within 24 hours (POST /api/user/{id}/invite answers 429 past it). */
  INVITATIONS_PER_PERSON_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Object storage (S3_*): import uploads, bulk update lists and import error reports live there, not in Redis. */
  ...storageConfigShape,
  /** Key prefix of the users service's job files in S3_BUCKET (`<prefix><runId>/upload`, `.../errors.csv`). */
  IMPORT_STORAGE_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, 'a key prefix such as user-jobs/')
    .default('user-jobs/'),
};

export type Config = ReturnType<typeof loadServiceConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) => {
  const config = loadConfig(configShape, env);
  // auth is called to store a password when one is set through the user form.
  const peers = peerAddresses(PEERS.users, config.NODE_ENV, env);
  return {
    ...config,
    AUTH_SERVICE_ADDR: peers.auth,
    RUN_WORKERS_IN_PROCESS: config.RUN_WORKERS_IN_PROCESS
      ? config.RUN_WORKERS_IN_PROCESS === 'true'
      : config.NODE_ENV === 'development',
  };
};

/** The worker process (worker.ts) serves no HTTP: it needs no PORT. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig({ PORT: '0', ...env, SERVICE_NAME: 'users-worker' });
}

import { DEFAULT_PORTS, UPLOAD_MAX_BYTES } from '@rainmakers/contracts';
import { loadConfig, storageConfigShape } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('resources'),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS.resources),
  ...storageConfigShape,
  /** Largest accepted upload in bytes. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(UPLOAD_MAX_BYTES),
  /** Events left unacknowledged this long by a crashed or stuck consumer are taken over (kit reclaimIdleMs). */
  EVENT_RECLAIM_IDLE_MS: z.coerce.number().int().min(1).default(30_000),
};

export type Config = ReturnType<typeof loadServiceConfig>;
export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configShape, env);

import { DEFAULT_PORTS } from '@rainmakers/contracts';
import { loadConfig } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('courses'),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS.courses),
  /** How often the outbox relay looks for unpublished events when nobody nudges it. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(250),
  /** Events left unacknowledged this long by a crashed or stuck consumer are taken over (kit reclaimIdleMs). */
  EVENT_RECLAIM_IDLE_MS: z.coerce.number().int().min(1).default(30_000),
};

export type Config = ReturnType<typeof loadServiceConfig>;
export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configShape, env);

import { DEFAULT_PORTS, UPLOAD_MAX_BYTES } from '@rainmakers/contracts';
import { loadConfig, storageConfigShape } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('resources'),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS.resources),
  ...storageConfigShape,
  /** Largest accepted upload in bytes. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(UPLOAD_MAX_BYTES),
};

export type Config = ReturnType<typeof loadServiceConfig>;
export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configShape, env);

import { loadConfig } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('tools'),
};

export type Config = ReturnType<typeof loadServiceConfig>;
export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(configShape, env);

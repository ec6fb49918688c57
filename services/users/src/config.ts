import { ConfigError, loadConfig } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('users'),
  /** The auth service, called to store a password when one is set through the user form. */
  AUTH_SERVICE_ADDR: z.string().url().optional(),
};

/** Where auth listens when everything runs on one machine (scripts/lib/topology.ts). */
const LOCAL_AUTH_ADDR = 'http://127.0.0.1:4101';

export type Config = ReturnType<typeof loadServiceConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) => {
  const config = loadConfig(configShape, env);
  if (!config.AUTH_SERVICE_ADDR && config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  AUTH_SERVICE_ADDR: required in production');
  }
  return { ...config, AUTH_SERVICE_ADDR: config.AUTH_SERVICE_ADDR ?? LOCAL_AUTH_ADDR };
};

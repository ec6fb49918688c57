import { PEERS } from '@rainmakers/contracts';
import { loadConfig, peerAddresses } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('users'),
};

export type Config = ReturnType<typeof loadServiceConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) => {
  const config = loadConfig(configShape, env);
  // auth is called to store a password when one is set through the user form.
  const peers = peerAddresses(PEERS.users, config.NODE_ENV, env);
  return { ...config, AUTH_SERVICE_ADDR: peers.auth };
};

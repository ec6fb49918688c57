/**
 * Boots the real auth service for tests (this service's and other services'): a throwaway database, the real
 * app and its background tasks (users.* consumer, send-mail worker), on `port` (0 = any free port).
 */

import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { closeServer, createLogger, createRedis, listen } from '@rainmakers/kit';
import { createTestDatabase, TEST_SECRET, type TestDatabase, testInfra } from '@rainmakers/kit/testing';
import { type Config, loadServiceConfig } from './config';
import type { AuthDeps } from './deps';
import { assemble } from './runtime';
import type { AuthSchema } from './store/schema';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface StartForTestOptions {
  port?: number;
  /** Share it with the services whose events auth should receive (users). */
  redisPrefix?: string;
  /** users' address (default: nothing listens there). */
  usersAddr?: string;
  /** Where the send-mail worker delivers (default: the development SMTP address). */
  smtpUrl?: string;
  /** Extra configuration, e.g. rate limits. */
  env?: Record<string, string>;
}

export interface AuthTestService {
  url: string;
  port: number;
  database: TestDatabase<AuthSchema>;
  config: Config;
  deps: AuthDeps;
  stop(): Promise<void>;
}

export async function startForTest(options: StartForTestOptions = {}): Promise<AuthTestService> {
  const { redisUrl } = testInfra();
  const database = await createTestDatabase<AuthSchema>(MIGRATIONS_DIR, 'auth');
  const config = loadServiceConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(options.port ?? 0),
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: options.redisPrefix ?? `t${randomBytes(4).toString('hex')}:`,
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    USERS_SERVICE_ADDR: options.usersAddr ?? 'http://127.0.0.1:9',
    SMTP_URL: options.smtpUrl ?? 'smtp://127.0.0.1:1025',
    RUN_WORKERS_IN_PROCESS: 'true',
    // Tests sign in many times from one address; the limits have their own test with small values.
    AUTH_MAX_ATTEMPTS_PER_IP: '100000',
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    ...options.env,
  });
  const logger = createLogger('auth', config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL, 'auth-test');
  const { app, background, deps } = assemble({ config, logger, db: database.db, redis, readiness: [] });
  const server: Server = await listen(app, config.PORT, '127.0.0.1');
  for (const task of background) await task.start();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    database,
    config,
    deps,
    async stop() {
      for (const task of [...background].reverse()) await task.stop();
      server.closeAllConnections();
      await closeServer(server);
      await redis.quit();
      await database.drop();
    },
  };
}

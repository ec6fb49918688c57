/**
 * Boots the real users service for other services' tests: a throwaway database with the migrations,
 * the real app on `port` (0 = any free port) and its outbox relay publishing to the test Redis.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { closeServer, createLogger, createRedis, listen, type ReadinessCheck } from '@rainmakers/kit';
import { createTestDatabase, TEST_SECRET, type TestDatabase, testInfra } from '@rainmakers/kit/testing';
import { buildService } from './app';
import { loadServiceConfig } from './config';
import type { Schema } from './store/schema';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface StartUsersOptions {
  port?: number;
  /** Prefix of the Redis streams the relay publishes to; a fresh one when left out. */
  redisPrefix?: string;
  /** Where auth listens (for PUT /internal/credentials); nothing listens there when left out. */
  authAddr?: string;
  /** Relay poll interval; events are also published right after each change. */
  pollMs?: number;
}

export interface RunningUsers {
  url: string;
  database: TestDatabase<Schema>;
  redisPrefix: string;
  /** Publishes every event still in the outbox; resolves with how many were sent. */
  flushEvents(): Promise<number>;
  stop(): Promise<void>;
}

export async function startForTest(options: StartUsersOptions = {}): Promise<RunningUsers> {
  const database = await createTestDatabase<Schema>(MIGRATIONS_DIR, 'users');
  const { redisUrl } = testInfra();
  const redisPrefix = options.redisPrefix ?? `t${randomBytes(4).toString('hex')}:`;
  const config = loadServiceConfig({
    NODE_ENV: 'test',
    SERVICE_NAME: 'users',
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    // Port 9 (discard) on loopback: refused at once, like an auth that is down.
    AUTH_SERVICE_ADDR: options.authAddr ?? 'http://127.0.0.1:9',
  });
  const logger = createLogger('users', config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL, 'users-test');
  const readiness: ReadinessCheck[] = [{ name: 'redis', check: () => redis.ping() }];
  const { app, relay, background } = buildService({ config, logger, database, redis, readiness }, config);
  const server = await listen(app, config.PORT, config.HOST);
  for (const task of background) await task.start();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    redisPrefix,
    flushEvents: () => relay.flush(),
    async stop() {
      for (const task of [...background].reverse()) await task.stop();
      server.closeAllConnections();
      await closeServer(server);
      await redis.quit();
      await database.drop();
    },
  };
}

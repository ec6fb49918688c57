/**
 * Boots the real courses service for tests (its own and other services'): a throwaway database with the
 * migrations, the real app on `port` (0 = any free port), its outbox relay and its users.user-deleted consumer
 * on the test Redis.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { closeServer, createLogger, createRedis, listen, type ReadinessCheck } from '@rainmakers/kit';
import { createTestDatabase, TEST_SECRET, type TestDatabase, testInfra } from '@rainmakers/kit/testing';
import { buildService } from './app';
import { loadServiceConfig } from './config';
import type { CoursesDatabase } from './store/schema';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface StartCoursesOptions {
  port?: number;
  /** Prefix of the Redis streams (published and consumed); a fresh one when left out. */
  redisPrefix?: string;
  /** Relay poll interval; events are also published right after each change. */
  pollMs?: number;
}

export interface RunningCourses {
  url: string;
  database: TestDatabase<CoursesDatabase>;
  redisPrefix: string;
  /** Publishes every event still in the outbox; resolves with how many were sent. */
  flushEvents(): Promise<number>;
  stop(): Promise<void>;
}

export async function startForTest(options: StartCoursesOptions = {}): Promise<RunningCourses> {
  const database = await createTestDatabase<CoursesDatabase>(MIGRATIONS_DIR, 'courses');
  const { redisUrl } = testInfra();
  const redisPrefix = options.redisPrefix ?? `t${randomBytes(4).toString('hex')}:`;
  const config = loadServiceConfig({
    NODE_ENV: 'test',
    SERVICE_NAME: 'courses',
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    OUTBOX_POLL_MS: String(options.pollMs ?? 250),
  });
  const logger = createLogger('courses', config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL, 'courses-test');
  const readiness: ReadinessCheck[] = [
    { name: 'postgres', check: () => database.pool.query('SELECT 1') },
    { name: 'redis', check: () => redis.ping() },
  ];
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

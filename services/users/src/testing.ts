/**
 * Boots the real users service for other services' tests: a throwaway database with the migrations,
 * the real app on `port` (0 = any free port) and its outbox relay publishing to the test Redis.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceRuntime } from '@rainmakers/kit';
import { startServiceForTest, type TestDatabase } from '@rainmakers/kit/testing';
import { loadServiceConfig } from './config';
import type { EventNotifier } from './events';
import { buildService } from './service';
import type { Schema } from './store/schema';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface StartUsersOptions {
  port?: number;
  /** Prefix of the Redis streams the relay publishes to; a fresh one when left out. */
  redisPrefix?: string;
  /** Where auth listens (for PUT /internal/credentials); nothing listens there when left out. */
  authAddr?: string;
  /** Run the user-import worker in the service (default true). */
  runWorkers?: boolean;
  env?: Record<string, string>;
}

export interface RunningUsers {
  url: string;
  database: TestDatabase<Schema>;
  redisPrefix: string;
  /** What the job processors use (the database and the outbox relay), to run a job's work twice in a test. */
  jobDeps: { db: TestDatabase<Schema>['db']; events: EventNotifier };
  /** Publishes every event still in the outbox; resolves with how many were sent. */
  flushEvents(): Promise<number>;
  stop(): Promise<void>;
}

export async function startForTest(options: StartUsersOptions = {}): Promise<RunningUsers> {
  const service = await startServiceForTest({
    name: 'users',
    migrationsDir: MIGRATIONS_DIR,
    port: options.port,
    redisPrefix: options.redisPrefix,
    // Port 9 (discard) on loopback: refused at once, like an auth that is down.
    env: {
      AUTH_SERVICE_ADDR: options.authAddr ?? 'http://127.0.0.1:9',
      RUN_WORKERS_IN_PROCESS: options.runWorkers === false ? 'false' : 'true',
      ...options.env,
    },
    loadConfig: loadServiceConfig,
    build: (runtime: ServiceRuntime<Schema>, config) => buildService(runtime, config),
  });
  return {
    url: service.url,
    database: service.database,
    redisPrefix: service.redisPrefix,
    jobDeps: { db: service.database.db, events: service.built.relay },
    flushEvents: () => service.built.relay.flush(),
    stop: service.stop,
  };
}

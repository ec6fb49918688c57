/**
 * Boots the real board service for tests: a throwaway database with the migrations, the real app on `port`
 * (0 = any free port), its relay, users.* consumer, mention-mail consumer and live fan-out on the test Redis.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceRuntime } from '@rainmakers/kit';
import { startServiceForTest, type TestDatabase } from '@rainmakers/kit/testing';
import { type Config, loadServiceConfig } from './config';
import type { RedisBoardChanges } from './live';
import { buildService } from './service';
import type { BoardDatabase } from './store/schema';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface StartBoardOptions {
  port?: number;
  /** Prefix of the Redis streams and queues (shared with users to receive its events); fresh when left out. */
  redisPrefix?: string;
  env?: Record<string, string>;
}

export interface RunningBoard {
  url: string;
  database: TestDatabase<BoardDatabase>;
  redisPrefix: string;
  config: Config;
  live: RedisBoardChanges;
  flushEvents(): Promise<number>;
  stop(): Promise<void>;
}

export async function startForTest(options: StartBoardOptions = {}): Promise<RunningBoard> {
  const service = await startServiceForTest({
    name: 'board',
    migrationsDir: MIGRATIONS_DIR,
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: { OUTBOX_POLL_MS: '50', RUN_WORKERS_IN_PROCESS: 'false', ...options.env },
    loadConfig: loadServiceConfig,
    build: (runtime: ServiceRuntime<BoardDatabase>, config) => buildService(runtime, config),
  });
  return {
    url: service.url,
    database: service.database,
    redisPrefix: service.redisPrefix,
    config: service.config,
    live: service.built.live,
    flushEvents: () => service.built.relay.flush(),
    stop: service.stop,
  };
}

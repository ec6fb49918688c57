/**
 * Boots the real tools service for tests: a throwaway database with the migrations, the real app on `port`
 * (0 = any free port) and its users.user-deleted consumer on the test Redis.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceRuntime } from '@rainmakers/kit';
import { startServiceForTest, type TestDatabase } from '@rainmakers/kit/testing';
import { loadServiceConfig } from './config';
import { buildService } from './service';
import type { ToolsDatabase } from './store/schema';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface StartToolsOptions {
  port?: number;
  /** Prefix of the Redis streams it consumes; a fresh one when left out. */
  redisPrefix?: string;
  env?: Record<string, string>;
}

export interface RunningTools {
  url: string;
  database: TestDatabase<ToolsDatabase>;
  redisPrefix: string;
  stop(): Promise<void>;
}

export async function startForTest(options: StartToolsOptions = {}): Promise<RunningTools> {
  const service = await startServiceForTest({
    name: 'tools',
    migrationsDir: MIGRATIONS_DIR,
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: { RUN_WORKERS_IN_PROCESS: 'false', ...options.env },
    loadConfig: loadServiceConfig,
    build: (runtime: ServiceRuntime<ToolsDatabase>, config) => buildService(runtime, config),
  });
  return {
    url: service.url,
    database: service.database,
    redisPrefix: service.redisPrefix,
    stop: service.stop,
  };
}

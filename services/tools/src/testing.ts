/**
 * Boots the real tools service for tests: a throwaway database with the migrations, the real app on `port`
 * (0 = any free port) and its users.user-deleted consumer on the test Redis.
 */
import { startDefinedServiceForTest, startMailWorkerForTest, type TestDatabase } from '@rainmakers/kit/testing';
import { service as tools } from './service';
import type { ToolsDatabase } from './store/schema';

export const MIGRATIONS_DIR = tools.migrations;

export interface StartToolsOptions {
  port?: number;
  /** Prefix of the Redis streams it consumes; a fresh one when left out. */
  redisPrefix?: string;
  env?: Record<string, string>;
  /** Deliver the queued e-mails there: a send-mail worker (auth's, which sends all mail) runs beside the service. */
  smtpUrl?: string;
}

export interface RunningTools {
  url: string;
  database: TestDatabase<ToolsDatabase>;
  redisPrefix: string;
  stop(): Promise<void>;
}

export async function startForTest(options: StartToolsOptions = {}): Promise<RunningTools> {
  const service = await startDefinedServiceForTest(tools, {
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: options.env,
  });
  const smtpUrl = options.smtpUrl;
  const mailWorker = smtpUrl ? await startMailWorkerForTest({ redisPrefix: service.redisPrefix, smtpUrl }) : null;
  return {
    url: service.url,
    database: service.database,
    redisPrefix: service.redisPrefix,
    async stop() {
      await mailWorker?.stop();
      await service.stop();
    },
  };
}

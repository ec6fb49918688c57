/**
 * Boots the real board service for tests: a throwaway database with the migrations, the real app on `port`
 * (0 = any free port), its relay, users.* consumer, mention-mail consumer and live fan-out on the test Redis.
 */
import { startDefinedServiceForTest, startMailWorkerForTest, type TestDatabase } from '@rainmakers/kit/testing';
import type { Config } from './config';
import type { RedisBoardChanges } from './live';
import { service as board } from './service';
import type { BoardDatabase } from './store/schema';

export const MIGRATIONS_DIR = board.migrations;

export interface StartBoardOptions {
  port?: number;
  /** Prefix of the Redis streams and queues (shared with users to receive its events); fresh when left out. */
  redisPrefix?: string;
  env?: Record<string, string>;
  /** Deliver the queued e-mails there: a send-mail worker (auth's, which sends all mail) runs beside the service. */
  smtpUrl?: string;
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
  const service = await startDefinedServiceForTest(board, {
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: { OUTBOX_POLL_MS: '50', ...options.env },
  });
  const smtpUrl = options.smtpUrl;
  const mailWorker = smtpUrl ? await startMailWorkerForTest({ redisPrefix: service.redisPrefix, smtpUrl }) : null;
  return {
    url: service.url,
    database: service.database,
    redisPrefix: service.redisPrefix,
    config: service.config,
    live: service.built.deps.live,
    flushEvents: () => service.built.relay.flush(),
    async stop() {
      await mailWorker?.stop();
      await service.stop();
    },
  };
}

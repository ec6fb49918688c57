import {
  type BackgroundTask,
  createApp,
  createMailWorkerTask,
  type Logger,
  OutboxRelay,
  type ReadinessCheck,
  type ServiceRuntime,
} from '@rainmakers/kit';
import type { Config } from './config';
import type { BoardDeps } from './deps';
import { createMentionMailConsumer, createPeopleConsumer } from './events';
import { RedisBoardChanges } from './live';
import { createMentionMailQueue } from './mail';
import { boardRoutes } from './routes/board';
import { liveRoutes } from './routes/live';
import type { BoardDatabase } from './store/schema';

export interface AppDeps extends BoardDeps {
  logger: Logger;
  internalTokenSecret: string;
  readiness: ReadinessCheck[];
  live: RedisBoardChanges;
  heartbeatMs: number;
}

/** The board service's HTTP API: Move the Needle (spec part 1 §7 "Board") and its live stream. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'board', logger, internalTokenSecret, readiness }, (app) => {
    app.use('/api/move-the-needle', liveRoutes(deps));
    app.use('/api/move-the-needle', boardRoutes(deps));
  });
}

/** Wires the app and its background tasks (relay, consumers, live fan-out, optional mail worker). */
export function buildService(runtime: ServiceRuntime<BoardDatabase>, config: Config) {
  const { logger, redis } = runtime;
  const db = runtime.database.db;
  const prefix = config.REDIS_PREFIX;
  const relay = new OutboxRelay({ db, redis, prefix, logger, pollMs: config.OUTBOX_POLL_MS });
  const consumerOptions = { db, redis, prefix, logger, reclaimIdleMs: config.EVENT_RECLAIM_IDLE_MS };
  const mailQueue = createMentionMailQueue(redis, prefix);
  const live = new RedisBoardChanges({ redis, prefix, logger: logger.child({ part: 'live' }) });
  const background: BackgroundTask[] = [
    relay,
    createPeopleConsumer(consumerOptions),
    createMentionMailConsumer({ ...consumerOptions, queue: mailQueue, publicUrl: config.PUBLIC_URL }),
    live,
    { start: () => {}, stop: () => mailQueue.close() },
  ];
  if (config.RUN_WORKERS_IN_PROCESS) {
    background.push(
      createMailWorkerTask({
        redis,
        prefix,
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        logger: logger.child({ worker: 'send-mail' }),
      }),
    );
  }
  const app = buildApp({
    logger,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness: runtime.readiness,
    db,
    events: relay,
    changes: live,
    live,
    heartbeatMs: config.LIVE_HEARTBEAT_MS,
  });
  return { app, relay, live, background };
}

import { type BackgroundTask, consumerWiring, OutboxRelay, type ServiceRuntime, serviceMail } from '@rainmakers/kit';
import { buildApp } from './app';
import type { Config } from './config';
import { createMentionMailConsumer, createPeopleConsumer } from './events';
import { RedisBoardChanges } from './live';
import type { BoardDatabase } from './store/schema';

/** Wires the app and its background tasks (relay, consumers, live fan-out, the mail queue, optional mail worker). */
export function buildService(runtime: ServiceRuntime<BoardDatabase>, config: Config) {
  const { logger, redis } = runtime;
  const db = runtime.database.db;
  const prefix = config.REDIS_PREFIX;
  const relay = new OutboxRelay({ db, redis, prefix, logger, pollMs: config.OUTBOX_POLL_MS });
  const wiring = consumerWiring(runtime, config);
  const { mail, background: mailTasks } = serviceMail(config, redis, logger);
  const live = new RedisBoardChanges({ redis, prefix, logger: logger.child({ part: 'live' }) });
  const background: BackgroundTask[] = [
    relay,
    createPeopleConsumer(wiring),
    createMentionMailConsumer({ ...wiring, queue: mail, publicUrl: config.PUBLIC_URL }),
    live,
    ...mailTasks,
  ];
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

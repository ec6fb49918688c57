import { fileURLToPath } from 'node:url';
import { defineService } from '@rainmakers/kit';
import { buildApp } from './app';
import { settings } from './config';
import type { AppDeps } from './deps';
import { createMentionMailConsumer, createPeopleConsumer } from './events';
import { RedisBoardChanges } from './live';
import type { BoardDatabase } from './store/schema';

/**
 * The board service, declared once: main.ts, testing.ts and the layout check read this. Mention e-mails only go
 * on the shared send-mail queue; auth's worker sends them (docs/decisions.md "One service definition").
 */
export const service = defineService<BoardDatabase>()({
  config: settings,
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  // board.comment-mentioned, audit.recorded.
  outbox: true,
  deps: ({ config, logger, database, redis, readiness, relay, mail }): AppDeps => {
    const live = new RedisBoardChanges({ redis, prefix: config.REDIS_PREFIX, logger: logger.child({ part: 'live' }) });
    return {
      logger,
      internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
      readiness,
      db: database.db,
      events: relay,
      changes: live,
      live,
      heartbeatMs: config.LIVE_HEARTBEAT_MS,
      mail: mail(),
      publicUrl: config.PUBLIC_URL,
    };
  },
  app: buildApp,
  consumers: (deps, wiring) => [
    createPeopleConsumer(wiring),
    createMentionMailConsumer({ ...wiring, queue: deps.mail, publicUrl: deps.publicUrl }),
  ],
  tasks: (deps) => [deps.live],
});

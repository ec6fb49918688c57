import { fileURLToPath } from 'node:url';
import { createMailSender, defineService, internalTokenKeys, mailPublicUrl } from '@rainmakers/kit';
import { buildApp } from './app';
import { settings } from './config';
import type { AppDeps } from './deps';
import { createMentionMailConsumer, createPeopleConsumer } from './events';
import { createReminderWorker } from './jobs';
import { RedisBoardChanges } from './live';
import type { BoardDatabase } from './store/schema';

/**
 * The board service, declared once: main.ts, worker.ts, testing.ts and the layout check read this. Mention e-mails only go
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
      internalTokenKeys: internalTokenKeys(config),
      readiness,
      db: database.db,
      events: relay,
      changes: live,
      live,
      heartbeatMs: config.LIVE_HEARTBEAT_MS,
      mail: mail(),
      publicUrl: mailPublicUrl(config),
    };
  },
  app: buildApp,
  consumers: (deps, wiring) => [
    createPeopleConsumer({ ...wiring, changes: deps.changes }),
    createMentionMailConsumer({ ...wiring, queue: deps.mail, publicUrl: deps.publicUrl }),
  ],
  tasks: (deps) => [deps.live],
  // The due-date reminder and weekly digest sweep (jobs.ts): in the HTTP process (RUN_WORKERS_IN_PROCESS, set for
  // the board in the deployments too: a sweep a minute is light), or in worker.ts's process.
  workers: {
    jobs: 'board-reminders',
    build: ({ config, logger, redis, database, relay }) => [
      createReminderWorker(
        {
          db: database.db,
          events: relay,
          // Publish-only: the bell's unread-count notice; nothing subscribes in this object.
          changes: new RedisBoardChanges({
            redis,
            prefix: config.REDIS_PREFIX,
            logger: logger.child({ part: 'live' }),
          }),
          // The weekly digest's e-mails: a sender of the worker's own (the worker process builds no deps), and
          // PUBLIC_URL for their links, as the HTTP process's deps have them.
          mail: createMailSender(redis, config.REDIS_PREFIX),
          publicUrl: mailPublicUrl(config),
        },
        redis,
        config.REDIS_PREFIX,
        logger.child({ worker: 'board-reminders' }),
      ),
    ],
  },
});

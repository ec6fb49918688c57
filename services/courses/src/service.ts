import { fileURLToPath } from 'node:url';
import { defineService, internalTokenKeys } from '@rainmakers/kit';
import { buildApp } from './app';
import { CatalogueCache } from './catalogue-cache';
import { settings } from './config';
import type { AppDeps } from './deps';
import { createEventConsumer } from './events';
import { createReleaseWorker } from './jobs';
import type { CoursesDatabase } from './store/schema';

/** The courses service, declared once: main.ts, testing.ts and the layout check read this. */
export const service = defineService<CoursesDatabase>()({
  config: settings,
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  // courses.lesson-completed / -uncompleted, courses.learning-notice, audit.recorded.
  outbox: true,
  deps: ({ config, logger, database, redis, readiness, relay }): AppDeps => ({
    logger,
    internalTokenKeys: internalTokenKeys(config),
    readiness,
    store: { db: database.db, pool: database.pool },
    events: relay,
    publicUrl: config.PUBLIC_URL,
    catalogue: new CatalogueCache({ redis, prefix: config.REDIS_PREFIX, logger }),
  }),
  app: buildApp,
  consumers: (deps, wiring) => [
    createEventConsumer({ ...wiring, store: deps.store, onTagsRenamed: () => deps.catalogue.invalidate() }),
  ],
  // The release sweep (jobs.ts): in the HTTP process (RUN_WORKERS_IN_PROCESS, set for the courses service in the
  // deployments too: a sweep a minute over the people copy is light), or in a worker process.
  workers: {
    jobs: 'course-releases',
    build: ({ logger, redis, database, relay, config }) => [
      createReleaseWorker(
        { db: database.db, events: relay },
        redis,
        config.REDIS_PREFIX,
        logger.child({ worker: 'course-releases' }),
      ),
    ],
  },
});

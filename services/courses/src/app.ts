import {
  createApp,
  type EventNudger,
  type Logger,
  OutboxRelay,
  type ReadinessCheck,
  retryAfterOnUnavailable,
  type ServiceRuntime,
} from '@rainmakers/kit';
import { CatalogueCache } from './catalogue-cache';
import type { Config } from './config';
import { createEventConsumer } from './events';
import { certificateRoutes } from './routes/certificates';
import { courseRoutes } from './routes/courses';
import { lessonRoutes } from './routes/lessons';
import { moduleRoutes } from './routes/modules';
import type { CoursesStore } from './store/db';
import type { CoursesDatabase } from './store/schema';

export interface AppDeps {
  logger: Logger;
  internalTokenSecret: string;
  readiness: ReadinessCheck[];
  store: CoursesStore;
  events: EventNudger;
  catalogue: CatalogueCache;
  /** The web app's address: the verification address printed on certificates. */
  publicUrl: string;
}

/** The courses service's HTTP API: catalogue, course pages, completions, certificates, and course/module/lesson authoring. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'courses', logger, internalTokenSecret, readiness }, (app) => {
    app.use('/api/course', courseRoutes(deps));
    app.use('/api/module', moduleRoutes(deps));
    app.use('/api/lesson', lessonRoutes(deps));
    app.use('/api/certificates', certificateRoutes(deps));
    app.use(retryAfterOnUnavailable());
  });
}

/** Wires the app and its background tasks (outbox relay, the users.* and courses.lesson-completed consumer) from a service runtime. */
export function buildService(runtime: ServiceRuntime<CoursesDatabase>, config: Config) {
  const relay = new OutboxRelay({
    db: runtime.database.db,
    redis: runtime.redis,
    prefix: config.REDIS_PREFIX,
    logger: runtime.logger,
    pollMs: config.OUTBOX_POLL_MS,
  });
  const catalogue = new CatalogueCache({ redis: runtime.redis, prefix: config.REDIS_PREFIX, logger: runtime.logger });
  const store = { db: runtime.database.db, pool: runtime.database.pool };
  const consumer = createEventConsumer({
    db: runtime.database.db,
    store,
    redis: runtime.redis,
    prefix: config.REDIS_PREFIX,
    logger: runtime.logger,
    reclaimIdleMs: config.EVENT_RECLAIM_IDLE_MS,
    onTagsRenamed: () => catalogue.invalidate(),
  });
  const app = buildApp({
    logger: runtime.logger,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness: runtime.readiness,
    store,
    events: relay,
    publicUrl: config.PUBLIC_URL,
    catalogue,
  });
  return { app, relay, consumer, background: [relay, consumer] };
}

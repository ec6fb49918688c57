import { consumerWiring, OutboxRelay, type ServiceRuntime } from '@rainmakers/kit';
import { buildApp } from './app';
import { CatalogueCache } from './catalogue-cache';
import type { Config } from './config';
import { createEventConsumer } from './events';
import type { CoursesDatabase } from './store/schema';

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
    ...consumerWiring(runtime, config),
    store,
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

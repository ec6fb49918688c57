import { consumerWiring, OutboxRelay, type ServiceRuntime, type Storage } from '@rainmakers/kit';
import { buildApp } from './app';
import type { Config } from './config';
import { createEventConsumer } from './events';
import type { ResourcesDatabase } from './store/schema';

/** Wires the app and its background tasks (the outbox relay; the billing.purchase-completed / users.tag-renamed consumer). */
export function buildService(runtime: ServiceRuntime<ResourcesDatabase>, config: Config, storage: Storage) {
  const consumer = createEventConsumer(consumerWiring(runtime, config));
  // Relays the outbox: staff actions published as audit.recorded.
  const relay = new OutboxRelay({
    db: runtime.database.db,
    redis: runtime.redis,
    prefix: config.REDIS_PREFIX,
    logger: runtime.logger,
  });
  const app = buildApp({
    logger: runtime.logger,
    readiness: runtime.readiness,
    storage,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
    db: runtime.database.db,
    events: relay,
  });
  return { app, consumer, background: [relay, consumer] };
}

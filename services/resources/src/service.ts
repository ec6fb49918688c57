import { consumerWiring, type ServiceRuntime, type Storage } from '@rainmakers/kit';
import { buildApp } from './app';
import type { Config } from './config';
import { createEventConsumer } from './events';
import type { ResourcesDatabase } from './store/schema';

/** Wires the app and its background task (the billing.purchase-completed / users.tag-renamed consumer). */
export function buildService(runtime: ServiceRuntime<ResourcesDatabase>, config: Config, storage: Storage) {
  const consumer = createEventConsumer(consumerWiring(runtime, config));
  const app = buildApp({
    logger: runtime.logger,
    readiness: runtime.readiness,
    storage,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
    db: runtime.database.db,
  });
  return { app, consumer, background: [consumer] };
}

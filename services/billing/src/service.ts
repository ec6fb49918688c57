import {
  type BackgroundTask,
  consumerWiring,
  OutboxRelay,
  publicAddresses,
  type ServiceRuntime,
} from '@rainmakers/kit';
import { buildApp } from './app';
import { createResourcesClient } from './clients/resources';
import type { Config } from './config';
import { createEventConsumer } from './events';
import { createSyncQueue, createSyncWorker } from './jobs';
import type { Schema } from './store/schema';
import { createStripe } from './stripe';

/** Wires the app and its background tasks: the outbox relay, the users consumer, the sync worker in development. */
export function buildService(runtime: ServiceRuntime<Schema>, config: Config) {
  const { logger, redis } = runtime;
  const db = runtime.database.db;
  const prefix = config.REDIS_PREFIX;
  const relay = new OutboxRelay({ db, redis, prefix, logger, pollMs: config.OUTBOX_POLL_MS });
  const stripe = createStripe(config);
  const sync = createSyncQueue(redis, prefix);
  const base = { db, events: relay, stripe, logger };
  const background: BackgroundTask[] = [
    relay,
    createEventConsumer(consumerWiring(runtime, config)),
    { start: () => {}, stop: () => sync.close() },
  ];
  if (config.RUN_WORKERS_IN_PROCESS) background.push(createSyncWorker(base, redis, prefix, logger));
  const app = buildApp({
    ...base,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness: runtime.readiness,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    resources: createResourcesClient({ baseUrl: config.RESOURCES_SERVICE_ADDR, secret: config.INTERNAL_TOKEN_SECRET }),
    currency: config.STRIPE_CURRENCY,
    sync,
    publicUrl: config.PUBLIC_URL,
    publicUrls: publicAddresses(config),
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    jsUrl: config.STRIPE_JS_URL,
  });
  return { app, relay, background };
}

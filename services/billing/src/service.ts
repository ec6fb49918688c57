import { fileURLToPath } from 'node:url';
import { defineService, internalTokenKeys, publicAddresses } from '@rainmakers/kit';
import { buildApp } from './app';
import { createResourcesClient } from './clients/resources';
import { settings } from './config';
import type { AppDeps } from './deps';
import { createEventConsumer } from './events';
import { createSyncQueue, createSyncWorker } from './jobs';
import type { Schema } from './store/schema';
import { createStripe } from './stripe';

/**
 * The billing service, declared once: main.ts, worker.ts, testing.ts and the layout check read this. Its stripe-sync
 * worker runs in worker.ts's process (`npm start`, production) or in this one (RUN_WORKERS_IN_PROCESS: tests).
 */
export const service = defineService<Schema>()({
  config: settings,
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  // billing.subscription-changed, billing.purchase-completed, billing.sync-recorded.
  outbox: true,
  deps: ({ config, logger, database, redis, readiness, relay }): AppDeps => ({
    db: database.db,
    events: relay,
    stripe: createStripe(config),
    logger,
    internalTokenKeys: internalTokenKeys(config),
    readiness,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    resources: createResourcesClient({ baseUrl: config.RESOURCES_SERVICE_ADDR, secret: config.INTERNAL_TOKEN_SECRET }),
    currency: config.STRIPE_CURRENCY,
    sync: createSyncQueue(redis, config.REDIS_PREFIX),
    publicUrl: config.PUBLIC_URL,
    publicUrls: publicAddresses(config),
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    jsUrl: config.STRIPE_JS_URL,
  }),
  app: buildApp,
  consumers: (deps, wiring) => [createEventConsumer(wiring, deps.stripe)],
  tasks: (deps) => [{ start: () => {}, stop: () => deps.sync.close() }],
  workers: {
    jobs: 'stripe-sync',
    build: ({ config, logger, redis, database, relay }) => [
      createSyncWorker(
        { db: database.db, events: relay, stripe: createStripe(config), logger },
        redis,
        config.REDIS_PREFIX,
        logger,
      ),
    ],
  },
});

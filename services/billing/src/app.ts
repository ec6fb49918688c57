import {
  type BackgroundTask,
  createApp,
  type Logger,
  OutboxRelay,
  type ReadinessCheck,
  type ServiceRuntime,
} from '@rainmakers/kit';
import { createResourcesClient } from './clients/resources';
import type { Config } from './config';
import { createEventConsumer } from './events';
import { createSyncQueue, createSyncWorker } from './jobs';
import { type StripeRouteDeps, stripeRoutes } from './routes/stripe';
import { WEBHOOK_PATH, webhookRoutes } from './routes/webhook';
import type { Schema } from './store/schema';
import { createStripe } from './stripe';

export interface AppDeps extends StripeRouteDeps {
  logger: Logger;
  internalTokenSecret: string;
  readiness: ReadinessCheck[];
  webhookSecret: string;
}

/** The billing service's HTTP API: Stripe webhooks, the customer portal, the sync, purchases. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'billing', logger, internalTokenSecret, readiness, rawBodyPaths: [WEBHOOK_PATH] }, (app) => {
    app.use(webhookRoutes(deps));
    app.use(stripeRoutes(deps));
  });
}

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
    createEventConsumer({ db, redis, prefix, logger, reclaimIdleMs: config.EVENT_RECLAIM_IDLE_MS }),
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
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    jsUrl: config.STRIPE_JS_URL,
  });
  return { app, relay, background };
}

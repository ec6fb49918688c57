/**
 * Boots the real billing service for tests: a throwaway database with the migrations, the real app on `port`
 * (0 = any free port), its outbox relay, users consumer and sync worker on the test Redis.
 */
import { startDefinedServiceForTest, type TestDatabase } from '@rainmakers/kit/testing';
import { service as billing } from './service';
import type { Schema } from './store/schema';

export const MIGRATIONS_DIR = billing.migrations;

export interface StartBillingOptions {
  port?: number;
  redisPrefix?: string;
  /** The Stripe API (the stand-in's url). */
  stripeApiUrl: string;
  webhookSecret: string;
  /** Where resources listens (GET /internal/resources/{id}/offer). */
  resourcesAddr?: string;
  env?: Record<string, string>;
}

export interface RunningBilling {
  url: string;
  database: TestDatabase<Schema>;
  redisPrefix: string;
  flushEvents(): Promise<number>;
  stop(): Promise<void>;
}

export async function startForTest(options: StartBillingOptions): Promise<RunningBilling> {
  const service = await startDefinedServiceForTest(billing, {
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_API_URL: options.stripeApiUrl,
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      RESOURCES_SERVICE_ADDR: options.resourcesAddr ?? 'http://127.0.0.1:9',
      RUN_WORKERS_IN_PROCESS: 'true',
      ...options.env,
    },
  });
  return {
    url: service.url,
    database: service.database,
    redisPrefix: service.redisPrefix,
    flushEvents: () => service.built.relay.flush(),
    stop: service.stop,
  };
}

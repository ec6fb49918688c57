import { PEERS } from '@rainmakers/contracts';
import { ConfigError, loadConfig, peerAddresses } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('billing'),
  /**
   * Stripe's secret key (sk_test_... for test mode). `npm start` and the tests give the stand-in's key and
   * STRIPE_API_URL; production gives Stripe's.
   */
  STRIPE_SECRET_KEY: z.string().min(1).default('sk_test_stand_in'),
  /** Where the Stripe API is, when not api.stripe.com (the local stand-in: http://127.0.0.1:4191). */
  STRIPE_API_URL: z.string().url().optional(),
  /** The webhook endpoint's signing secret (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default('whsec_development_only'),
  /** Publishable key and Stripe.js address the web loads for the card element. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).default('pk_test_stand_in'),
  STRIPE_JS_URL: z.string().url().default('https://js.stripe.com/v3'),
  /** Currency of resource purchases. */
  STRIPE_CURRENCY: z.string().length(3).default('usd'),
  /** How often the outbox relay looks for unpublished events when nobody nudges it. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(250),
  EVENT_RECLAIM_IDLE_MS: z.coerce.number().int().min(1).default(30_000),
  /** Run the stripe-sync worker inside the HTTP process (default: only in development; `npm start` sets it). */
  RUN_WORKERS_IN_PROCESS: z.enum(['true', 'false']).optional(),
  /** The worker process's /healthz and /readyz (worker.ts); none when left out. */
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
};

export type Config = ReturnType<typeof loadServiceConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) => {
  const config = loadConfig(configShape, env);
  // resources is asked for the offer (price, title) of a resource being bought.
  const peers = peerAddresses(PEERS.billing, config.NODE_ENV, env);
  if (config.NODE_ENV === 'production') {
    const missing = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'].filter(
      (name) => !env[name],
    );
    if (missing.length > 0)
      throw new ConfigError(`Invalid configuration: ${missing.join(', ')} required in production`);
  }
  return {
    ...config,
    RESOURCES_SERVICE_ADDR: peers.resources,
    RUN_WORKERS_IN_PROCESS: config.RUN_WORKERS_IN_PROCESS
      ? config.RUN_WORKERS_IN_PROCESS === 'true'
      : config.NODE_ENV === 'development',
  };
};

/** The worker process (worker.ts) serves no HTTP: it needs no PORT. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig({ PORT: '0', ...env, SERVICE_NAME: 'billing-worker' });
}

import type { EventNudger, Logger, ReadinessCheck, SecretKeys } from '@rainmakers/kit';
import type { ResourcesClient } from './clients/resources';
import type { SyncQueue } from './jobs';
import type { BillingDb } from './store/db';
import type { Stripe } from './stripe';

export interface BillingDeps {
  db: BillingDb;
  events: EventNudger | null;
  stripe: Stripe;
  logger: Logger;
}

export interface PurchaseDeps extends BillingDeps {
  resources: ResourcesClient;
  currency: string;
}

/** What /api/stripe's signed-in routes are given. */
export interface StripeRouteDeps extends PurchaseDeps {
  sync: SyncQueue;
  publicUrl: string;
  /** Every configured public address, PUBLIC_URL first (kit publicAddresses): links follow the caller's. */
  publicUrls: string[];
  publishableKey: string;
  jsUrl: string;
}

/** What the app is built with (service.ts builds it). */
export interface AppDeps extends StripeRouteDeps {
  logger: Logger;
  internalTokenKeys: SecretKeys;
  readiness: ReadinessCheck[];
  webhookSecret: string;
}

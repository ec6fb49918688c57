import type { EventNudger, Logger } from '@rainmakers/kit';
import type { ResourcesClient } from '../clients/resources';
import type { BillingDb } from '../store/db';
import type { Stripe } from '../stripe';

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

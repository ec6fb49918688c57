/**
 * Events of the billing service.
 * Publishes (outbox, in the transaction that records the Stripe event id):
 *  - billing.subscription-changed {userId, stripeCustomerId, subscriptionId, status}: a customer's subscription
 *    status as Stripe holds it now (webhooks and the stripe-sync job). users stores it on the person.
 *  - billing.purchase-completed: a resource purchase succeeded (once per payment intent).
 * Consumes (consumer group 'billing', idempotency in processed_events):
 *  - users.user-changed: which person a Stripe customer id belongs to (the portal's own-customer rule, the userId
 *    of subscription-changed).
 *  - users.user-deleted: forgets the person's customer link.
 */
import { EventConsumer, type Logger, type Redis } from '@rainmakers/kit';
import { linkCustomer, unlinkUser } from './store/billing';
import type { BillingDb } from './store/db';
import type { Schema } from './store/schema';

export const CONSUMER_GROUP = 'billing';

export function createEventConsumer(options: {
  db: BillingDb;
  redis: Redis;
  prefix: string;
  logger: Logger;
  reclaimIdleMs?: number;
}): EventConsumer<Schema> {
  return new EventConsumer<Schema>({
    db: options.db,
    redis: options.redis,
    prefix: options.prefix,
    logger: options.logger,
    group: CONSUMER_GROUP,
    ...(options.reclaimIdleMs !== undefined ? { reclaimIdleMs: options.reclaimIdleMs } : {}),
    handlers: {
      'users.user-changed': async (data, { trx }) => {
        await linkCustomer(trx, data.id, data.stripeCustomerId);
      },
      'users.user-deleted': async (data, { trx }) => {
        await unlinkUser(trx, data.id);
      },
    },
  });
}

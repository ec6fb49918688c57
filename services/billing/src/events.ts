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
import { type ConsumerWiring, createConsumer, type EventConsumer } from '@rainmakers/kit';
import { linkCustomer, unlinkUser } from './store/billing';
import type { Schema } from './store/schema';

export const CONSUMER_GROUP = 'billing';

export function createEventConsumer(options: ConsumerWiring<Schema>): EventConsumer<Schema> {
  return createConsumer(options, CONSUMER_GROUP, {
    'users.user-changed': async (data, { trx }) => {
      await linkCustomer(trx, data.id, data.stripeCustomerId);
    },
    'users.user-deleted': async (data, { trx }) => {
      await unlinkUser(trx, data.id);
    },
  });
}

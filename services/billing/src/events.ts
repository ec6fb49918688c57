/**
 * Events of the billing service.
 * Publishes (outbox, in the transaction that records the Stripe event id):
 *  - billing.subscription-changed {userId, stripeCustomerId, subscriptionId, status}: a customer's subscription
 *    status as Stripe holds it now (webhooks and the stripe-sync job). users stores it on the person.
 *  - billing.purchase-completed: a resource purchase succeeded (once per payment intent).
 * Consumes (consumer group 'billing', idempotency in processed_events):
 *  - users.user-changed: which person a Stripe customer id belongs to (the portal's own-customer rule, the userId
 *    of subscription-changed).
 *  - users.user-deleted: ends her membership at Stripe (deletes her customers there, which cancels their
 *    subscriptions at once) and forgets the person's customer link.
 */
import { type ConsumerWiring, createConsumer, type EventConsumer } from '@rainmakers/kit';
import Stripe from 'stripe';
import { customerIdsOf, linkCustomer, unlinkUser } from './store/billing';
import type { Schema } from './store/schema';

export const CONSUMER_GROUP = 'billing';

/**
 * Deletes a customer at Stripe; one already gone counts as done (a redelivered event). Any other failure throws, so
 * the event is handled again later and nobody is charged after her account has closed.
 */
async function deleteStripeCustomer(stripe: Pick<Stripe, 'customers'>, customerId: string): Promise<void> {
  try {
    await stripe.customers.del(customerId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return;
    throw error;
  }
}

export function createEventConsumer(
  options: ConsumerWiring<Schema>,
  stripe: Pick<Stripe, 'customers'>,
): EventConsumer<Schema> {
  return createConsumer(options, CONSUMER_GROUP, {
    'users.user-changed': async (data, { trx }) => {
      await linkCustomer(trx, data.id, data.stripeCustomerId);
    },
    // A closed account pays nothing more; Stripe keeps the invoices payment law needs (docs/decisions.md, "Closing
    // one's own account": what is kept).
    'users.user-deleted': async (data, { trx }) => {
      for (const customerId of await customerIdsOf(trx, data.id)) await deleteStripeCustomer(stripe, customerId);
      await unlinkUser(trx, data.id);
    },
  });
}

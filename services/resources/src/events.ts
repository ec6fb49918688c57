/**
 * Events of the resources service.
 * Publishes: nothing.
 * Consumes (consumer group 'resources', idempotency in PostgreSQL's processed_events):
 *  - billing.purchase-completed {paymentIntentId, userId, resourceId, ...}: records the purchase, once per payment
 *    intent (a redelivered event is skipped by its id, a second event for the same intent by the table's key);
 *    the buyer then opens the resource and finds it under My Purchases.
 *  - users.tag-renamed {id, name}: renames the tag's snapshots on resources.
 *  - users.user-deleted {id}: that person's purchase records go (billing keeps the payment records).
 */
import { type ConsumerWiring, createConsumer, type EventConsumer } from '@rainmakers/kit';
import { deletePurchasesOf, recordPurchase } from './store/purchases';
import { renameTagSnapshots } from './store/resources';
import type { ResourcesDatabase } from './store/schema';

export const CONSUMER_GROUP = 'resources';

export function createEventConsumer(options: ConsumerWiring<ResourcesDatabase>): EventConsumer<ResourcesDatabase> {
  return createConsumer(options, CONSUMER_GROUP, {
    'billing.purchase-completed': async (data, { trx }) => {
      const recorded = await recordPurchase(trx, data);
      options.logger.info(
        { paymentIntentId: data.paymentIntentId, userId: data.userId, resourceId: data.resourceId, recorded },
        recorded ? 'purchase recorded' : 'purchase already recorded',
      );
    },
    'users.tag-renamed': async (data, { trx }) => {
      await renameTagSnapshots(trx, data.id, data.name);
    },
    'users.user-deleted': async ({ id }, { trx }) => {
      const purchases = await deletePurchasesOf(trx, id);
      options.logger.info({ userId: id, purchases }, 'purchase records of a deleted person removed');
    },
  });
}

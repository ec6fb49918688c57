/**
 * Events of the resources service.
 * Publishes: nothing.
 * Consumes (consumer group 'resources', idempotency in PostgreSQL's processed_events):
 *  - billing.purchase-completed {paymentIntentId, userId, resourceId, ...}: records the purchase, once per payment
 *    intent (a redelivered event is skipped by its id, a second event for the same intent by the table's key);
 *    the buyer then opens the resource and finds it under My Purchases.
 *  - users.tag-renamed {id, name}: renames the tag's snapshots on resources.
 */
import { type ConsumerWiring, createConsumer, type EventConsumer } from '@rainmakers/kit';
import { recordPurchase } from './store/purchases';
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
  });
}

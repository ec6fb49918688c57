/**
 * Events of the tools service.
 * Publishes: nothing.
 * Consumes (consumer group 'tools', idempotent through processed_events):
 *  - users.user-deleted {id}: that person's products, qualifier results and AI conversations go.
 */
import { type ConsumerWiring, createConsumer, type EventConsumer } from '@rainmakers/kit';
import { deleteConversationsOf } from './store/ai';
import { deleteProductsOf } from './store/products';
import { deleteQualifierResultsOf } from './store/qualifier';
import type { ToolsDatabase } from './store/schema';

export const CONSUMER_GROUP = 'tools';

export function createEventConsumer(options: ConsumerWiring<ToolsDatabase>): EventConsumer<ToolsDatabase> {
  return createConsumer(options, CONSUMER_GROUP, {
    'users.user-deleted': async ({ id }, { trx }) => {
      const products = await deleteProductsOf(trx, id);
      const qualifierResults = await deleteQualifierResultsOf(trx, id);
      const conversations = await deleteConversationsOf(trx, id);
      options.logger.info(
        { userId: id, products, qualifierResults, conversations },
        'tools data of a deleted person removed',
      );
    },
  });
}

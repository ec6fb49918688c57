/**
 * Events of the tools service.
 * Publishes: nothing.
 * Consumes (consumer group 'tools', idempotent through processed_events):
 *  - users.user-deleted {id}: that person's products, qualifier results and AI conversations go.
 */
import { EventConsumer, type Logger, type Redis } from '@rainmakers/kit';
import { deleteConversationsOf } from './store/ai';
import type { ToolsDb } from './store/db';
import { deleteProductsOf } from './store/products';
import { deleteQualifierResultsOf } from './store/qualifier';
import type { ToolsDatabase } from './store/schema';

export const CONSUMER_GROUP = 'tools';

export function createEventConsumer(options: {
  db: ToolsDb;
  redis: Redis;
  prefix: string;
  logger: Logger;
  reclaimIdleMs?: number;
}): EventConsumer<ToolsDatabase> {
  return new EventConsumer<ToolsDatabase>({
    db: options.db,
    redis: options.redis,
    prefix: options.prefix,
    logger: options.logger,
    group: CONSUMER_GROUP,
    ...(options.reclaimIdleMs !== undefined ? { reclaimIdleMs: options.reclaimIdleMs } : {}),
    handlers: {
      'users.user-deleted': async ({ id }, { trx }) => {
        const products = await deleteProductsOf(trx, id);
        const qualifierResults = await deleteQualifierResultsOf(trx, id);
        const conversations = await deleteConversationsOf(trx, id);
        options.logger.info(
          { userId: id, products, qualifierResults, conversations },
          'tools data of a deleted person removed',
        );
      },
    },
  });
}

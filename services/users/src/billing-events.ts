/**
 * What users takes from billing (consumer group 'users', idempotency in processed_events, in the transaction of
 * the change, so a users process killed mid-way loses nothing: the event stays pending and is delivered again):
 *  - billing.subscription-changed: the person's stripeStatus and stripeCustomerId (found by userId, else by the
 *    customer id); publishes users.user-changed, which makes the gateway block or unblock them.
 *  - billing.purchase-completed: the resource joins the person's Resources (user_resources); users.user-changed.
 * A person whose fields already hold the values is left alone (no version bump, no event).
 */
import { EventConsumer, type EventNudger, type Logger, publishEvent, type Redis } from '@rainmakers/kit';
import { publishUserChanged } from './events';
import type { Schema } from './store/schema';
import { lockForChange, type UsersDb } from './store/users';

export const BILLING_CONSUMER_GROUP = 'users';

export function createBillingConsumer(options: {
  db: UsersDb;
  redis: Redis;
  prefix: string;
  logger: Logger;
  relay: EventNudger;
  reclaimIdleMs?: number;
}): EventConsumer<Schema> {
  return new EventConsumer<Schema>({
    db: options.db,
    redis: options.redis,
    prefix: options.prefix,
    logger: options.logger,
    group: BILLING_CONSUMER_GROUP,
    ...(options.reclaimIdleMs !== undefined ? { reclaimIdleMs: options.reclaimIdleMs } : {}),
    handlers: {
      'billing.subscription-changed': async (data, { trx, afterCommit }) => {
        let query = trx.selectFrom('users').select(['id', 'stripe_status', 'stripe_customer_id']);
        query =
          data.userId !== null
            ? query.where('id', '=', data.userId)
            : query.where('stripe_customer_id', '=', data.stripeCustomerId);
        const people = await query.execute();
        const changed = people.filter(
          (p) => p.stripe_status !== data.status || p.stripe_customer_id !== data.stripeCustomerId,
        );
        if (changed.length === 0) return;
        const ids = await lockForChange(
          trx,
          changed.map((p) => p.id),
        );
        await trx
          .updateTable('users')
          .set({ stripe_status: data.status, stripe_customer_id: data.stripeCustomerId })
          .where('id', 'in', ids)
          .execute();
        for (const id of ids) await publishUserChanged(trx, (type, d) => publishEvent(trx, type, d), id);
        afterCommit(() => options.relay.nudge());
        options.logger.info({ userIds: ids, status: data.status }, 'subscription status updated');
      },
      'billing.purchase-completed': async (data, { trx, afterCommit }) => {
        const exists = await trx.selectFrom('users').select('id').where('id', '=', data.userId).executeTakeFirst();
        if (!exists) return;
        const added = await trx
          .insertInto('user_resources')
          .values({ user_id: data.userId, resource_id: data.resourceId, title: data.resourceTitle })
          .onConflict((oc) => oc.columns(['user_id', 'resource_id']).doNothing())
          .returning('resource_id')
          .executeTakeFirst();
        if (!added) return;
        await lockForChange(trx, [data.userId]);
        await publishUserChanged(trx, (type, d) => publishEvent(trx, type, d), data.userId);
        afterCommit(() => options.relay.nudge());
      },
    },
  });
}

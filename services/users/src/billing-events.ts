/**
 * What users takes from billing (consumer group 'users', idempotency in processed_events, in the transaction of
 * the change, so a users process killed mid-way loses nothing: the event stays pending and is delivered again):
 *  - billing.subscription-changed: the person's stripeStatus and stripeCustomerId (found by userId, else by the
 *    customer id); publishes users.user-changed, which makes the gateway block or unblock them.
 *  - billing.purchase-completed: the resource joins the person's Resources (user_resources); users.user-changed.
 * A person whose fields already hold the values is left alone (no version bump, no event).
 * The same group also takes auth.signed-in (issue 20): the person's lastSignInAt moves forward (never back); not
 * part of the access profile, so no version bump and no event.
 */
import {
  type ConsumerWiring,
  createConsumer,
  type EventConsumer,
  type EventNudger,
  publishEvent,
} from '@rainmakers/kit';
import { publishUserChanged } from './events';
import { addUserResource, peopleToUpdateForSubscription, setSubscription } from './store/billing-facts';
import { recordSignIn } from './store/invitations';
import type { Schema } from './store/schema';
import { lockForChange } from './store/users';

export const BILLING_CONSUMER_GROUP = 'users';

export function createBillingConsumer(options: ConsumerWiring<Schema> & { relay: EventNudger }): EventConsumer<Schema> {
  return createConsumer(options, BILLING_CONSUMER_GROUP, {
    'billing.subscription-changed': async (data, { trx, afterCommit }) => {
      const changed = await peopleToUpdateForSubscription(trx, data);
      if (changed.length === 0) return;
      const ids = await lockForChange(trx, changed);
      await setSubscription(trx, ids, data);
      for (const id of ids) await publishUserChanged(trx, (type, d) => publishEvent(trx, type, d), id);
      afterCommit(() => options.relay.nudge());
      options.logger.info({ userIds: ids, status: data.status }, 'subscription status updated');
    },
    'auth.signed-in': async (data, { trx }) => {
      await recordSignIn(trx, data.userId, new Date(data.at));
    },
    'billing.purchase-completed': async (data, { trx, afterCommit }) => {
      if (!(await addUserResource(trx, data))) return;
      await lockForChange(trx, [data.userId]);
      await publishUserChanged(trx, (type, d) => publishEvent(trx, type, d), data.userId);
      afterCommit(() => options.relay.nudge());
    },
  });
}

/**
 * What users takes from billing (consumer group 'users', idempotency in processed_events, in the transaction of
 * the change, so a users process killed mid-way loses nothing: the event stays pending and is delivered again):
 *  - billing.subscription-changed: the person's stripeStatus and stripeCustomerId (found by userId, else by the
 *    customer id); publishes users.user-changed, which makes the gateway block or unblock them.
 *  - billing.purchase-completed: the resource joins the person's Resources (user_resources); users.user-changed;
 *    and her receipt e-mail, queued once per payment intent (job id receipt-<intent>; the event itself
 *    is applied once through processed_events and addUserResource).
 * A person whose fields already hold the values is left alone (no version bump, no event).
 * The same group also takes auth.signed-in: the person's lastSignInAt moves forward (never back); not
 * part of the access profile, so no version bump and no event.
 */
import {
  type ConsumerWiring,
  createConsumer,
  type EventConsumer,
  type EventNudger,
  type MailSender,
  publicUrlFor,
  publishEvent,
} from '@rainmakers/kit';
import { receiptJobId, receiptMail } from './domain/receipt';
import { publishUserChanged } from './events';
import { addUserResource, peopleToUpdateForSubscription, setSubscription } from './store/billing-facts';
import { recordSignIn } from './store/invitations';
import type { Schema } from './store/schema';
import { findUserById, lockForChange } from './store/users';

export const BILLING_CONSUMER_GROUP = 'users';

export interface ReceiptOptions {
  mail: MailSender;
  /** PUBLIC_URL first, then PUBLIC_URLS: the receipt's link uses the purchase's address when it is one of them. */
  publicUrls: string[];
}

export function createBillingConsumer(
  options: ConsumerWiring<Schema> & { relay: EventNudger; receipts?: ReceiptOptions },
): EventConsumer<Schema> {
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
      const receipts = options.receipts;
      const person = receipts ? await findUserById(trx, data.userId) : null;
      if (receipts && person) {
        const base = publicUrlFor(data.publicUrl, receipts.publicUrls);
        await receipts.mail.send(receiptMail(data, person, base), receiptJobId(data.paymentIntentId));
      }
      await publishUserChanged(trx, (type, d) => publishEvent(trx, type, d), data.userId);
      afterCommit(() => options.relay.nudge());
    },
  });
}

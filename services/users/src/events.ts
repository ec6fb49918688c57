/**
 * Events of the users service.
 * Publishes (written to the outbox in the transaction of the change with the kit's withEvents, relayed to
 * Redis Streams):
 *  - users.user-changed: after every change to a person (create, profile, role, tags, a tag renamed or deleted);
 *    carries the whole access profile and a version that grows with every change.
 *  - users.user-deleted: after a person is deleted.
 *  - users.tag-renamed {id, name}: after a tag is renamed (courses keeps snapshots of tag names).
 * Consumes: below, in two consumers of group 'users' (what billing tells, and the staff actions and sync runs), and
 * the analytics consumer of group 'users-analytics'.
 */
import { stripeSyncJobId } from '@rainmakers/contracts';
import {
  type ConsumerWiring,
  createConsumer,
  type EventConsumer,
  type EventNudger,
  type MailSender,
  type Publish,
  publishEvent,
} from '@rainmakers/kit';
import { applyActivity, applyNewMember, applySubscriptionChange } from './commands/analytics';
import { receiptJobId, receiptMail } from './domain/receipt';
import { userChangedData } from './presenters';
import { appendAudit } from './store/audit';
import { addUserResource, peopleToUpdateForSubscription, setSubscription } from './store/billing-facts';
import { recordSignIn } from './store/invitations';
import { recordJobEnd, recordJobProgress, recordJobStart } from './store/job-history';
import type { Schema } from './store/schema';
import { findUserById, lockForChange, type UserRecord, type UsersDb } from './store/users';

/** Publishes the person as they are now in `trx`; call after lockForChange and the change itself. */
export async function publishUserChanged(trx: UsersDb, publish: Publish, userId: number): Promise<UserRecord> {
  const user = await findUserById(trx, userId);
  if (!user) throw new Error(`user ${userId} vanished inside its own transaction`);
  await publish('users.user-changed', userChangedData(user));
  return user;
}

export async function publishUserDeleted(publish: Publish, userId: number): Promise<void> {
  await publish('users.user-deleted', { id: userId });
}

/** Tells the outbox relay that committed events are waiting. */
export type { EventNudger as EventNotifier } from '@rainmakers/kit';

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
export const BILLING_CONSUMER_GROUP = 'users';

export interface ReceiptOptions {
  mail: MailSender;
  /** The one address e-mailed links use (kit mailPublicUrl), whatever address the purchase was made from. */
  publicUrl: string;
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
        await receipts.mail.send(receiptMail(data, person, receipts.publicUrl), receiptJobId(data.paymentIntentId));
      }
      await publishUserChanged(trx, (type, d) => publishEvent(trx, type, d), data.userId);
      afterCommit(() => options.relay.nudge());
    },
  });
}

/**
 * What users takes from the other services for its audit log and job history (consumer group `users`,
 * idempotency in processed_events, written in the transaction that marks the event processed):
 *  - audit.recorded: a staff action in courses, resources or board (a course edited, a resource deleted, a banner
 *    changed, a list or card deleted on someone else's board), appended to audit_log with the names the publisher
 *    captured when it happened. Append-only, as every entry.
 *  - billing.sync-recorded: a Stripe sync queued, started, progressing or finished: its row in the job table (`jobs`).
 */
export const STAFF_CONSUMER_GROUP = 'users';

/** The service an action comes from, by its prefix ("course.update" -> courses). */
const SERVICE_OF: Record<string, string> = {
  course: 'courses',
  module: 'courses',
  lesson: 'courses',
  resource: 'resources',
  category: 'resources',
  banner: 'resources',
  'site-content': 'resources',
  board: 'board',
};

export function createStaffConsumer(options: ConsumerWiring<Schema>): EventConsumer<Schema> {
  return createConsumer(options, STAFF_CONSUMER_GROUP, {
    'audit.recorded': async (data, { trx }) => {
      await appendAudit(trx, { actorId: data.actorId, impersonatorId: data.impersonatorId ?? null }, [
        {
          action: data.action,
          subjectType: data.subjectType,
          subjectId: data.subjectId,
          subjectName: data.subjectName,
          ...(data.actorName ? { actorName: data.actorName } : {}),
          service: SERVICE_OF[data.action.split('.')[0] ?? ''] ?? 'other',
          before: data.changes.before,
          after: data.changes.after,
        },
      ]);
    },
    'billing.sync-recorded': async (data, { trx }) => {
      const id = stripeSyncJobId(data.jobId);
      await recordJobStart(trx, {
        id,
        state: data.state === 'queued' ? 'queued' : 'running',
        kind: 'stripe-sync',
        queueJobId: data.jobId,
        actorId: data.actorId,
        counts: data.counts,
        createdAt: new Date(data.startedAt),
      });
      // billing reports a running sync's figures as it goes (after every page).
      if (data.state === 'running') await recordJobProgress(trx, id, data.counts);
      if (data.state === 'completed' || data.state === 'failed') {
        await recordJobEnd(trx, id, {
          state: data.state,
          counts: data.counts,
          failedReason: data.failedReason,
          finishedAt: data.finishedAt ? new Date(data.finishedAt) : new Date(),
        });
      }
    },
  });
}

/**
 * The analytics reporting store (consumer group 'users-analytics', its own, so it starts from the oldest event the
 * streams still hold and replays them once; idempotency in processed_events, in the transaction of the change):
 *  - users.user-changed: a person seen for the first time is a new member at her createdAt;
 *  - billing.subscription-changed: MRR's change and, when a live subscription ended, a churn;
 *  - billing.payment-failed: a failed payment; auth.signed-in, courses.lesson-completed (also a completion),
 *    board.card-moved (also a board move; the mover is the active one), billing.purchase-completed: the person
 *    active that day.
 */
export const ANALYTICS_CONSUMER_GROUP = 'users-analytics';

export function createAnalyticsConsumer(options: ConsumerWiring<Schema>): EventConsumer<Schema> {
  const at = (iso: string) => new Date(iso);
  return createConsumer(options, ANALYTICS_CONSUMER_GROUP, {
    'users.user-changed': async (data, { trx }) => {
      await applyNewMember(trx, data.id, at(data.createdAt));
    },
    'billing.subscription-changed': async (data, { trx, event }) => {
      await applySubscriptionChange(trx, data, at(event.occurredAt));
    },
    'billing.payment-failed': async (data, { trx }) => {
      await applyActivity(trx, null, at(data.at), 'failed-payment');
    },
    'auth.signed-in': async (data, { trx }) => {
      await applyActivity(trx, data.userId, at(data.at));
    },
    'courses.lesson-completed': async (data, { trx, event }) => {
      await applyActivity(trx, data.userId, at(event.occurredAt), 'completion');
    },
    'board.card-moved': async (data, { trx }) => {
      await applyActivity(trx, data.actorId, at(data.at), 'board-move');
    },
    'billing.purchase-completed': async (data, { trx }) => {
      await applyActivity(trx, data.userId, at(data.purchasedAt));
    },
  });
}

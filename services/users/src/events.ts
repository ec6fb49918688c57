/**
 * Events of the users service.
 * Publishes (written to the outbox in the transaction of the change with the kit's withEvents, relayed to
 * Redis Streams):
 *  - users.user-changed: after every change to a person (create, profile, role, tags, a tag renamed or deleted);
 *    carries the whole access profile and a version that grows with every change.
 *  - users.user-deleted: after a person is deleted.
 *  - users.tag-renamed {id, name}: after a tag is renamed (courses keeps snapshots of tag names).
 * Consumes: billing.subscription-changed and billing.purchase-completed (billing-events.ts).
 */
import type { Publish } from '@rainmakers/kit';
import { userChangedData } from './presenters';
import { findUserById, type UserRecord, type UsersDb } from './store/users';

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

/** What users stores of billing's events: a person's subscription status and customer id, and bought resources. */
import type { UsersDb } from './users';

/** The people a subscription change is about (by userId, else by the customer id) whose fields differ from it. */
export async function peopleToUpdateForSubscription(
  db: UsersDb,
  change: { userId: number | null; stripeCustomerId: string; status: string | null },
): Promise<number[]> {
  let query = db.selectFrom('users').select(['id', 'stripe_status', 'stripe_customer_id']);
  query =
    change.userId !== null
      ? query.where('id', '=', change.userId)
      : query.where('stripe_customer_id', '=', change.stripeCustomerId);
  const people = await query.execute();
  return people
    .filter((p) => p.stripe_status !== change.status || p.stripe_customer_id !== change.stripeCustomerId)
    .map((p) => p.id);
}

export async function setSubscription(
  db: UsersDb,
  ids: number[],
  change: { stripeCustomerId: string; status: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ stripe_status: change.status, stripe_customer_id: change.stripeCustomerId })
    .where('id', 'in', ids)
    .execute();
}

/** Adds a bought resource to the person's Resources; false when the person is gone or already has it. */
export async function addUserResource(
  db: UsersDb,
  purchase: { userId: number; resourceId: number; resourceTitle: string },
): Promise<boolean> {
  const exists = await db.selectFrom('users').select('id').where('id', '=', purchase.userId).executeTakeFirst();
  if (!exists) return false;
  const added = await db
    .insertInto('user_resources')
    .values({ user_id: purchase.userId, resource_id: purchase.resourceId, title: purchase.resourceTitle })
    .onConflict((oc) => oc.columns(['user_id', 'resource_id']).doNothing())
    .returning('resource_id')
    .executeTakeFirst();
  return added !== undefined;
}

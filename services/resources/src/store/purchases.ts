/** Purchases of resources, one row per Stripe payment intent (from billing.purchase-completed). */
import type { EventData } from '@rainmakers/contracts';
import type { ResourcesDb } from './db';

/** Records a purchase; false when this payment intent was already recorded (a replayed or duplicated event). */
export async function recordPurchase(db: ResourcesDb, data: EventData<'billing.purchase-completed'>): Promise<boolean> {
  const result = await db
    .insertInto('resource_purchases')
    .values({
      payment_intent_id: data.paymentIntentId,
      user_id: data.userId,
      resource_id: data.resourceId,
      resource_title: data.resourceTitle,
      amount_cents: data.amountCents,
      currency: data.currency,
      purchased_at: data.purchasedAt,
    })
    .onConflict((oc) => oc.column('payment_intent_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Which of `resourceIds` the person bought. */
export async function purchasedAmong(
  db: ResourcesDb,
  userId: number,
  resourceIds: readonly number[],
): Promise<Set<number>> {
  if (resourceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('resource_purchases')
    .select('resource_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('resource_id', 'in', [...resourceIds])
    .execute();
  return new Set(rows.map((r) => r.resource_id));
}

/** Her purchases as resources recorded them, oldest first (her own export). */
export async function purchasesOf(db: ResourcesDb, userId: number) {
  return db
    .selectFrom('resource_purchases')
    .select(['resource_id', 'resource_title', 'amount_cents', 'currency', 'purchased_at'])
    .where('user_id', '=', userId)
    .orderBy('purchased_at')
    .execute();
}

/**
 * A deleted person's purchase records go: they only open resources for her. The payment records the law asks to
 * keep are billing's (docs/decisions.md "Closing one's own account").
 */
export async function deletePurchasesOf(db: ResourcesDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('resource_purchases').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

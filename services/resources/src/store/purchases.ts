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

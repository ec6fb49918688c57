/** SQL of the billing service: processed webhook events, customers, purchases. */
import { sql } from '@rainmakers/kit';
import type { BillingDb } from './db';

/** Records a webhook event id; false when it had been processed already (the caller then does nothing). */
export async function recordStripeEvent(db: BillingDb, id: string, type: string): Promise<boolean> {
  const row = await db
    .insertInto('stripe_events')
    .values({ id, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function stripeEventSeen(db: BillingDb, id: string): Promise<boolean> {
  const row = await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst();
  return !!row;
}

export async function pruneStripeEvents(db: BillingDb, olderThanDays: number): Promise<void> {
  await db
    .deleteFrom('stripe_events')
    .where('processed_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
    .execute();
}

export interface CustomerRow {
  customerId: string;
  userId: number | null;
  subscriptionId: string | null;
  status: string | null;
  statusKnown: boolean;
  /** When the status was last published (null: never). */
  statusAt: Date | null;
}

export async function findCustomer(db: BillingDb, customerId: string): Promise<CustomerRow | null> {
  const row = await db.selectFrom('customers').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  return row
    ? {
        customerId: row.customer_id,
        userId: row.user_id,
        subscriptionId: row.subscription_id,
        status: row.status,
        statusKnown: row.status_known,
        statusAt: row.status_at,
      }
    : null;
}

/** The Stripe customer ids tied to a person. */
export async function customerIdsOf(db: BillingDb, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('customers').select('customer_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.customer_id);
}

/** Ties a customer id to a person (users.user-changed); a customer id that moved to someone else follows. */
export async function linkCustomer(db: BillingDb, userId: number, customerId: string | null): Promise<void> {
  let unlink = db.updateTable('customers').set({ user_id: null, updated_at: new Date() }).where('user_id', '=', userId);
  if (customerId) unlink = unlink.where('customer_id', '<>', customerId);
  await unlink.execute();
  if (!customerId) return;
  await db
    .insertInto('customers')
    .values({ customer_id: customerId, user_id: userId })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ user_id: userId, updated_at: new Date() }))
    .execute();
}

export async function unlinkUser(db: BillingDb, userId: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ user_id: null, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

/** Stores the status last published for a customer; returns the row before (null when new). */
export async function saveCustomerStatus(
  db: BillingDb,
  customerId: string,
  userId: number | null,
  subscriptionId: string | null,
  status: string | null,
): Promise<CustomerRow | null> {
  const before = await db
    .selectFrom('customers')
    .selectAll()
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  await db
    .insertInto('customers')
    .values({
      customer_id: customerId,
      user_id: userId,
      subscription_id: subscriptionId,
      status,
      status_known: true,
      status_at: new Date(),
    })
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet({
        // A person tied by users keeps their link; the Stripe metadata only fills a missing one.
        user_id: (eb) => eb.fn.coalesce('customers.user_id', eb.val(userId)),
        subscription_id: subscriptionId,
        status,
        status_known: true,
        status_at: new Date(),
        updated_at: new Date(),
      }),
    )
    .execute();
  return before
    ? {
        customerId: before.customer_id,
        userId: before.user_id,
        subscriptionId: before.subscription_id,
        status: before.status,
        statusKnown: before.status_known,
        statusAt: before.status_at,
      }
    : null;
}

export interface PurchaseRow {
  paymentIntentId: string;
  userId: number;
  resourceId: number;
  resourceTitle: string;
  amountCents: number;
  currency: string;
  status: string;
}

const toPurchase = (row: {
  payment_intent_id: string;
  user_id: number;
  resource_id: number;
  resource_title: string;
  amount_cents: number;
  currency: string;
  status: string;
}): PurchaseRow => ({
  paymentIntentId: row.payment_intent_id,
  userId: row.user_id,
  resourceId: row.resource_id,
  resourceTitle: row.resource_title,
  amountCents: row.amount_cents,
  currency: row.currency,
  status: row.status,
});

export async function findPurchase(db: BillingDb, paymentIntentId: string): Promise<PurchaseRow | null> {
  const row = await db
    .selectFrom('purchases')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
  return row ? toPurchase(row) : null;
}

export async function ownsResource(db: BillingDb, userId: number, resourceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('purchases')
    .select('payment_intent_id')
    .where('user_id', '=', userId)
    .where('resource_id', '=', resourceId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  return !!row;
}

/** Keeps the latest status of a payment intent (inserted the first time it is seen). */
export async function savePurchase(db: BillingDb, purchase: PurchaseRow): Promise<void> {
  await db
    .insertInto('purchases')
    .values({
      payment_intent_id: purchase.paymentIntentId,
      user_id: purchase.userId,
      resource_id: purchase.resourceId,
      resource_title: purchase.resourceTitle,
      amount_cents: purchase.amountCents,
      currency: purchase.currency,
      status: purchase.status,
    })
    .onConflict((oc) =>
      oc
        .column('payment_intent_id')
        .doUpdateSet({ status: purchase.status })
        .where('purchases.status', '<>', 'succeeded'),
    )
    .execute();
}

/**
 * Marks a purchase succeeded; true only for the call that made the change (the purchase event is published once,
 * whether the webhook or the browser's check arrives first).
 */
export async function completePurchase(db: BillingDb, purchase: PurchaseRow): Promise<boolean> {
  await db
    .insertInto('purchases')
    .values({
      payment_intent_id: purchase.paymentIntentId,
      user_id: purchase.userId,
      resource_id: purchase.resourceId,
      resource_title: purchase.resourceTitle,
      amount_cents: purchase.amountCents,
      currency: purchase.currency,
      status: 'pending',
    })
    .onConflict((oc) => oc.column('payment_intent_id').doNothing())
    .execute();
  const row = await db
    .updateTable('purchases')
    .set({ status: 'succeeded', completed_at: new Date() })
    .where('payment_intent_id', '=', purchase.paymentIntentId)
    .where('status', '<>', 'succeeded')
    .returning('payment_intent_id')
    .executeTakeFirst();
  return !!row;
}

/** The Stripe customer tied to a person, if any (the most recently updated when several). */
export async function findCustomerOfUser(db: BillingDb, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return row?.customer_id ?? null;
}

/** A person's purchases for the member page, newest first, at most `limit` (any status: staff see failed tries too). */
export async function purchasesOfUser(db: BillingDb, userId: number, limit: number) {
  const rows = await db
    .selectFrom('purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('payment_intent_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toPurchase(row), createdAt: row.created_at, completedAt: row.completed_at }));
}

/** A person's paid purchases, newest first (served by purchases_user_created), at most `limit`. */
export async function paidPurchasesOfUser(db: BillingDb, userId: number, limit: number) {
  const rows = await db
    .selectFrom('purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'succeeded')
    .orderBy('created_at', 'desc')
    .orderBy('payment_intent_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toPurchase(row), createdAt: row.created_at, completedAt: row.completed_at }));
}

/** One paid purchase by its payment intent (a receipt), or null. */
export async function findPaidPurchase(db: BillingDb, paymentIntentId: string) {
  const row = await db
    .selectFrom('purchases')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  return row ? { ...toPurchase(row), createdAt: row.created_at, completedAt: row.completed_at } : null;
}

/** Everything billing holds about a person (her own export): her customer links and every purchase, oldest first. */
export async function billingFactsOfUser(db: BillingDb, userId: number) {
  const [customers, purchases] = await Promise.all([
    db
      .selectFrom('customers')
      .select(['customer_id', 'subscription_id', 'status', 'status_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('customer_id')
      .execute(),
    db
      .selectFrom('purchases')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('payment_intent_id')
      .execute(),
  ]);
  return {
    customers,
    purchases: purchases.map((row) => ({
      ...toPurchase(row),
      createdAt: row.created_at,
      completedAt: row.completed_at,
    })),
  };
}

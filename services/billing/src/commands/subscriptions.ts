/**
 * A customer's subscription status, reconciled with Stripe: read what Stripe holds now (never trust the order in
 * which events arrive: a late 'past_due' event after 'active' must not block a paying person), store it, and
 * publish billing.subscription-changed for users (which updates stripeStatus and tells the gateway).
 */
import { withEvents } from '@rainmakers/kit';
import type { BillingDeps } from '../deps';
import { currentSubscription, monthlyAmount, type PricedItem } from '../domain/subscriptions';
import { findCustomer, recordStripeEvent, saveCustomerStatus, stripeEventSeen } from '../store/billing';
import { withLock } from './locks';

export interface CustomerState {
  customerId: string;
  subscriptionId: string | null;
  status: string | null;
  /** From the customer's metadata (userId), for customers billing has no person for yet. */
  metadataUserId: number | null;
  /** What the current subscription brings in a month (analytics' MRR); absent when not read (the sync job). */
  monthly?: { cents: number; currency: string } | null;
}

const userIdFromMetadata = (metadata: Record<string, string> | undefined): number | null => {
  const value = Number(metadata?.userId);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/** Reads the customer's subscriptions as Stripe holds them now. */
export async function readCustomerState(deps: BillingDeps, customerId: string): Promise<CustomerState> {
  const subscriptions: Array<{ id: string; status: string; created: number; items: PricedItem[] }> = [];
  for await (const s of deps.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
    subscriptions.push({ id: s.id, status: s.status, created: s.created, items: s.items?.data ?? [] });
  }
  const current = currentSubscription(subscriptions);
  let metadataUserId: number | null = null;
  const known = await findCustomer(deps.db, customerId);
  if (known?.userId == null) {
    const customer = await deps.stripe.customers.retrieve(customerId);
    if (!('deleted' in customer && customer.deleted)) metadataUserId = userIdFromMetadata(customer.metadata);
  }
  return {
    customerId,
    subscriptionId: current?.id ?? null,
    status: current?.status ?? null,
    metadataUserId,
    monthly: current ? monthlyAmount(current.items) : null,
  };
}

/**
 * Stores and publishes a customer's state; with `eventId`, records the webhook event in the same transaction
 * (a second delivery finds it and does nothing). Returns whether the status differs from the one last published,
 * or 'duplicate'.
 */
export async function publishCustomerState(
  deps: BillingDeps,
  state: CustomerState,
  event?: { id: string; type: string },
): Promise<'changed' | 'unchanged' | 'duplicate'> {
  return withEvents(deps.db, deps.events, async (trx, { publish }) => {
    if (event && !(await recordStripeEvent(trx, event.id, event.type))) return 'duplicate';
    const before = await saveCustomerStatus(
      trx,
      state.customerId,
      state.metadataUserId,
      state.subscriptionId,
      state.status,
    );
    const after = await findCustomer(trx, state.customerId);
    await publish('billing.subscription-changed', {
      userId: after?.userId ?? null,
      stripeCustomerId: state.customerId,
      subscriptionId: state.subscriptionId,
      status: state.status,
      ...(state.monthly !== undefined
        ? { monthlyAmountCents: state.monthly?.cents ?? null, currency: state.monthly?.currency ?? null }
        : {}),
    });
    const changed = !before?.statusKnown || before.status !== state.status;
    return changed ? 'changed' : 'unchanged';
  });
}

/**
 * Runs `work` while holding the customer's lock (no transaction stays open while Stripe is read): two events of one
 * customer are reconciled one after the other, so the later one reads Stripe after the earlier one wrote, and an
 * older read never lands last.
 */
export const withCustomerLock = <R>(deps: BillingDeps, customerId: string, work: (deps: BillingDeps) => Promise<R>) =>
  withLock(deps, `stripe-customer:${customerId}`, work);

/** A webhook about a customer's subscription or invoice: reconcile that customer once per event id. */
export async function handleSubscriptionEvent(
  deps: BillingDeps,
  event: { id: string; type: string },
  customerId: string,
): Promise<'changed' | 'unchanged' | 'duplicate'> {
  return withCustomerLock(deps, customerId, async (locked) => {
    if (await stripeEventSeen(locked.db, event.id)) return 'duplicate';
    const state = await readCustomerState(locked, customerId);
    return publishCustomerState(locked, state, event);
  });
}

/** Records an event billing has nothing to do for, so a redelivery is answered the same way. */
export async function recordIgnoredEvent(deps: BillingDeps, event: { id: string; type: string }): Promise<void> {
  await recordStripeEvent(deps.db, event.id, event.type);
}

/**
 * Which of a customer's subscriptions decides their access. Stripe may hold several (an old canceled one and a new
 * one, a second plan): the status of the one still running counts; among those running, the most recently created
 * one; with none running, the latest one (canceled, incomplete_expired). No subscription at all: status null.
 */
export interface SubscriptionLike {
  id: string;
  status: string;
  created: number;
}

/** Statuses of a subscription that has ended and will not come back by itself. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export function currentSubscription<T extends SubscriptionLike>(subscriptions: readonly T[]): T | null {
  let best: T | null = null;
  for (const s of subscriptions) {
    if (!best) {
      best = s;
      continue;
    }
    const running = !ENDED.has(s.status);
    const bestRunning = !ENDED.has(best.status);
    if (running !== bestRunning) {
      if (running) best = s;
      continue;
    }
    if (s.created > best.created || (s.created === best.created && s.id > best.id)) best = s;
  }
  return best;
}

/** Groups subscriptions by customer id (the sync job reads every subscription, page by page). */
export function groupByCustomer<T extends SubscriptionLike & { customer: string }>(
  subscriptions: readonly T[],
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const s of subscriptions) {
    const list = groups.get(s.customer);
    if (list) list.push(s);
    else groups.set(s.customer, [s]);
  }
  return groups;
}

/** The Stripe event types that can change a customer's subscription status. */
export const SUBSCRIPTION_EVENT_TYPES: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

/** The customer id of an event's object (a subscription, an invoice, a payment intent): a string or expanded. */
export function customerIdOf(object: unknown): string | null {
  if (!object || typeof object !== 'object' || !('customer' in object)) return null;
  const customer = (object as { customer: unknown }).customer;
  if (typeof customer === 'string') return customer;
  if (customer && typeof customer === 'object' && 'id' in customer) {
    const id = (customer as { id: unknown }).id;
    return typeof id === 'string' ? id : null;
  }
  return null;
}

/** The part of a subscription item analytics reads: its price and how many. */
export interface PricedItem {
  quantity?: number | null;
  price?: {
    unit_amount?: number | null;
    currency?: string | null;
    recurring?: { interval?: string | null; interval_count?: number | null } | null;
  } | null;
}

const MONTHS_PER_INTERVAL: Record<string, number> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 };

/**
 * What a subscription brings in a month (MRR): each recurring item's amount times its quantity, a yearly price
 * divided by 12 (weekly and daily ones scaled the same way), rounded to the cent. Null when no item has a price.
 */
export function monthlyAmount(items: readonly PricedItem[]): { cents: number; currency: string } | null {
  let cents = 0;
  let currency: string | null = null;
  for (const item of items) {
    const price = item.price;
    const months = MONTHS_PER_INTERVAL[price?.recurring?.interval ?? ''];
    if (!price || price.unit_amount == null || !months || !price.currency) continue;
    currency ??= price.currency.toLowerCase();
    if (price.currency.toLowerCase() !== currency) continue;
    cents += (price.unit_amount * (item.quantity ?? 1)) / (months * Math.max(1, price.recurring?.interval_count ?? 1));
  }
  return currency === null ? null : { cents: Math.round(cents), currency };
}

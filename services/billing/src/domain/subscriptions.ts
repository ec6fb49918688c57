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

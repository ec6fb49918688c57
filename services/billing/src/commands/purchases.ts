/**
 * One-time purchases of resources. The amount comes from the resources service's offer (a client never sets it);
 * the Stripe call carries an idempotency key made of the buyer, the resource and the payment method, so a repeated
 * click (or a retried request) gets the same payment intent instead of a second charge. A succeeded intent is
 * recorded once per payment intent id (whichever of the answer, the browser's check and the webhook comes first)
 * and announced with billing.purchase-completed.
 */
import type { Actor, CreatePaymentIntentInput } from '@rainmakers/contracts';
import { badRequest, conflict, forbidden, HttpError, notFound, withEvents } from '@rainmakers/kit';
import Stripe from 'stripe';
import type { BillingDeps, PurchaseDeps } from '../deps';
import { canBuyFor, canSeePayment } from '../policies';
import { completePurchase, findCustomerOfUser, ownsResource, recordStripeEvent, savePurchase } from '../store/billing';
import { withLock } from './locks';

export const NOT_FOR_SALE = 'This resource is not for sale';
export const ALREADY_OWNED = 'You already own this resource';
export const PAYMENT_NOT_FOUND = 'Payment not found';

interface IntentMetadata {
  userId: number;
  resourceId: number;
  resourceTitle: string;
  /** The configured public address the purchase was made from (publicUrlFor), for the receipt's link. */
  publicUrl?: string;
}

function metadataOf(intent: Stripe.PaymentIntent): IntentMetadata | null {
  const userId = Number(intent.metadata?.userId);
  const resourceId = Number(intent.metadata?.resourceId);
  if (!Number.isInteger(userId) || !Number.isInteger(resourceId) || userId <= 0 || resourceId <= 0) return null;
  const publicUrl = intent.metadata?.publicUrl;
  return {
    userId,
    resourceId,
    resourceTitle: intent.metadata?.resourceTitle ?? '',
    ...(publicUrl ? { publicUrl } : {}),
  };
}

/** The resource a payment buys, from the intent's metadata (null when it carries none). */
export const resourceIdOf = (intent: Stripe.PaymentIntent) => metadataOf(intent)?.resourceId ?? null;

/**
 * Records a succeeded intent (once) and publishes billing.purchase-completed; with `event`, the webhook event id is
 * recorded in the same transaction. Returns false when there was nothing new to record.
 */
export async function recordSucceededIntent(
  deps: BillingDeps,
  intent: Stripe.PaymentIntent,
  event?: { id: string; type: string },
): Promise<boolean> {
  const metadata = metadataOf(intent);
  // Asked before the transaction (no transaction waits on Stripe); only for a purchase that may be new.
  const cardLast4 = metadata && intent.status === 'succeeded' ? await cardLast4Of(deps, intent) : null;
  return withEvents(deps.db, deps.events, async (trx, { publish }) => {
    if (event && !(await recordStripeEvent(trx, event.id, event.type))) return false;
    if (!metadata || intent.status !== 'succeeded') return false;
    const purchase = {
      paymentIntentId: intent.id,
      userId: metadata.userId,
      resourceId: metadata.resourceId,
      resourceTitle: metadata.resourceTitle,
      amountCents: intent.amount,
      currency: intent.currency,
      status: 'succeeded',
    };
    if (!(await completePurchase(trx, purchase))) return false;
    await publish('billing.purchase-completed', {
      paymentIntentId: intent.id,
      userId: metadata.userId,
      resourceId: metadata.resourceId,
      resourceTitle: metadata.resourceTitle,
      amountCents: intent.amount,
      currency: intent.currency,
      purchasedAt: new Date().toISOString(),
      cardLast4,
      ...(metadata.publicUrl ? { publicUrl: metadata.publicUrl } : {}),
    });
    return true;
  });
}

/** The last four digits of the card an intent was paid with (the receipt's); null when Stripe cannot tell. */
async function cardLast4Of(deps: BillingDeps, intent: Stripe.PaymentIntent): Promise<string | null> {
  const method = intent.payment_method;
  if (!method) return null;
  try {
    const found = typeof method === 'string' ? await deps.stripe.paymentMethods.retrieve(method) : method;
    const last4 = found.card?.last4;
    return typeof last4 === 'string' && /^\d{4}$/.test(last4) ? last4 : null;
  } catch (error) {
    deps.logger.warn({ err: error, paymentIntentId: intent.id }, 'card of a payment not readable for the receipt');
    return null;
  }
}

/** Records a failed intent's status (the purchase row stays, never as owned). */
export async function recordFailedIntent(
  deps: BillingDeps,
  intent: Stripe.PaymentIntent,
  event: { id: string; type: string },
): Promise<void> {
  const metadata = metadataOf(intent);
  await withEvents(deps.db, deps.events, async (trx, { publish }) => {
    if (!(await recordStripeEvent(trx, event.id, event.type))) return;
    // Every failure counts for analytics, also of an intent this app did not create (no metadata, no purchase).
    const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
    await publish('billing.payment-failed', {
      stripeEventId: event.id,
      userId: metadata?.userId ?? null,
      stripeCustomerId: customer,
      amountCents: intent.amount,
      currency: intent.currency,
      at: new Date().toISOString(),
    });
    if (!metadata) return;
    await savePurchase(trx, {
      paymentIntentId: intent.id,
      userId: metadata.userId,
      resourceId: metadata.resourceId,
      resourceTitle: metadata.resourceTitle,
      amountCents: intent.amount,
      currency: intent.currency,
      status: intent.status,
    });
  });
}

export async function createPaymentIntent(
  deps: PurchaseDeps,
  actor: Actor,
  input: CreatePaymentIntentInput,
  publicUrl?: string,
): Promise<Stripe.PaymentIntent> {
  if (!canBuyFor(actor, input.userId)) throw forbidden('You can only buy resources for yourself');
  const offer = await deps.resources.offer(input.resourceId);
  if (!offer.forSale || offer.priceCents === null || offer.priceCents <= 0) {
    throw badRequest(NOT_FOR_SALE, { resourceId: NOT_FOR_SALE });
  }
  const amount = offer.priceCents;
  // One purchase of a resource by a person at a time (two tabs, two cards, a double click): the second waits, then
  // finds the resource bought. The lock is a session lock: no transaction stays open while Stripe is called.
  return withLock(deps, `purchase:${actor.userId}:${offer.id}`, async (locked) => {
    if (await ownsResource(locked.db, actor.userId, offer.id)) throw conflict(ALREADY_OWNED);
    const customer = await findCustomerOfUser(locked.db, actor.userId);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await deps.stripe.paymentIntents.create(
        {
          amount,
          currency: deps.currency,
          ...(customer ? { customer } : {}),
          payment_method: input.paymentMethodId,
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: `Resource: ${offer.title}`.slice(0, 200),
          metadata: {
            userId: String(actor.userId),
            resourceId: String(offer.id),
            resourceTitle: offer.title,
            ...(publicUrl ? { publicUrl } : {}),
          },
        },
        // The same person, resource, card and price: the same intent (Stripe answers a repeat from its key).
        { idempotencyKey: `purchase-${actor.userId}-${offer.id}-${input.paymentMethodId}-${amount}` },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const message = error.message || 'Your card was declined.';
        throw new HttpError(400, message, { paymentMethodId: message }, 'CARD_ERROR');
      }
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === 'payment_method') {
        throw badRequest('Not a payment method', { paymentMethodId: 'Not a payment method' });
      }
      throw error;
    }
    if (intent.status === 'succeeded') await recordSucceededIntent(locked, intent);
    else {
      await savePurchase(locked.db, {
        paymentIntentId: intent.id,
        userId: actor.userId,
        resourceId: offer.id,
        resourceTitle: offer.title,
        amountCents: intent.amount,
        currency: intent.currency,
        status: intent.status,
      });
    }
    return intent;
  });
}

/** Where a payment stands (after 3-D Secure in the browser); records it when it succeeded. */
export async function checkPaymentIntent(deps: BillingDeps, actor: Actor, id: string): Promise<Stripe.PaymentIntent> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.stripe.paymentIntents.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw notFound(PAYMENT_NOT_FOUND);
    throw error;
  }
  if (!canSeePayment(actor, metadataOf(intent)?.userId ?? null)) throw notFound(PAYMENT_NOT_FOUND);
  if (intent.status === 'succeeded') await recordSucceededIntent(deps, intent);
  return intent;
}

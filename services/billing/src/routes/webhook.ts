/**
 * POST /api/stripe/webhook: Stripe's events. Open at the gateway (no session, no CSRF): the signature over the raw
 * body is the only proof, checked with the SDK (5 minutes' tolerance). A bad or stale signature answers 400 and
 * nothing is recorded. Each event id is applied once; subscription and invoice events reconcile the customer
 * from what Stripe holds now, payment intent events record purchases. A failure answers 500 so Stripe retries.
 */
import { badRequest } from '@rainmakers/kit';
import { Router } from 'express';
import type Stripe from 'stripe';
import { recordFailedIntent, recordSucceededIntent } from '../commands/purchases';
import { handleSubscriptionEvent, recordIgnoredEvent } from '../commands/subscriptions';
import type { BillingDeps } from '../deps';
import { customerIdOf, SUBSCRIPTION_EVENT_TYPES } from '../domain/subscriptions';
import { stripeEventSeen } from '../store/billing';

export const WEBHOOK_PATH = '/api/stripe/webhook';
export const BAD_SIGNATURE = 'Invalid signature';

export function webhookRoutes(deps: BillingDeps & { webhookSecret: string }): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, async (req, res) => {
    const signature = req.headers['stripe-signature'];
    if (!req.rawBody || typeof signature !== 'string') throw badRequest(BAD_SIGNATURE);
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(req.rawBody, signature, deps.webhookSecret);
    } catch (error) {
      deps.logger.warn({ err: error }, 'stripe webhook refused: bad signature');
      throw badRequest(BAD_SIGNATURE);
    }
    const ref = { id: event.id, type: event.type };
    if (await stripeEventSeen(deps.db, event.id)) {
      res.json({ received: true, duplicate: true });
      return;
    }
    const object: unknown = event.data.object;
    if (event.type === 'payment_intent.succeeded') {
      // The intent as Stripe holds it now, not as the event carried it.
      const intent = await deps.stripe.paymentIntents.retrieve((event.data.object as Stripe.PaymentIntent).id);
      await recordSucceededIntent(deps, intent, ref);
    } else if (event.type === 'payment_intent.payment_failed') {
      const intent = await deps.stripe.paymentIntents.retrieve((event.data.object as Stripe.PaymentIntent).id);
      if (intent.status === 'succeeded') await recordSucceededIntent(deps, intent, ref);
      else await recordFailedIntent(deps, intent, ref);
    } else if (SUBSCRIPTION_EVENT_TYPES.has(event.type) && customerIdOf(object)) {
      await handleSubscriptionEvent(deps, ref, customerIdOf(object) as string);
    } else {
      await recordIgnoredEvent(deps, ref);
    }
    res.json({ received: true });
  });
  return router;
}

/**
 * POST /api/stripe/webhook: Stripe's events. Open at the gateway (no session, no CSRF): the signature over the raw
 * body is the only proof, checked with the SDK (5 minutes' tolerance). A bad or stale signature answers 400 and
 * nothing is recorded. Each event id is applied once; subscription and invoice events reconcile the customer
 * from what Stripe holds now, payment intent events record purchases. A failure answers 500 so Stripe retries.
 *
 * The SDK's tolerance checks only the past, so a signature timestamped more than 5 minutes ahead is refused
 * here (400). An event about an object Stripe does not know (an unknown payment intent, an empty object, a customer
 * that does not exist) is acknowledged with 200, recorded as handled, logged and counted: there is nothing to do,
 * and a 500 would have Stripe retry it for days.
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
/** The webhook's path inside the /api/stripe mount. */
const WEBHOOK_ROUTE = '/webhook';
export const BAD_SIGNATURE = 'Invalid signature';
/** How far ahead of our clock a signature's timestamp may be (seconds), like the SDK's tolerance for the past. */
export const FUTURE_TOLERANCE_SECONDS = 300;
/** The log message of an acknowledged event about an unknown object (stable: alerts and searches match it). */
export const UNKNOWN_OBJECT_LOG = 'stripe webhook about an unknown object acknowledged';

/** What the webhook counted since the process started (read by tests and diagnostics). */
export interface WebhookCounters {
  unknownObjects: number;
  futureTimestamps: number;
}

/** The `t=` of a Stripe-Signature header (seconds), or null. The signature covers it once constructEvent passed. */
function signedAt(header: string): number | null {
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key?.trim() === 't' && value && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return null;
}

/** A Stripe answer saying the object named does not exist ("No such payment_intent", "No such customer"). */
function isUnknownObject(error: unknown): boolean {
  const e = error as { code?: unknown; statusCode?: unknown; type?: unknown };
  return e?.code === 'resource_missing' || (e?.type === 'StripeInvalidRequestError' && e.statusCode === 404);
}

const objectIdOf = (object: unknown): string | null => {
  const id = (object as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 ? id : null;
};

export function webhookRoutes(
  deps: BillingDeps & { webhookSecret: string; webhookCounters?: WebhookCounters },
): Router {
  const router = Router();
  const counters = deps.webhookCounters ?? { unknownObjects: 0, futureTimestamps: 0 };
  router.post(WEBHOOK_ROUTE, async (req, res) => {
    const signature = req.headers['stripe-signature'];
    if (!req.rawBody || typeof signature !== 'string') throw badRequest(BAD_SIGNATURE);
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(req.rawBody, signature, deps.webhookSecret);
    } catch (error) {
      deps.logger.warn({ err: error }, 'stripe webhook refused: bad signature');
      throw badRequest(BAD_SIGNATURE);
    }
    const timestamp = signedAt(signature);
    if (timestamp === null || timestamp - Math.floor(Date.now() / 1000) > FUTURE_TOLERANCE_SECONDS) {
      counters.futureTimestamps += 1;
      deps.logger.warn({ timestamp, eventId: event.id }, 'stripe webhook refused: timestamp in the future');
      throw badRequest(BAD_SIGNATURE);
    }
    const ref = { id: event.id, type: event.type };
    if (await stripeEventSeen(deps.db, event.id)) {
      res.json({ received: true, duplicate: true });
      return;
    }
    const object: unknown = event.data.object;
    const acknowledgeUnknown = async (error?: unknown) => {
      await recordIgnoredEvent(deps, ref);
      counters.unknownObjects += 1;
      deps.logger.warn(
        {
          eventId: event.id,
          type: event.type,
          objectId: objectIdOf(object),
          unknownObjects: counters.unknownObjects,
          ...(error ? { reason: (error as Error).message } : {}),
        },
        UNKNOWN_OBJECT_LOG,
      );
    };
    try {
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        const intentId = objectIdOf(object);
        if (!intentId) {
          await acknowledgeUnknown();
        } else {
          // The intent as Stripe holds it now, not as the event carried it.
          const intent = await deps.stripe.paymentIntents.retrieve(intentId);
          if (event.type === 'payment_intent.succeeded' || intent.status === 'succeeded') {
            await recordSucceededIntent(deps, intent, ref);
          } else {
            await recordFailedIntent(deps, intent, ref);
          }
        }
      } else if (SUBSCRIPTION_EVENT_TYPES.has(event.type) && customerIdOf(object)) {
        await handleSubscriptionEvent(deps, ref, customerIdOf(object) as string);
      } else {
        await recordIgnoredEvent(deps, ref);
      }
    } catch (error) {
      if (!isUnknownObject(error)) throw error;
      await acknowledgeUnknown(error);
    }
    res.json({ received: true });
  });
  return router;
}

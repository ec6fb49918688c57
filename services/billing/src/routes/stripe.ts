/**
 * The signed-in side of /api/stripe: the customer portal (Fix), the sync with Stripe (admins), purchases, and the
 * browser's Stripe.js configuration.
 */
import { createPaymentIntentSchema, type StripeSyncAnswer, type StripeSyncSummary } from '@rainmakers/contracts';
import { badRequest, forbidden, getJobStatus, notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import Stripe from 'stripe';
import { checkPaymentIntent, createPaymentIntent } from '../commands/purchases';
import type { PurchaseDeps } from '../deps';
import { type SyncQueue, summaryOf } from '../jobs';
import { canOpenPortal, canSyncWithStripe } from '../policies';
import { findCustomer } from '../store/billing';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const SYNC_NOT_FOUND = 'Sync not found';
const CLIENT_PRICE = 'The price is set by the server';

export interface StripeRouteDeps extends PurchaseDeps {
  sync: SyncQueue;
  publicUrl: string;
  publishableKey: string;
  jsUrl: string;
}

const CUSTOMER_ID = /^cus_[A-Za-z0-9_]{1,250}$/;
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

export function stripeRoutes(deps: StripeRouteDeps): Router {
  const router = Router();

  router.get('/api/stripe/config', (req, res) => {
    requireActor(req);
    res.json({ publishableKey: deps.publishableKey, jsUrl: deps.jsUrl });
  });

  router.post('/api/stripe/create-customer-portal/:customerId', async (req, res) => {
    const actor = requireActor(req);
    const customerId = String(req.params.customerId ?? '');
    if (!CUSTOMER_ID.test(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
    const known = await findCustomer(deps.db, customerId);
    if (!canOpenPortal(actor, known?.userId ?? null)) throw notFound(CUSTOMER_NOT_FOUND);
    try {
      const session = await deps.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${deps.publicUrl.replace(/\/$/, '')}/`,
      });
      res.json({ url: session.url });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        throw notFound(CUSTOMER_NOT_FOUND);
      }
      throw error;
    }
  });

  const present = (jobId: string, state: string, summary: StripeSyncSummary, failedReason: string | null) =>
    ({ data: { jobId, state, summary, failedReason } }) satisfies StripeSyncAnswer;

  router.post('/api/stripe/sync', async (req, res) => {
    const actor = requireActor(req);
    if (!canSyncWithStripe(actor)) throw forbidden();
    const pageSize = Number(req.query.pageSize);
    const job = await deps.sync.add('sync', {
      actorId: actor.userId,
      ...(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 100 ? { pageSize } : {}),
    });
    res.status(202).json(present(String(job.id), 'waiting', summaryOf(null), null));
  });

  router.get('/api/stripe/sync/:jobId', async (req, res) => {
    if (!canSyncWithStripe(requireActor(req))) throw forbidden();
    const id = String(req.params.jobId ?? '');
    const status = /^[\w-]{1,64}$/.test(id) ? await getJobStatus(deps.sync, id) : null;
    if (!status) throw notFound(SYNC_NOT_FOUND);
    res.json(present(id, status.state, status.result ?? summaryOf(status.progress), status.failedReason));
  });

  router.post('/api/stripe/create-payment-intent', async (req, res) => {
    const actor = requireActor(req);
    const body: unknown = req.body;
    if (body && typeof body === 'object') {
      for (const key of ['amount', 'price', 'priceCents', 'currency']) {
        if (key in body) throw badRequest(CLIENT_PRICE, { [key]: CLIENT_PRICE });
      }
    }
    const input = parse(createPaymentIntentSchema, body);
    res.json(await createPaymentIntent(deps, actor, input));
  });

  router.get('/api/stripe/payment-intent/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = String(req.params.id ?? '');
    if (!PAYMENT_INTENT_ID.test(id)) throw notFound('Payment not found');
    res.json(await checkPaymentIntent(deps, actor, id));
  });

  return router;
}

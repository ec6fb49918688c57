/**
 * The signed-in side of /api/stripe (mounted there, so paths here are relative): the customer portal (Fix), the sync with Stripe (admins), purchases, and the
 * browser's Stripe.js configuration.
 */

import { randomUUID } from 'node:crypto';
import { createPaymentIntentSchema } from '@rainmakers/contracts';
import {
  badRequest,
  forbidden,
  getJobStatus,
  notFound,
  parse,
  publicUrlFor,
  requestOrigin,
  requireActor,
} from '@rainmakers/kit';
import { Router } from 'express';
import { openCustomerPortal } from '../commands/portal';
import { checkPaymentIntent, createPaymentIntent, resourceIdOf } from '../commands/purchases';
import { recordSync } from '../commands/sync-history';
import type { StripeRouteDeps } from '../deps';
import { summaryOf } from '../jobs';
import { canSyncWithStripe } from '../policies';
import { presentPaymentIntent, presentPortal, presentStripeConfig, presentSyncJob } from '../presenters';

export { CUSTOMER_NOT_FOUND } from '../commands/portal';
export const SYNC_NOT_FOUND = 'Sync not found';
const CLIENT_PRICE = 'The price is set by the server';

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/;

export function stripeRoutes(deps: StripeRouteDeps): Router {
  const router = Router();

  router.get('/config', (req, res) => {
    requireActor(req);
    res.json(presentStripeConfig(deps));
  });

  router.post('/create-customer-portal/:customerId', async (req, res) => {
    const actor = requireActor(req);
    const publicUrl = publicUrlFor(requestOrigin(req.headers), deps.publicUrls);
    res.json(
      presentPortal(await openCustomerPortal({ ...deps, publicUrl }, actor, String(req.params.customerId ?? ''))),
    );
  });

  router.post('/sync', async (req, res) => {
    const actor = requireActor(req);
    if (!canSyncWithStripe(actor)) throw forbidden();
    const pageSize = Number(req.query.pageSize);
    // The job table (users) hears of the sync from here on: queued first (before the worker can pick the job up
    // and report it running, so the events arrive in order), then the worker's progress and end.
    const run = { jobId: randomUUID(), actorId: actor.userId, startedAt: new Date() };
    await recordSync(deps, run, 'queued', summaryOf(null));
    const job = await deps.sync
      .add(
        'sync',
        {
          actorId: actor.userId,
          ...(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 100 ? { pageSize } : {}),
        },
        { jobId: run.jobId, timestamp: run.startedAt.getTime() },
      )
      .catch(async (error: unknown) => {
        // A queue that refused the job leaves no row waiting forever in the job table.
        await recordSync(deps, run, 'failed', summaryOf(null), 'The sync could not be queued').catch(() => undefined);
        throw error;
      });
    res.status(202).json(presentSyncJob(String(job.id), 'waiting', summaryOf(null), null));
  });

  router.get('/sync/:jobId', async (req, res) => {
    if (!canSyncWithStripe(requireActor(req))) throw forbidden();
    const id = String(req.params.jobId ?? '');
    const status = /^[\w-]{1,64}$/.test(id) ? await getJobStatus(deps.sync, id) : null;
    if (!status) throw notFound(SYNC_NOT_FOUND);
    res.json(presentSyncJob(id, status.state, status.result ?? summaryOf(status.progress), status.failedReason));
  });

  router.post('/create-payment-intent', async (req, res) => {
    const actor = requireActor(req);
    const body: unknown = req.body;
    if (body && typeof body === 'object') {
      for (const key of ['amount', 'price', 'priceCents', 'currency']) {
        if (key in body) throw badRequest(CLIENT_PRICE, { [key]: CLIENT_PRICE });
      }
    }
    const input = parse(createPaymentIntentSchema, body);
    const intent = await createPaymentIntent(
      deps,
      actor,
      input,
      publicUrlFor(requestOrigin(req.headers), deps.publicUrls),
    );
    res.json(presentPaymentIntent(intent, resourceIdOf(intent)));
  });

  router.get('/payment-intent/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = String(req.params.id ?? '');
    if (!PAYMENT_INTENT_ID.test(id)) throw notFound('Payment not found');
    const intent = await checkPaymentIntent(deps, actor, id);
    res.json(presentPaymentIntent(intent, resourceIdOf(intent)));
  });

  return router;
}

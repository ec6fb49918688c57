/**
 * /internal/*: called with a service token (the gateway gathering a member page); never routed by the gateway from
 * outside. Who may see a member page is the users service's decision, made before the gateway shows this part.
 */
import { idParam, MEMBER_OVERVIEW_LIMITS } from '@rainmakers/contracts';
import { parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import { presentMemberPurchase } from '../presenters';
import { billingFactsOfUser, purchasesOfUser } from '../store/billing';
import type { BillingDb } from '../store/db';

export function internalRoutes(deps: { db: BillingDb }): Router {
  const router = Router();
  router.use(requireService);

  /** A person's purchases, newest first (MEMBER_OVERVIEW_LIMITS.purchases at most). */
  router.get('/users/:id/purchases', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    const purchases = await purchasesOfUser(deps.db, userId, MEMBER_OVERVIEW_LIMITS.purchases);
    res.json({ purchases: purchases.map(presentMemberPurchase) });
  });

  /**
   * Her part of her own export (the gateway gathers GET /api/account/export): her subscription as billing knows it
   * and every purchase; a succeeded one is her receipt (what, when, the amount and the payment reference).
   */
  router.get('/users/:id/export', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    const facts = await billingFactsOfUser(deps.db, userId);
    res.json({
      subscriptions: facts.customers.map((c) => ({
        customerId: c.customer_id,
        subscriptionId: c.subscription_id,
        status: c.status,
        statusAt: c.status_at ? new Date(c.status_at).toISOString() : null,
      })),
      purchases: facts.purchases.map(presentMemberPurchase),
      receipts: facts.purchases
        .filter((p) => p.status === 'succeeded')
        .map((p) => ({
          item: p.resourceTitle,
          amountCents: p.amountCents,
          currency: p.currency,
          paidAt: (p.completedAt ?? p.createdAt).toISOString(),
          paymentReference: p.paymentIntentId,
        })),
    });
  });

  return router;
}

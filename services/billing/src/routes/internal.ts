/**
 * /internal/*: called with a service token (the gateway gathering a member page); never routed by the gateway from
 * outside. Who may see a member page is the users service's decision, made before the gateway shows this part.
 */
import { idParam, MEMBER_OVERVIEW_LIMITS } from '@rainmakers/contracts';
import { parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import { presentMemberPurchase } from '../presenters';
import { purchasesOfUser } from '../store/billing';
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

  return router;
}

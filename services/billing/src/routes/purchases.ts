/**
 * /api/purchases (mounted there): the signed-in member's paid purchases with their receipts. A receipt is its
 * buyer's or an admin's to read; for anyone else it does not exist (404, the same answer as an unknown one).
 */
import { PURCHASES_LIMIT, type PurchasesAnswer, purchaseIdParam, RECEIPT_NOT_FOUND } from '@rainmakers/contracts';
import { notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { canReadReceipt } from '../policies';
import { presentPurchase, presentReceipt } from '../presenters';
import { findPaidPurchase, paidPurchasesOfUser } from '../store/billing';
import type { BillingDb } from '../store/db';

export function purchaseRoutes(deps: { db: BillingDb }): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const actor = requireActor(req);
    const purchases = await paidPurchasesOfUser(deps.db, actor.userId, PURCHASES_LIMIT);
    res.set('Cache-Control', 'no-store').json({ purchases: purchases.map(presentPurchase) } satisfies PurchasesAnswer);
  });

  router.get('/:id/receipt', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(purchaseIdParam, req.params.id);
    const purchase = await findPaidPurchase(deps.db, id);
    if (!purchase || !canReadReceipt(actor, purchase.userId)) throw notFound(RECEIPT_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json({ receipt: presentReceipt(purchase) });
  });

  return router;
}

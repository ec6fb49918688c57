/** /internal/*: called by other services (billing) with a service token; never routed by the gateway. */
import { idParam, RESOURCE_NOT_FOUND } from '@rainmakers/contracts';
import { notFound, parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import { offerOf } from '../domain/offer';
import type { ResourcesDb } from '../store/db';
import { purchasesOf } from '../store/purchases';
import { findResource } from '../store/resources';
import { readSiteContent } from '../store/site-content';

export function internalRoutes(deps: { db: ResourcesDb }): Router {
  const router = Router();
  router.use(requireService);

  /** What billing may charge for a resource: the server decides the amount (resourceOfferSchema). */
  router.get('/resources/:id/offer', async (req, res) => {
    const resource = await findResource(deps.db, parse(idParam, req.params.id));
    if (!resource) throw notFound(RESOURCE_NOT_FOUND);
    res.json(offerOf(resource));
  });

  /** The community's name and colour for the e-mail layout (auth's send-mail worker caches it). */
  router.get('/site-content/brand', async (_req, res) => {
    const { content } = await readSiteContent(deps.db);
    res.json(content.brand);
  });

  /** Her part of her own export (the gateway gathers GET /api/account/export): the resources she bought. */
  router.get('/users/:id/export', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    const purchases = await purchasesOf(deps.db, userId);
    res.json({
      purchases: purchases.map((p) => ({
        resourceId: p.resource_id,
        resource: p.resource_title,
        amountCents: p.amount_cents,
        currency: p.currency,
        purchasedAt: new Date(p.purchased_at).toISOString(),
      })),
    });
  });

  return router;
}

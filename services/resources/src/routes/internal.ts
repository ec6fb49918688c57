/** /internal/*: called by other services (billing) with a service token; never routed by the gateway. */
import { idParam, RESOURCE_NOT_FOUND } from '@rainmakers/contracts';
import { notFound, parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import { offerOf } from '../domain/offer';
import type { ResourcesDb } from '../store/db';
import { findResource } from '../store/resources';

export function internalRoutes(deps: { db: ResourcesDb }): Router {
  const router = Router();
  router.use(requireService);

  /** What billing may charge for a resource: the server decides the amount (resourceOfferSchema). */
  router.get('/resources/:id/offer', async (req, res) => {
    const resource = await findResource(deps.db, parse(idParam, req.params.id));
    if (!resource) throw notFound(RESOURCE_NOT_FOUND);
    res.json(offerOf(resource));
  });

  return router;
}

/** /internal/*: called with a service token (the gateway gathering a person's export); never routed from outside. */
import { idParam } from '@rainmakers/contracts';
import { parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import { presentOwnToolsExport } from '../presenters';
import { ownToolsFacts } from '../store/account';
import type { ToolsDb } from '../store/db';

export function internalRoutes(deps: { db: ToolsDb }): Router {
  const router = Router();
  router.use(requireService);

  /** Her part of her own export (GET /api/account/export). */
  router.get('/users/:id/export', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    res.json(presentOwnToolsExport(await ownToolsFacts(deps.db, userId)));
  });

  return router;
}

/** /api/module/*: module listing and authoring. */
import { idParam, MODULE_NOT_FOUND, moduleReorderSchema, moduleUpsertSchema } from '@rainmakers/contracts';
import { answerOnce, forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { removeModule, reorderModules, upsertModule } from '../commands/authoring';
import type { RouteDeps } from '../deps';
import { limitLargePages } from '../limits';
import {
  canDeleteModule,
  canListAllModules,
  canListModules,
  canReorderModules,
  canUpsertModule,
  moduleAbilities,
  viewerOf,
} from '../policies';
import { presentModule } from '../presenters';
import { findModule, listAllModules, listVisibleModules } from '../store/modules';

export function moduleRoutes(deps: RouteDeps): Router {
  const { store } = deps;
  const router = Router();

  router.get('/read-many', limitLargePages, async (req, res) => {
    const actor = requireActor(req);
    if (!canListModules(actor)) throw forbidden();
    const modules = canListAllModules(actor)
      ? await listAllModules(store.db)
      : await listVisibleModules(store, viewerOf(actor));
    res.json({ modules: modules.map((module) => presentModule(module, moduleAbilities(actor))) });
  });

  router.post('/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(moduleUpsertSchema, req.body);
    if (!canUpsertModule(actor)) throw forbidden();
    await answerOnce(req, res, store.db, async () => {
      const { id, isNew } = await upsertModule(deps, input, actor);
      const module = await findModule(store.db, id);
      if (!module) throw notFound(MODULE_NOT_FOUND);
      return { status: isNew ? 201 : 200, body: { module: presentModule(module, moduleAbilities(actor)), isNew } };
    });
  });

  router.post('/reorder', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(moduleReorderSchema, req.body);
    if (!canReorderModules(actor)) throw forbidden();
    await reorderModules(deps, input);
    res.json({ success: true });
  });

  router.delete('/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canDeleteModule(actor)) throw forbidden();
    await removeModule(deps, id, actor);
    res.status(204).end();
  });

  return router;
}

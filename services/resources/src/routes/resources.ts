/** /api/resource/*: the resource list, one resource, categories, and the admins' writes. */
import {
  CATEGORY_NOT_FOUND,
  categoryUpsertSchema,
  idParam,
  resourceListQuerySchema,
  resourceUpsertSchema,
} from '@rainmakers/contracts';
import { answerOnce, forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { readResource, readResources } from '../commands/reads';
import { removeCategory, removeResource, upsertCategory, upsertResource } from '../commands/resources';
import {
  canDeleteCategory,
  canDeleteResource,
  canListCategories,
  canListResources,
  canUpsertCategory,
  canUpsertResource,
} from '../policies';
import { presentCategory } from '../presenters';
import { findCategory, listCategories } from '../store/categories';
import type { ResourcesDb } from '../store/db';

export function resourceRoutes(deps: { db: ResourcesDb }): Router {
  const { db } = deps;
  const router = Router();

  router.get('/read-many', async (req, res) => {
    const actor = requireActor(req);
    const query = parse(resourceListQuerySchema, req.query);
    if (!canListResources(actor)) throw forbidden();
    res.json({
      resources: await readResources(db, actor, query),
      abilities: { createResource: canUpsertResource(actor), createCategory: canUpsertCategory(actor) },
    });
  });

  router.get('/category/read-many', async (req, res) => {
    const actor = requireActor(req);
    if (!canListCategories(actor)) throw forbidden();
    const categories = await listCategories(db);
    res.json({ resourceCategories: categories.map((c) => presentCategory(actor, c)) });
  });

  router.post('/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(resourceUpsertSchema, req.body);
    if (!canUpsertResource(actor)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const { id, isNew } = await upsertResource(db, input);
      return { status: isNew ? 201 : 200, body: { resource: await readResource(db, actor, id), isNew } };
    });
  });

  router.post('/category/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(categoryUpsertSchema, req.body);
    if (!canUpsertCategory(actor)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const { id, isNew } = await upsertCategory(db, input);
      const category = await findCategory(db, id);
      if (!category) throw notFound(CATEGORY_NOT_FOUND);
      return { status: isNew ? 201 : 200, body: { resourceCategory: presentCategory(actor, category), isNew } };
    });
  });

  router.delete('/category/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canDeleteCategory(actor)) throw forbidden();
    await removeCategory(db, id);
    res.status(204).end();
  });

  router.get('/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    res.json({ resource: await readResource(db, actor, id) });
  });

  router.delete('/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canDeleteResource(actor)) throw forbidden();
    await removeResource(db, id);
    res.status(204).end();
  });

  return router;
}

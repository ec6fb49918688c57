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
import { type AuditDeps, recordStaffAction, resourceSnapshot } from '../commands/audit';
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
import { findResource } from '../store/resources';

export function resourceRoutes(deps: AuditDeps): Router {
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
      const before = input.id ? await findResource(db, input.id) : null;
      const { id, isNew } = await upsertResource(db, input);
      const after = await findResource(db, id);
      if (after) {
        await recordStaffAction(
          deps,
          actor,
          isNew ? 'resource.create' : 'resource.update',
          { type: 'resource', id, name: after.title },
          { before: before ? resourceSnapshot(before) : null, after: resourceSnapshot(after) },
        );
      }
      return { status: isNew ? 201 : 200, body: { resource: await readResource(db, actor, id), isNew } };
    });
  });

  router.post('/category/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(categoryUpsertSchema, req.body);
    if (!canUpsertCategory(actor)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const before = input.id ? await findCategory(db, input.id) : null;
      const { id, isNew } = await upsertCategory(db, input);
      const category = await findCategory(db, id);
      if (!category) throw notFound(CATEGORY_NOT_FOUND);
      await recordStaffAction(
        deps,
        actor,
        isNew ? 'category.create' : 'category.update',
        { type: 'category', id, name: category.name },
        { before: before ? { name: before.name } : null, after: { name: category.name } },
      );
      return { status: isNew ? 201 : 200, body: { resourceCategory: presentCategory(actor, category), isNew } };
    });
  });

  router.delete('/category/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    if (!canDeleteCategory(actor)) throw forbidden();
    const before = await findCategory(db, id);
    await removeCategory(db, id);
    await recordStaffAction(
      deps,
      actor,
      'category.delete',
      { type: 'category', id, name: before?.name ?? null },
      { before: before ? { name: before.name } : null },
    );
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
    const before = await findResource(db, id);
    await removeResource(db, id);
    await recordStaffAction(
      deps,
      actor,
      'resource.delete',
      { type: 'resource', id, name: before?.title ?? null },
      { before: before ? resourceSnapshot(before) : null },
    );
    res.status(204).end();
  });

  return router;
}

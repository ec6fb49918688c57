import { idParam, tagListQuerySchema, tagUpsertSchema } from '@rainmakers/contracts';
import { answerOnce, forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { deleteTag, upsertTag } from '../commands/tags';
import type { CommandDeps } from '../commands/users';
import { auditActor } from '../domain/audit';
import { canManageTags, canReadTags } from '../policies';
import { presentManagedTag } from '../presenters';
import { listTags } from '../store/tags';

/** /api/tag/*: the tag catalogue (tag management screen, tag pickers of the user form). */
export function tagRoutes(deps: Pick<CommandDeps, 'db' | 'events'>): Router {
  const router = Router();

  router.get('/read-many', async (req, res) => {
    const actor = requireActor(req);
    if (!canReadTags(actor)) throw forbidden();
    const query = parse(tagListQuerySchema, { ...req.query });
    const { tags, totalCount } = await listTags(deps.db, {
      search: query.search || undefined,
      limit: query.itemsPerPage,
      offset: (query.page - 1) * query.itemsPerPage,
    });
    res.json({ tags: tags.map(presentManagedTag), totalCount });
  });

  router.post('/upsert', async (req, res) => {
    const actor = requireActor(req);
    if (!canManageTags(actor)) throw forbidden();
    const body = req.body && typeof req.body === 'object' && 'tag' in req.body ? req.body.tag : req.body;
    const input = parse(tagUpsertSchema, body ?? {});
    await answerOnce(req, res, deps.db, async () => {
      const { tag, isNew } = await upsertTag(deps, input, auditActor(actor));
      return { status: isNew ? 201 : 200, body: { tag: presentManagedTag(tag), isNew } };
    });
  });

  router.delete('/:id', async (req, res) => {
    const actor = requireActor(req);
    if (!canManageTags(actor)) throw forbidden();
    await deleteTag(deps, parse(idParam, req.params.id), auditActor(actor));
    res.status(204).end();
  });

  return router;
}

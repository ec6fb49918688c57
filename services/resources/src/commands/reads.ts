/** Reads of resources for one person: the visibility rules applied, purchases looked up, presented. */
import { type Actor, RESOURCE_NOT_FOUND, type Resource, type ResourceListQuery } from '@rainmakers/contracts';
import { notFound } from '@rainmakers/kit';
import { canViewResource, viewerOf } from '../policies';
import { gateOf, presentResource } from '../presenters';
import type { ResourcesDb } from '../store/db';
import { purchasedAmong } from '../store/purchases';
import { findResource, listResources } from '../store/resources';

export async function readResources(db: ResourcesDb, actor: Actor, query: ResourceListQuery): Promise<Resource[]> {
  const records = await listResources(db, {
    viewer: viewerOf(actor),
    userId: actor.userId,
    categories: query.categories,
    type: query.type,
    search: query.search,
    limit: query.itemsPerPage,
  });
  const purchased = await purchasedAmong(
    db,
    actor.userId,
    records.map((r) => r.id),
  );
  return records.map((record) =>
    presentResource(actor, record, { purchased: purchased.has(record.id), withContent: false }),
  );
}

/** One resource with its body when the person may open it; a resource they may not see answers 404 (hidden = missing). */
export async function readResource(db: ResourcesDb, actor: Actor, id: number): Promise<Resource> {
  const record = await findResource(db, id);
  if (!record) throw notFound(RESOURCE_NOT_FOUND);
  const purchased = (await purchasedAmong(db, actor.userId, [id])).has(id);
  if (!canViewResource(actor, gateOf(record), purchased)) throw notFound(RESOURCE_NOT_FOUND);
  return presentResource(actor, record, { purchased, withContent: true });
}

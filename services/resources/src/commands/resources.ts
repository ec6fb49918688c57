/** Writes of resources and categories, each in one transaction. */
import {
  CATEGORY_NAME_TAKEN,
  CATEGORY_NOT_FOUND,
  type CategoryUpsert,
  RESOURCE_NOT_FOUND,
  type ResourceUpsert,
} from '@rainmakers/contracts';
import {
  badRequest,
  conflict,
  foreignKeyViolation,
  notFound,
  recordIdempotencyKey,
  uniqueViolation,
} from '@rainmakers/kit';
import { deleteCategory, insertCategory, updateCategory } from '../store/categories';
import type { ResourcesDb } from '../store/db';
import {
  deleteResource,
  insertResource,
  missingCategories,
  setResourceLinks,
  updateResource,
} from '../store/resources';

const UNKNOWN_CATEGORY = 'Choose categories from the list';

/** POST /api/resource/upsert: a new resource (no id) or a change to an existing one, with its categories and tags. */
export async function upsertResource(db: ResourcesDb, input: ResourceUpsert): Promise<{ id: number; isNew: boolean }> {
  const { id: givenId, ResourceCategories: categoryIds, Tags: tags, ...fields } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      await recordIdempotencyKey(trx);
      if ((await missingCategories(trx, categoryIds)).length > 0) {
        throw badRequest(UNKNOWN_CATEGORY, { ResourceCategories: UNKNOWN_CATEGORY });
      }
      let id: number;
      if (givenId === null) id = await insertResource(trx, fields);
      else if (await updateResource(trx, givenId, fields)) id = givenId;
      else throw notFound(RESOURCE_NOT_FOUND);
      await setResourceLinks(trx, id, categoryIds, tags);
      return { id, isNew: givenId === null };
    });
  } catch (error) {
    // A category deleted between the check and the link.
    if (foreignKeyViolation(error)) throw badRequest(UNKNOWN_CATEGORY, { ResourceCategories: UNKNOWN_CATEGORY });
    throw error;
  }
}

export async function removeResource(db: ResourcesDb, id: number): Promise<void> {
  if (!(await deleteResource(db, id))) throw notFound(RESOURCE_NOT_FOUND);
}

/** POST /api/resource/category/upsert. Names are unique whatever their case. */
export async function upsertCategory(db: ResourcesDb, input: CategoryUpsert): Promise<{ id: number; isNew: boolean }> {
  try {
    if (input.id === null) {
      // In a transaction of its own, so a request's Idempotency-Key is recorded with the category.
      const id = await db.transaction().execute(async (trx) => {
        await recordIdempotencyKey(trx);
        return insertCategory(trx, input.name);
      });
      return { id, isNew: true };
    }
    if (!(await updateCategory(db, input.id, input.name))) throw notFound(CATEGORY_NOT_FOUND);
    return { id: input.id, isNew: false };
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(CATEGORY_NAME_TAKEN, { name: CATEGORY_NAME_TAKEN });
    throw error;
  }
}

export async function removeCategory(db: ResourcesDb, id: number): Promise<void> {
  if (!(await deleteCategory(db, id))) throw notFound(CATEGORY_NOT_FOUND);
}

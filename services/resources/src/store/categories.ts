/** Resource categories. */
import { sql } from '@rainmakers/kit';
import type { Ref, ResourcesDb } from './db';

export async function listCategories(db: ResourcesDb): Promise<Ref[]> {
  return db.selectFrom('resource_categories').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export async function findCategory(db: ResourcesDb, id: number): Promise<Ref | null> {
  return (
    (await db.selectFrom('resource_categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst()) ?? null
  );
}

export async function insertCategory(db: ResourcesDb, name: string): Promise<number> {
  const row = await db.insertInto('resource_categories').values({ name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: ResourcesDb, id: number, name: string): Promise<boolean> {
  const result = await db
    .updateTable('resource_categories')
    .set({ name, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the category; its links to resources go with it (the resources stay). */
export async function deleteCategory(db: ResourcesDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('resource_categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

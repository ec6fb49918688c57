import type { ManagedTag, Tag } from '@rainmakers/contracts';
import type { UsersDb } from './users';

const MANAGED_COLUMNS = ['id', 'name', 'signup_allowed as signupAllowed'] as const;

import { containsPattern } from './users';

export async function listTags(
  db: UsersDb,
  criteria: { search?: string; limit: number; offset: number },
): Promise<{ tags: ManagedTag[]; totalCount: number }> {
  let query = db.selectFrom('tags');
  if (criteria.search) query = query.where('name', 'ilike', containsPattern(criteria.search));
  const [count, tags] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    query
      .select(MANAGED_COLUMNS)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .limit(criteria.limit)
      .offset(criteria.offset)
      .execute(),
  ]);
  return { tags, totalCount: Number(count.total) };
}

/**
 * Reads a tag and locks it until the transaction ends: nobody can attach it to a person meanwhile
 * (their foreign-key check waits), so its holders stay the same while it is renamed or deleted.
 */
export async function lockTag(db: UsersDb, id: number): Promise<ManagedTag | null> {
  return (
    (await db.selectFrom('tags').select(MANAGED_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst()) ?? null
  );
}

/** The tags among `ids` that exist. */
export async function findTags(db: UsersDb, ids: number[]): Promise<Tag[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('tags').select(['id', 'name']).where('id', 'in', ids).execute();
}

/**
 * The tags among `ids` that exist and that an admin allowed on sign-up links: the only tags a sign-up
 * may attach. Read with a shared lock, like the foreign-key check of the attach would.
 */
export async function findSignupTags(db: UsersDb, ids: number[]): Promise<Tag[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .where('signup_allowed', '=', true)
    .forShare()
    .execute();
}

export async function insertTag(db: UsersDb, name: string, signupAllowed = false): Promise<ManagedTag> {
  return db
    .insertInto('tags')
    .values({ name, signup_allowed: signupAllowed })
    .returning(MANAGED_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateTag(
  db: UsersDb,
  id: number,
  changes: { name?: string; signupAllowed?: boolean },
): Promise<ManagedTag | null> {
  return (
    (await db
      .updateTable('tags')
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.signupAllowed !== undefined ? { signup_allowed: changes.signupAllowed } : {}),
      })
      .where('id', '=', id)
      .returning(MANAGED_COLUMNS)
      .executeTakeFirst()) ?? null
  );
}

export async function deleteTag(db: UsersDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function userIdsWithTag(db: UsersDb, tagId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_tags').select('user_id').where('tag_id', '=', tagId).execute();
  return rows.map((r) => r.user_id);
}

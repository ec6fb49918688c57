import type { User } from '@rainmakers/contracts';
import { type Db, sql } from '@rainmakers/kit';
import type { AuthSchema } from './schema';

type Database = Db<AuthSchema>;

/**
 * auth's copy of a person (users owns them). Writes are version-checked: an older users.user-changed never
 * replaces a newer copy. A copy fetched from users directly is stored with version 0, so any event wins.
 */
export async function savePerson(db: Database, person: User, version: number, now: Date): Promise<'applied' | 'stale'> {
  const row = await db
    .insertInto('people')
    .values({ user_id: person.id, person: JSON.stringify(person), version, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ person: JSON.stringify(person), version, updated_at: now })
        .where('people.version', '<=', version),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row ? 'applied' : 'stale';
}

export async function findPerson(db: Database, userId: number): Promise<{ person: User; version: number } | null> {
  const row = await db
    .selectFrom('people')
    .select(['person', 'version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { person: row.person, version: Number(row.version) } : null;
}

export async function deletePerson(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('people').where('user_id', '=', userId).execute();
}

/** The full name of a person auth knows (the admin behind a sign-in-as), without loading the whole copy. */
export async function findFullName(db: Database, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('people')
    .select(sql<string>`person->>'fullName'`.as('fullName'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? row.fullName : null;
}

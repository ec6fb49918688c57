/** The courses service's copy of people (users owns them), kept from users.* events: names for certificates. */
import { saveNewerCopy } from '@rainmakers/kit';
import type { CoursesDb } from './db';

export interface PersonRecord {
  userId: number;
  fullName: string;
  role: string;
  tagIds: number[];
  /** The discussion shows it beside her comments (undefined: leave the stored one). */
  photoUrl?: string | null;
}

/** Replaces the copy unless the stored one is newer (events can arrive out of order after a redelivery). */
export async function savePerson(db: CoursesDb, person: PersonRecord, version: number): Promise<void> {
  await saveNewerCopy(db, 'people', 'user_id', {
    user_id: person.userId,
    full_name: person.fullName,
    role: person.role,
    tag_ids: person.tagIds,
    photo_url: person.photoUrl,
    version,
    updated_at: new Date(),
  });
}

export async function deletePerson(db: CoursesDb, userId: number): Promise<void> {
  await db.deleteFrom('people').where('user_id', '=', userId).execute();
}

export async function findPerson(db: CoursesDb, userId: number): Promise<PersonRecord | null> {
  const row = await db
    .selectFrom('people')
    .select(['user_id', 'full_name', 'role', 'tag_ids'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { userId: row.user_id, fullName: row.full_name, role: row.role, tagIds: row.tag_ids } : null;
}

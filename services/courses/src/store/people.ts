/**
 * The courses service's copy of people (users owns them), kept from users.* events: names for certificates; role,
 * tags, account creation, time zone and the day each tag was gained for drip (domain/drip.ts).
 */
import { saveNewerCopy } from '@rainmakers/kit';
import type { CoursesDb } from './db';

export interface PersonRecord {
  userId: number;
  fullName: string;
  role: string;
  tagIds: number[];
  createdAt: Date | null;
  timeZone: string | null;
  /** Tag id -> when she gained it. */
  tagGrants: Map<number, Date>;
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
    created_at: person.createdAt,
    time_zone: person.timeZone,
    tag_grants: JSON.stringify(Object.fromEntries([...person.tagGrants].map(([id, at]) => [id, at.toISOString()]))),
    photo_url: person.photoUrl,
    version,
    updated_at: new Date(),
  });
}

export async function deletePerson(db: CoursesDb, userId: number): Promise<void> {
  await db.deleteFrom('people').where('user_id', '=', userId).execute();
}

const personQuery = (db: CoursesDb) =>
  db.selectFrom('people').select(['user_id', 'full_name', 'role', 'tag_ids', 'created_at', 'time_zone', 'tag_grants']);

type PersonRow = Awaited<ReturnType<ReturnType<typeof personQuery>['executeTakeFirstOrThrow']>>;

const toPerson = (row: PersonRow): PersonRecord => ({
  userId: row.user_id,
  fullName: row.full_name,
  role: row.role,
  tagIds: row.tag_ids,
  createdAt: row.created_at,
  timeZone: row.time_zone,
  tagGrants: new Map(Object.entries(row.tag_grants).map(([id, at]) => [Number(id), new Date(at)])),
});

export async function findPerson(db: CoursesDb, userId: number): Promise<PersonRecord | null> {
  const row = await personQuery(db).where('user_id', '=', userId).executeTakeFirst();
  return row ? toPerson(row) : null;
}

/** One page of people in id order after `afterId` (keyset), for the release sweep. */
export async function peoplePage(db: CoursesDb, afterId: number, limit: number): Promise<PersonRecord[]> {
  const rows = await personQuery(db).where('user_id', '>', afterId).orderBy('user_id').limit(limit).execute();
  return rows.map(toPerson);
}

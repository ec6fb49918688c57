/** The board's copy of people (users owns them), kept from users.* events. */
import { saveNewerCopy } from '@rainmakers/kit';
import type { BoardDb } from './db';

export interface PersonRecord {
  userId: number;
  fullName: string;
  email: string;
  photoUrl: string | null;
  role: string;
  createdAt: string;
  /** IANA name; null until she has one (users.user-changed carries it). */
  timeZone: string | null;
}

const columns = ['user_id', 'full_name', 'email', 'photo_url', 'role', 'account_created_at', 'time_zone'] as const;
type PersonRow = {
  user_id: number;
  full_name: string;
  email: string;
  photo_url: string | null;
  role: string;
  account_created_at: Date;
  time_zone: string | null;
};
const toRecord = (r: PersonRow): PersonRecord => ({
  userId: r.user_id,
  fullName: r.full_name,
  email: r.email,
  photoUrl: r.photo_url,
  role: r.role,
  createdAt: r.account_created_at.toISOString(),
  timeZone: r.time_zone,
});

/** Replaces the copy unless the stored one is newer (events can arrive out of order after a redelivery). */
export async function savePerson(db: BoardDb, person: PersonRecord, version: number): Promise<void> {
  await saveNewerCopy(db, 'people', 'user_id', {
    user_id: person.userId,
    full_name: person.fullName,
    email: person.email,
    photo_url: person.photoUrl,
    role: person.role,
    account_created_at: person.createdAt,
    time_zone: person.timeZone,
    version,
    updated_at: new Date(),
  });
}

export async function deletePerson(db: BoardDb, userId: number): Promise<void> {
  await db.deleteFrom('people').where('user_id', '=', userId).execute();
}

export async function findPerson(db: BoardDb, userId: number): Promise<PersonRecord | null> {
  const row = await db.selectFrom('people').select(columns).where('user_id', '=', userId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function findPeople(db: BoardDb, userIds: readonly number[]): Promise<Map<number, PersonRecord>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('people')
    .select(columns)
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.user_id, toRecord(r)]));
}

/** Coaches by name (the mention picker). */
export async function listCoaches(db: BoardDb): Promise<PersonRecord[]> {
  const rows = await db
    .selectFrom('people')
    .select(columns)
    .where('role', '=', 'coach')
    .orderBy('full_name')
    .orderBy('user_id')
    .execute();
  return rows.map(toRecord);
}

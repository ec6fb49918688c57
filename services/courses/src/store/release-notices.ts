/** Who has been told that a dripped module opened to her (migrations/009): once per member and module. */
import type { CoursesDb } from './db';

/** Per module, the members already told. */
export async function noticedMembers(db: CoursesDb, moduleIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const told = new Map<number, Set<number>>();
  if (moduleIds.length === 0) return told;
  const rows = await db
    .selectFrom('module_release_notices')
    .select(['module_id', 'user_id'])
    .where('module_id', 'in', [...moduleIds])
    .execute();
  for (const row of rows) {
    const set = told.get(row.module_id) ?? new Set<number>();
    set.add(row.user_id);
    told.set(row.module_id, set);
  }
  return told;
}

/** Claims the notices not claimed yet (a racing sweep's are skipped); answers the members claimed now. */
export async function claimReleaseNotices(
  db: CoursesDb,
  moduleId: number,
  members: readonly { userId: number; openedAt: Date }[],
): Promise<number[]> {
  if (members.length === 0) return [];
  const rows = await db
    .insertInto('module_release_notices')
    .values(members.map((m) => ({ module_id: moduleId, user_id: m.userId, opened_at: m.openedAt })))
    .onConflict((oc) => oc.columns(['module_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id).sort((a, b) => a - b);
}

/** A deleted person's notices go with her. */
export async function deleteReleaseNoticesOf(db: CoursesDb, userId: number): Promise<void> {
  await db.deleteFrom('module_release_notices').where('user_id', '=', userId).execute();
}

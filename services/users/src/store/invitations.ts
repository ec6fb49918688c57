/** Invitation e-mails asked for (user_invitations, migration 005) and the people's sign-in status columns. */
import type { UsersDb } from './users';

/** Records invitations for these people (one row each) and moves their invitedAt to `now`. */
export async function recordInvitations(
  db: UsersDb,
  userIds: readonly number[],
  actorId: number | null,
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('user_invitations')
    .values(userIds.map((userId) => ({ user_id: userId, actor_id: actorId, sent_at: now })))
    .execute();
  await db
    .updateTable('users')
    .set({ invited_at: now })
    .where('id', 'in', [...userIds])
    .execute();
}

/** How many invitations this person was sent since `since` (the per-person limit). */
export async function countInvitationsSince(db: UsersDb, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('user_invitations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('sent_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The person signed in at `at` (auth.signed-in); an older report never moves it back. false: unknown person. */
export async function recordSignIn(db: UsersDb, userId: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ last_sign_in_at: at })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('last_sign_in_at', 'is', null), eb('last_sign_in_at', '<', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Locks the person's row until the transaction ends (no version bump: nothing of the profile changes). */
export async function lockPerson(db: UsersDb, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

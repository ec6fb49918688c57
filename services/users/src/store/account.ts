/** What users holds about one person beyond her profile, for her own export; and the admins' lock for closing. */
import type { UsersDb } from './users';

export interface OwnAccountFacts {
  community: { bio: string; showCourses: boolean; listed: boolean } | null;
  invitationsSentAt: Date[];
  /** Entries of the audit log about her (user_id), oldest first. */
  audit: {
    at: Date;
    action: string;
    byHerself: boolean;
    byStaff: boolean;
    before: unknown;
    after: unknown;
  }[];
}

export async function ownAccountFacts(db: UsersDb, userId: number): Promise<OwnAccountFacts> {
  const [community, invitations, audit] = await Promise.all([
    db
      .selectFrom('users')
      .select(['bio', 'show_courses', 'community_listed'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('user_invitations').select('sent_at').where('user_id', '=', userId).orderBy('id').execute(),
    db
      .selectFrom('audit_log')
      .select(['at', 'action', 'actor_id', 'impersonator_id', 'before', 'after'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return {
    community: community
      ? { bio: community.bio, showCourses: community.show_courses, listed: community.community_listed }
      : null,
    invitationsSentAt: invitations.map((i) => i.sent_at),
    audit: audit.map((entry) => {
      const byHerself = entry.actor_id === userId && entry.impersonator_id === null;
      return {
        at: entry.at,
        action: entry.action,
        byHerself,
        byStaff: !byHerself && entry.actor_id !== null,
        before: entry.before,
        after: entry.after,
      };
    }),
  };
}

/**
 * Locks every admin's row (id order, like lockForChange) and returns their ids: two admins closing their accounts at
 * once are then decided one after the other, so the last one is always refused.
 */
export async function lockAdmins(db: UsersDb): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

import type { CommunitySettings, Role } from '@rainmakers/contracts';
import type { UsersDb } from './users';

/** One person as the community sees her, with her choices (migration 008). */
export interface CommunityRecord {
  id: number;
  role: Role;
  fullName: string;
  photoUrl: string | null;
  city: string | null;
  state: string | null;
  bio: string;
  showCourses: boolean;
  listed: boolean;
}

export async function findCommunityRecord(db: UsersDb, id: number): Promise<CommunityRecord | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'role', 'full_name', 'photo_url', 'city', 'state', 'bio', 'show_courses', 'community_listed'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    role: row.role as Role,
    fullName: row.full_name,
    photoUrl: row.photo_url,
    city: row.city,
    state: row.state,
    bio: row.bio,
    showCourses: row.show_courses,
    listed: row.community_listed,
  };
}

/** Saves her choices; false when the account no longer exists. */
export async function saveCommunitySettings(db: UsersDb, id: number, settings: CommunitySettings): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ bio: settings.bio, show_courses: settings.showCourses, community_listed: settings.listed })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the audit log keeps of a course, a module or a lesson: read before a change or a delete. */
import { sql } from '@rainmakers/kit';
import type { CoursesDb } from './db';

export async function moduleForAudit(db: CoursesDb, id: number) {
  const row = await db
    .selectFrom('modules')
    .select([
      'title',
      'position',
      'visible_to_basic',
      'visible_to_premium',
      'course_id',
      'release_after_days',
      sql<string | null>`to_char(release_at, 'YYYY-MM-DD')`.as('release_at'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        title: row.title,
        position: row.position,
        visibleToBasic: row.visible_to_basic,
        visibleToPremium: row.visible_to_premium,
        courseId: row.course_id,
        // Drip: a changed release rule shows in the audit entry like any other field.
        releaseAfterDays: row.release_after_days,
        releaseAt: row.release_at,
      }
    : null;
}

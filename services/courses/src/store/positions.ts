import { sql } from '@rainmakers/kit';
import type { CoursesDb } from './db';

/**
 * Renumbers rows of one table in a single statement (`UPDATE ... FROM unnest(ids, positions)`), inside the
 * caller's transaction, which already holds the rows' locks.
 */
export async function setPositions(
  db: CoursesDb,
  table: 'courses' | 'modules',
  changes: readonly { id: number; position: number }[],
): Promise<void> {
  if (changes.length === 0) return;
  await sql`
    UPDATE ${sql.table(table)} AS t SET position = v.position, updated_at = now()
    FROM unnest(${changes.map((c) => c.id)}::integer[], ${changes.map((c) => c.position)}::integer[]) AS v(id, position)
    WHERE t.id = v.id`.execute(db);
}

/** Moves and renumbers lessons in one statement; a lesson may change module. */
export async function setLessonPlacements(
  db: CoursesDb,
  changes: readonly { id: number; moduleId: number; position: number }[],
): Promise<void> {
  if (changes.length === 0) return;
  await sql`
    UPDATE lessons AS l SET module_id = v.module_id, position = v.position, updated_at = now()
    FROM unnest(
      ${changes.map((c) => c.id)}::integer[],
      ${changes.map((c) => c.moduleId)}::integer[],
      ${changes.map((c) => c.position)}::integer[]
    ) AS v(id, module_id, position)
    WHERE l.id = v.id`.execute(db);
}

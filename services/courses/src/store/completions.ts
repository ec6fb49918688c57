/** Who completed which lesson. Always the caller's own rows. */
import type { Viewer } from '../domain/visibility';
import { type CoursesDb, type CoursesStore, queryRows, SqlParams } from './db';
import { visibilitySql } from './visibility-sql';

/** Records a completion; false when it was already there (nothing changed). */
export async function insertCompletion(db: CoursesDb, userId: number, lessonId: number): Promise<boolean> {
  const rows = await db
    .insertInto('lesson_completions')
    .values({ user_id: userId, lesson_id: lessonId })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
    .returning('lesson_id')
    .execute();
  return rows.length > 0;
}

/** Removes a completion; false when there was none. */
export async function deleteCompletion(db: CoursesDb, userId: number, lessonId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('lesson_completions')
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function completedAmong(
  db: CoursesDb,
  userId: number,
  lessonIds: readonly number[],
): Promise<Set<number>> {
  const done = new Set<number>();
  for (let i = 0; i < lessonIds.length; i += 5000) {
    const rows = await db
      .selectFrom('lesson_completions')
      .select('lesson_id')
      .where('user_id', '=', userId)
      .where('lesson_id', 'in', lessonIds.slice(i, i + 5000))
      .execute();
    for (const row of rows) done.add(row.lesson_id);
  }
  return done;
}

export async function listCompletions(db: CoursesDb, userId: number) {
  return db
    .selectFrom('lesson_completions as lc')
    .innerJoin('lessons as l', 'l.id', 'lc.lesson_id')
    .select(['lc.lesson_id as id', 'l.module_id', 'lc.completed_at'])
    .where('lc.user_id', '=', userId)
    .orderBy('lc.completed_at', 'desc')
    .orderBy('lc.lesson_id', 'desc')
    .execute();
}

export async function deleteCompletionsOf(db: CoursesDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('lesson_completions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface CompletionProgressCounts {
  courseTotal: number;
  courseCompleted: number;
  moduleTotal: number;
  moduleCompleted: number;
}

/**
 * Lessons the viewer can open in a course (visible modules' visible lessons: visibility-sql.ts, the SQL twin of
 * canSeeModule / canSeeLesson) and how many of them the person completed, for the course and for one module.
 * The course itself is not checked here: callers have already decided the viewer may open it.
 */
export async function courseProgressCounts(
  store: CoursesStore,
  viewer: Viewer,
  userId: number,
  courseId: number,
  moduleId: number,
): Promise<CompletionProgressCounts> {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const user = p.add(userId);
  const course = p.add(courseId);
  const module = p.add(moduleId);
  const [row] = await queryRows<{ ct: number; cc: number; mt: number; mc: number }>(store.pool, {
    text: `SELECT count(*)::int AS ct, count(lc.lesson_id)::int AS cc,
                  (count(*) FILTER (WHERE l.module_id = ${module}))::int AS mt,
                  (count(lc.lesson_id) FILTER (WHERE l.module_id = ${module}))::int AS mc
           FROM modules m
           JOIN lessons l ON l.module_id = m.id
           LEFT JOIN lesson_completions lc ON lc.lesson_id = l.id AND lc.user_id = ${user}
           WHERE m.course_id = ${course} AND ${visible.module('m')} AND ${visible.lesson('l')}`,
    values: p.values,
  });
  return {
    courseTotal: row?.ct ?? 0,
    courseCompleted: row?.cc ?? 0,
    moduleTotal: row?.mt ?? 0,
    moduleCompleted: row?.mc ?? 0,
  };
}

/** A free module's lessons (admins only, no visibility rules) and how many of them the person completed. */
export async function moduleProgressCounts(
  store: CoursesStore,
  userId: number,
  moduleId: number,
): Promise<{ total: number; completed: number }> {
  const [row] = await queryRows<{ total: number; completed: number }>(store.pool, {
    text: `SELECT count(*)::int AS total, count(lc.lesson_id)::int AS completed
           FROM lessons l
           LEFT JOIN lesson_completions lc ON lc.lesson_id = l.id AND lc.user_id = $1
           WHERE l.module_id = $2`,
    values: [userId, moduleId],
  });
  return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
}

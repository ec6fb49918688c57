/** Who completed which lesson. Always the caller's own rows. */
import type { OutboxRowValues } from '@rainmakers/kit';
import type { Viewer } from '../domain/visibility';
import { type CoursesDb, type CoursesStore, queryRows, SqlParams } from './db';
import { visibilitySql } from './visibility-sql';

/**
 * Records (`completed`) or removes a completion and, when that changed a row, writes `row` into the outbox: one
 * statement (a single-statement transaction), so the event exists exactly when the change does (Completion in one
 * statement). True when a row changed.
 */
export async function writeCompletion(
  store: CoursesStore,
  userId: number,
  lessonId: number,
  completed: boolean,
  row: OutboxRowValues,
): Promise<boolean> {
  const change = completed
    ? `INSERT INTO lesson_completions (user_id, lesson_id) VALUES ($1, $2)
       ON CONFLICT (user_id, lesson_id) DO NOTHING RETURNING lesson_id`
    : 'DELETE FROM lesson_completions WHERE user_id = $1 AND lesson_id = $2 RETURNING lesson_id';
  const [result] = await queryRows<{ changed: number }>(store.pool, {
    text: `WITH changed AS (${change}),
             event AS (
               INSERT INTO outbox (id, type, data, traceparent) SELECT $3, $4, $5::jsonb, $6 FROM changed RETURNING id
             )
           SELECT (SELECT count(*) FROM event)::int AS changed`,
    values: [userId, lessonId, row.id, row.type, row.data, row.traceparent],
  });
  return (result?.changed ?? 0) > 0;
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

/**
 * The lessons of these modules the person completed: one statement with two parameters (the person's completions
 * joined to their lessons), where listing a course's thousand lesson ids would cost PostgreSQL more to parse and
 * plan than to answer.
 */
export async function completedInModules(
  db: CoursesDb,
  userId: number,
  moduleIds: readonly number[],
): Promise<Set<number>> {
  if (moduleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('lesson_completions as lc')
    .innerJoin('lessons as l', 'l.id', 'lc.lesson_id')
    .select('lc.lesson_id')
    .where('lc.user_id', '=', userId)
    .where((eb) => eb('l.module_id', '=', eb.fn.any(eb.val([...moduleIds]))))
    .execute();
  return new Set(rows.map((row) => row.lesson_id));
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
  // The triggers brought the person's counts to 0; the rows themselves go too.
  await db.deleteFrom('module_progress').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows);
}

/** Completed and accessible lessons of one module for one person. */
export interface ModuleCounts {
  courseId: number | null;
  moduleId: number;
  total: number;
  completed: number;
}

/**
 * Per module of these courses that the viewer can open (visibility-sql.ts, the SQL twin of canSeeModule), the
 * lessons they can open and how many of them the person completed: from the maintained counts (modules.lesson_count,
 * module_progress), less the tagged lessons the viewer does not hold a tag of (found through the partial index on
 * lessons.tagged, counted live). `startedOnly` keeps the courses where the person completed something (progress is 0
 * elsewhere without counting). The courses themselves are not checked: callers have decided the viewer may open them.
 */
export async function moduleCountsOfCourses(
  store: CoursesStore,
  viewer: Viewer,
  userId: number,
  courseIds: readonly number[],
  options: { startedOnly?: boolean } = {},
): Promise<ModuleCounts[]> {
  if (courseIds.length === 0) return [];
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const user = p.add(userId);
  const courses = p.add([...courseIds]);
  const scope = options.startedOnly
    ? `m.course_id IN (SELECT sm.course_id FROM module_progress sp JOIN modules sm ON sm.id = sp.module_id
                       WHERE sp.user_id = ${user} AND sp.completed > 0 AND sm.course_id = ANY(${courses}::int[]))`
    : `m.course_id = ANY(${courses}::int[])`;
  const rows = await queryRows<{ course_id: number; module_id: number; total: number; completed: number }>(store.pool, {
    text: `WITH mods AS MATERIALIZED (
               SELECT m.id, m.course_id, m.lesson_count FROM modules m WHERE ${scope} AND ${visible.module('m')}
             ),
             hidden AS (
               SELECT l.module_id, count(*)::int AS lessons, count(lc.user_id)::int AS done
               FROM lessons l
               LEFT JOIN lesson_completions lc ON lc.lesson_id = l.id AND lc.user_id = ${user}
               WHERE l.tagged AND l.module_id IN (SELECT id FROM mods) AND NOT ${visible.lesson('l')}
               GROUP BY l.module_id
             )
             SELECT mods.course_id, mods.id AS module_id,
                    mods.lesson_count - coalesce(h.lessons, 0) AS total,
                    coalesce(mp.completed, 0) - coalesce(h.done, 0) AS completed
             FROM mods
             LEFT JOIN module_progress mp ON mp.module_id = mods.id AND mp.user_id = ${user}
             LEFT JOIN hidden h ON h.module_id = mods.id`,
    values: p.values,
  });
  return rows.map((r) => ({ courseId: r.course_id, moduleId: r.module_id, total: r.total, completed: r.completed }));
}

/** A free module's lessons (admins only, no visibility rules) and how many of them the person completed. */
export async function moduleProgressCounts(
  store: CoursesStore,
  userId: number,
  moduleId: number,
): Promise<{ total: number; completed: number }> {
  const [row] = await queryRows<{ total: number; completed: number }>(store.pool, {
    text: `SELECT m.lesson_count AS total, coalesce(mp.completed, 0) AS completed
           FROM modules m LEFT JOIN module_progress mp ON mp.module_id = m.id AND mp.user_id = $1
           WHERE m.id = $2`,
    values: [userId, moduleId],
  });
  return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
}

export interface MemberCourseCounts {
  courseId: number;
  title: string;
  slug: string;
  lessons: number;
  completed: number;
  lastCompletedAt: Date | null;
}

/**
 * The courses a person has started (a completed lesson in them), with every lesson counted whatever its visibility
 * (staff read the member page), from the maintained counts; in catalogue order, at most `limit`.
 */
export async function startedCoursesOf(
  store: CoursesStore,
  userId: number,
  limit: number,
): Promise<MemberCourseCounts[]> {
  const rows = await queryRows<{
    id: number;
    title: string;
    slug: string;
    lessons: number;
    completed: number;
    last_completed_at: Date | null;
  }>(store.pool, {
    text: `WITH started AS (
             SELECT DISTINCT m.course_id FROM module_progress mp JOIN modules m ON m.id = mp.module_id
             WHERE mp.user_id = $1 AND mp.completed > 0 AND m.course_id IS NOT NULL
           ),
           picked AS (
             SELECT c.id, c.title, c.slug, c.position FROM courses c JOIN started s ON s.course_id = c.id
             ORDER BY c.position, c.id LIMIT $2
           )
           SELECT p.id, p.title, p.slug,
                  coalesce(sum(m.lesson_count), 0)::int AS lessons,
                  coalesce(sum(mp.completed), 0)::int AS completed,
                  (SELECT max(lc.completed_at) FROM lesson_completions lc
                     JOIN lessons l ON l.id = lc.lesson_id JOIN modules lm ON lm.id = l.module_id
                   WHERE lc.user_id = $1 AND lm.course_id = p.id) AS last_completed_at
           FROM picked p
           JOIN modules m ON m.course_id = p.id
           LEFT JOIN module_progress mp ON mp.module_id = m.id AND mp.user_id = $1
           GROUP BY p.id, p.title, p.slug, p.position
           ORDER BY p.position, p.id`,
    values: [userId, limit],
  });
  return rows.map((r) => ({
    courseId: r.id,
    title: r.title,
    slug: r.slug,
    lessons: r.lessons,
    completed: r.completed,
    lastCompletedAt: r.last_completed_at ? new Date(r.last_completed_at) : null,
  }));
}

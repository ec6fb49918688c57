/**
 * The course-insights scenario: on the generated catalogue, the course with the most lessons gets
 * 20 members' completions (member k completes the first (20 - k) / 20 of its lessons, spread over the last 30
 * days), then admins ask GET /api/course/insights/{id} (30 days) over and over. Before measuring, the statement is
 * EXPLAINed (ANALYZE, BUFFERS) exactly as the courses service builds it (services/courses/src/store/insights.ts).
 */
import { createDatabase } from '@rainmakers/kit';
import { insightsStatement } from '../../services/courses/src/store/insights';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

export const INSIGHTS_MEMBERS = 20;
export const INSIGHTS_P95_TARGET_MS = 100;

export interface InsightsCourse {
  courseId: number;
  lessons: number;
  completions: number;
  /** The statement's plan, its execution time first. */
  plan: string[];
}

/** Fills one course's completions for `userIds` (at most INSIGHTS_MEMBERS) and EXPLAINs the insights statement. */
export async function prepareInsightsCourse(coursesDb: string, userIds: readonly number[]): Promise<InsightsCourse> {
  const database = createDatabase<Record<string, never>>(coursesDb, { max: 1 });
  try {
    const pool = database.pool;
    const biggest = await pool.query<{ course_id: number; lessons: number }>(
      `SELECT m.course_id, count(*)::int AS lessons FROM modules m JOIN lessons l ON l.module_id = m.id
       WHERE m.course_id IS NOT NULL GROUP BY m.course_id ORDER BY lessons DESC, m.course_id LIMIT 1`,
    );
    const course = biggest.rows[0];
    if (!course) throw new Error('No course with lessons for the course-insights scenario');
    const members = userIds.slice(0, INSIGHTS_MEMBERS);
    const inserted = await pool.query(
      `WITH ordered AS (
         SELECT l.id, row_number() OVER (ORDER BY m.position, m.id, l.position, l.id) AS ord
         FROM modules m JOIN lessons l ON l.module_id = m.id WHERE m.course_id = $1
       )
       INSERT INTO lesson_completions (user_id, lesson_id, completed_at)
       SELECT u.user_id, o.id, now() - make_interval(secs => ((o.ord * 7919 + u.k * 104729) % (30 * 86400))::double precision)
       FROM unnest($2::int[]) WITH ORDINALITY AS u(user_id, k)
       JOIN ordered o ON o.ord <= ($3::int * (${INSIGHTS_MEMBERS} - (u.k - 1))) / ${INSIGHTS_MEMBERS}
       ON CONFLICT DO NOTHING`,
      [course.course_id, members, course.lessons],
    );
    await pool.query('ANALYZE lesson_completions, module_progress');
    const statement = insightsStatement(course.course_id, 30, new Date().toISOString().slice(0, 10));
    const explained = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
      statement.values,
    );
    const plan = explained.rows.map((r) => r['QUERY PLAN']);
    const timing = plan.filter((line) => /^(Planning|Execution) Time/.test(line));
    return {
      courseId: course.course_id,
      lessons: course.lessons,
      completions: inserted.rowCount ?? 0,
      plan: [...timing, ...plan],
    };
  } finally {
    await database.close();
  }
}

export function courseInsightsScenario(
  gatewayUrl: string,
  admin: SessionHeaders,
  course: InsightsCourse,
): ScenarioPlan {
  return {
    key: 'course-insights',
    name: 'course insights (admin)',
    description:
      `GET /api/course/insights/{id} (30 days) on the generated course with the most lessons (${course.lessons}), ` +
      `${INSIGHTS_MEMBERS} members' completions (${course.completions} rows)`,
    origin: gatewayUrl,
    targets: [{ p95BelowMs: INSIGHTS_P95_TARGET_MS }],
    next: () => ({
      method: 'GET',
      path: `/api/course/insights/${course.courseId}?days=30`,
      headers: { ...admin.read, 'accept-encoding': 'gzip, deflate, br' },
    }),
  };
}

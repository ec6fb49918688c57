/**
 * Course insights (GET /api/course/insights/{id}): one statement over the course's lessons and their completions.
 * The course's lessons come in course order from modules_course_position and lessons_module_position; their
 * completions from lesson_completions_lesson_covering (migration 006), an index-only scan per lesson, so the cost
 * follows the course's size and its completions, never the whole catalogue's.
 */
import type { QuizTally } from '../domain/insights';
import { type CoursesStore, queryRows, SqlParams, type Statement } from './db';

export interface InsightsLessonRow {
  id: number;
  title: string;
  moduleId: number;
  moduleTitle: string;
  completed: number;
}

export interface InsightsRow {
  lessonCount: number;
  started: number;
  finished: number;
  funnel: InsightsLessonRow[];
  timeline: { date: string; lessonCompletions: number; courseCompletions: number }[];
}

/** `days` days back from `today` (a UTC date, 'YYYY-MM-DD'), today included. */
export function insightsStatement(courseId: number, days: number, today: string): Statement {
  const p = new SqlParams();
  const course = p.add(courseId);
  const last = p.add(today);
  const span = p.add(days);
  return {
    text: `WITH course_lessons AS MATERIALIZED (
             SELECT l.id, l.title, m.id AS module_id, m.title AS module_title,
                    row_number() OVER (ORDER BY m.position, m.id, l.position, l.id) AS ord
             FROM modules m
             JOIN lessons l ON l.module_id = m.id
             WHERE m.course_id = ${course}
           ),
           done AS MATERIALIZED (
             SELECT lc.user_id, lc.lesson_id, lc.completed_at
             FROM course_lessons cl
             JOIN lesson_completions lc ON lc.lesson_id = cl.id
           ),
           members AS MATERIALIZED (
             SELECT user_id, count(*) AS lessons, max(completed_at) AS last_at FROM done GROUP BY user_id
           ),
           range AS (
             SELECT ${last}::date - (${span}::int - 1) AS first_day, ${last}::date AS last_day
           )
           SELECT
             (SELECT count(*) FROM course_lessons)::int AS "lessonCount",
             (SELECT count(*) FROM members)::int AS started,
             (SELECT count(*) FROM members WHERE lessons = (SELECT count(*) FROM course_lessons))::int AS finished,
             (SELECT coalesce(json_agg(json_build_object(
                       'id', cl.id, 'title', cl.title, 'moduleId', cl.module_id, 'moduleTitle', cl.module_title,
                       'completed', coalesce(per_lesson.n, 0)) ORDER BY cl.ord), '[]'::json)
              FROM course_lessons cl
              LEFT JOIN (SELECT lesson_id, count(*)::int AS n FROM done GROUP BY lesson_id) AS per_lesson
                ON per_lesson.lesson_id = cl.id) AS funnel,
             (SELECT json_agg(json_build_object(
                       'date', to_char(day, 'YYYY-MM-DD'),
                       'lessonCompletions', coalesce(lessons.n, 0),
                       'courseCompletions', coalesce(courses.n, 0)) ORDER BY day)
              FROM range, generate_series(range.first_day, range.last_day, interval '1 day') AS day
              LEFT JOIN (SELECT (completed_at AT TIME ZONE 'UTC')::date AS d, count(*)::int AS n
                         FROM done, range
                         WHERE completed_at >= range.first_day::timestamp AT TIME ZONE 'UTC'
                         GROUP BY 1) AS lessons ON lessons.d = day::date
              LEFT JOIN (SELECT (last_at AT TIME ZONE 'UTC')::date AS d, count(*)::int AS n
                         FROM members, range
                         WHERE lessons = (SELECT count(*) FROM course_lessons)
                           AND last_at >= range.first_day::timestamp AT TIME ZONE 'UTC'
                         GROUP BY 1) AS courses ON courses.d = day::date) AS timeline`,
    values: p.values,
  };
}

export async function courseInsightsRow(
  store: CoursesStore,
  courseId: number,
  days: number,
  today: string,
): Promise<InsightsRow> {
  const [row] = await queryRows<InsightsRow>(store.pool, insightsStatement(courseId, days, today));
  return row ?? { lessonCount: 0, started: 0, finished: 0, funnel: [], timeline: [] };
}

/**
 * The course's quizzes and their attempts: per lesson with a quiz, attempts, members who tried and passed, the
 * attempts members needed to pass (their first passing attempt's number) and the question missed most often. The
 * course's lessons come as in insightsStatement; their attempts from quiz_attempts_lesson.
 */
export function quizInsightsStatement(courseId: number): Statement {
  const p = new SqlParams();
  const course = p.add(courseId);
  return {
    text: `WITH quiz_lessons AS MATERIALIZED (
             SELECT l.id, l.title, l.quiz, row_number() OVER (ORDER BY m.position, m.id, l.position, l.id) AS ord
             FROM modules m
             JOIN lessons l ON l.module_id = m.id
             WHERE m.course_id = ${course} AND l.quiz IS NOT NULL
           ),
           attempts AS MATERIALIZED (
             SELECT a.lesson_id, a.user_id, a.passed, a.results,
                    row_number() OVER (PARTITION BY a.lesson_id, a.user_id ORDER BY a.created_at, a.id) AS n
             FROM quiz_lessons q
             JOIN quiz_attempts a ON a.lesson_id = q.id
           ),
           per_member AS (
             SELECT lesson_id, user_id, count(*) AS tries, min(n) FILTER (WHERE passed) AS tries_to_pass
             FROM attempts GROUP BY lesson_id, user_id
           ),
           per_lesson AS (
             SELECT lesson_id, sum(tries)::int AS attempts, count(*)::int AS attempted,
                    count(tries_to_pass)::int AS passed, round(avg(tries_to_pass), 1)::float8 AS to_pass
             FROM per_member GROUP BY lesson_id
           ),
           missed AS (
             SELECT DISTINCT ON (a.lesson_id) a.lesson_id, r->>'questionId' AS question_id, count(*)::int AS n
             FROM attempts a, jsonb_array_elements(a.results) AS r
             WHERE r->>'correct' = 'false'
             GROUP BY a.lesson_id, r->>'questionId'
             ORDER BY a.lesson_id, count(*) DESC, r->>'questionId'
           )
           SELECT q.id AS "lessonId", q.title, q.quiz,
                  coalesce(pl.attempts, 0) AS attempts,
                  coalesce(pl.attempted, 0) AS "membersAttempted",
                  coalesce(pl.passed, 0) AS "membersPassed",
                  pl.to_pass AS "attemptsToPass",
                  CASE WHEN mi.question_id IS NULL THEN NULL
                       ELSE json_build_object('questionId', mi.question_id, 'missed', mi.n) END AS "mostMissed"
           FROM quiz_lessons q
           LEFT JOIN per_lesson pl ON pl.lesson_id = q.id
           LEFT JOIN missed mi ON mi.lesson_id = q.id
           ORDER BY q.ord`,
    values: p.values,
  };
}

export function quizInsightRows(store: CoursesStore, courseId: number): Promise<QuizTally[]> {
  return queryRows<QuizTally>(store.pool, quizInsightsStatement(courseId));
}

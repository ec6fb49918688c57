/**
 * `lesson-discussion`: GET /api/lesson/{id}/comments (its first page: 20 questions with their replies) on a discussion
 * of 500 comments (100 questions of 4 replies each, written straight into the courses database under the seeded
 * "How Fulfillment by Amazon Works"), by the bench members in turn, one connection: what a member waits for when the
 * lesson opens. Each read is the lesson's cached access chain, the page's questions, their replies, the count and
 * the authors' names (docs/decisions.md "Lesson discussions").
 */
import { createDatabase } from '@rainmakers/kit';
import { lockDiscussion, recountDiscussion } from '../../services/courses/src/store/lesson-comments';
import type { CoursesDatabase } from '../../services/courses/src/store/schema';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

export const DISCUSSION_P95_TARGET_MS = 50;
export const DISCUSSION_COMMENTS = 500;
const QUESTIONS = 100;
const COURSE = 'amazon-fba-launch-blueprint';
const LESSON = 'How Fulfillment by Amazon Works';

/** The seeded lesson's id, from the admin's view of its course. */
export async function discussionLessonId(gatewayUrl: string, admin: SessionHeaders): Promise<number> {
  const page = (await (await fetch(`${gatewayUrl}/api/course/${COURSE}`, { headers: admin.read })).json()) as {
    course: { Modules: { Lessons: { id: number; title: string }[] }[] };
  };
  const lesson = page.course.Modules.flatMap((m) => m.Lessons).find((l) => l.title === LESSON);
  if (!lesson) throw new Error(`the seed has no lesson "${LESSON}"`);
  return lesson.id;
}

/**
 * Tops the lesson's discussion up to DISCUSSION_COMMENTS comments (questions first, then 4 replies each), written by
 * the bench members in turn, and recounts it as the service does. A second run adds nothing.
 */
export async function prepareDiscussion(
  coursesDb: string,
  lessonId: number,
  authorIds: readonly number[],
): Promise<{ comments: number; added: number }> {
  const database = createDatabase<CoursesDatabase>(coursesDb, { max: 1 });
  try {
    const pool = database.pool;
    const before = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lesson_comments WHERE lesson_id = $1',
      [lessonId],
    );
    const have = before.rows[0]?.n ?? 0;
    if (have >= DISCUSSION_COMMENTS) return { comments: have, added: 0 };
    const authors = authorIds.length > 0 ? [...authorIds] : [9_000_001];
    const questions = await pool.query<{ id: number }>(
      `INSERT INTO lesson_comments (lesson_id, author_id, body, created_at)
       SELECT $1, ($2::int[])[1 + (g % cardinality($2::int[]))],
              'Bench question ' || g || ': how do I **calculate** the landed cost of a shipment from the factory?',
              now() - make_interval(mins => ${QUESTIONS} - g)
       FROM generate_series(1, $3::int) AS g
       RETURNING id`,
      [lessonId, authors, QUESTIONS],
    );
    const perQuestion = Math.floor((DISCUSSION_COMMENTS - QUESTIONS) / QUESTIONS);
    await pool.query(
      `INSERT INTO lesson_comments (lesson_id, parent_id, author_id, body, answer)
       SELECT $1, q.id, ($2::int[])[1 + ((q.id + r) % cardinality($2::int[]))],
              'Reply ' || r || ': add freight, duties and the **FBA** inbound fee per unit.', r = 1
       FROM unnest($3::int[]) AS q(id) CROSS JOIN generate_series(1, $4::int) AS r`,
      [lessonId, authors, questions.rows.map((q) => q.id), perQuestion],
    );
    await database.db.transaction().execute(async (trx) => {
      await lockDiscussion(trx, lessonId);
      await recountDiscussion(trx, lessonId);
    });
    await pool.query('ANALYZE lesson_comments');
    const after = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lesson_comments WHERE lesson_id = $1',
      [lessonId],
    );
    const comments = after.rows[0]?.n ?? 0;
    return { comments, added: comments - have };
  } finally {
    await database.close();
  }
}

export function lessonDiscussionScenario(
  gatewayUrl: string,
  members: readonly SessionHeaders[],
  lessonId: number,
  comments: number,
): ScenarioPlan {
  if (members.length === 0) throw new Error('No members to read the discussion');
  let n = 0;
  return {
    key: 'lesson-discussion',
    name: 'lesson discussion (premium, 1 conn)',
    description:
      `GET /api/lesson/${lessonId}/comments (first page: 20 questions and their replies) on a discussion of ` +
      `${comments} comments, ${members.length} members in turn`,
    origin: gatewayUrl,
    connections: 1,
    targets: [{ p95BelowMs: DISCUSSION_P95_TARGET_MS }],
    next: () => {
      const member = members[n++ % members.length] as SessionHeaders;
      return { method: 'GET', path: `/api/lesson/${lessonId}/comments`, headers: member.read };
    },
  };
}

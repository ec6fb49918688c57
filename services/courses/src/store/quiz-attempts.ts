/** Members' attempts at lessons' quizzes: every one kept, always read as the caller's own or in aggregate. */
import type { QuizAttemptInput, QuizAttemptResponse, QuizProgress } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { CoursesDb } from './db';

export async function insertAttempt(
  db: CoursesDb,
  attempt: { lessonId: number; userId: number; answers: QuizAttemptInput['answers'] } & QuizAttemptResponse,
): Promise<void> {
  await db
    .insertInto('quiz_attempts')
    .values({
      lesson_id: attempt.lessonId,
      user_id: attempt.userId,
      score: attempt.score,
      passed: attempt.passed,
      answers: JSON.stringify(attempt.answers),
      results: JSON.stringify(attempt.results),
    })
    .execute();
}

/** Her attempts at one lesson's quiz: how many, whether one passed, the best score. */
export async function quizProgressOf(db: CoursesDb, userId: number, lessonId: number): Promise<QuizProgress> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select((eb) => [
      eb.fn.countAll<string>().as('attempts'),
      sql<boolean>`coalesce(bool_or(passed), false)`.as('passed'),
      eb.fn.max<number | null>('score').as('best'),
    ])
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.attempts), passed: row.passed, bestScore: row.best ?? null };
}

export async function hasPassedQuiz(db: CoursesDb, userId: number, lessonId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select('id')
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .where('passed', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteAttemptsOf(db: CoursesDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('quiz_attempts').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Her attempts, for her own export. */
export async function ownAttempts(db: CoursesDb, userId: number) {
  return db
    .selectFrom('quiz_attempts as a')
    .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
    .select(['a.lesson_id', 'l.title as lesson_title', 'a.score', 'a.passed', 'a.answers', 'a.created_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
}

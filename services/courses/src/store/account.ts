/**
 * What courses holds about one person, for her own export: every completion, certificate, video position, quiz
 * attempt and lesson discussion comment.
 */
import type { CoursesDb } from './db';
import { ownComments } from './lesson-comments';
import { ownAttempts } from './quiz-attempts';

export async function ownLearning(db: CoursesDb, userId: number) {
  const [completions, certificates, videoPositions, quizAttempts, lessonComments] = await Promise.all([
    db
      .selectFrom('lesson_completions as lc')
      .innerJoin('lessons as l', 'l.id', 'lc.lesson_id')
      .innerJoin('modules as m', 'm.id', 'l.module_id')
      .leftJoin('courses as c', 'c.id', 'm.course_id')
      .select([
        'lc.lesson_id',
        'l.title as lesson_title',
        'm.title as module_title',
        'c.title as course_title',
        'lc.completed_at',
      ])
      .where('lc.user_id', '=', userId)
      .orderBy('lc.completed_at')
      .orderBy('lc.lesson_id')
      .execute(),
    db
      .selectFrom('certificates')
      .select(['id', 'course_id', 'full_name', 'course_title', 'completed_at', 'issued_at'])
      .where('user_id', '=', userId)
      .orderBy('issued_at')
      .execute(),
    db
      .selectFrom('lesson_video_positions as p')
      .innerJoin('lessons as l', 'l.id', 'p.lesson_id')
      .select(['p.lesson_id', 'l.title as lesson_title', 'p.seconds', 'p.updated_at'])
      .where('p.user_id', '=', userId)
      .orderBy('p.lesson_id')
      .execute(),
    ownAttempts(db, userId),
    ownComments(db, userId),
  ]);
  return { completions, certificates, videoPositions, quizAttempts, lessonComments };
}

export type OwnLearning = Awaited<ReturnType<typeof ownLearning>>;

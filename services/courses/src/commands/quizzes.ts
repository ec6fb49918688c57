/** Taking a lesson's quiz: scored here (the right answers never leave for members), every attempt kept. */
import {
  type Actor,
  LESSON_NOT_FOUND,
  QUIZ_NOT_FOUND,
  QUIZ_UNKNOWN_QUESTION,
  type QuizAttemptInput,
  type QuizAttemptResponse,
} from '@rainmakers/contracts';
import { badRequest, foreignKeyViolation, notFound, recordIdempotencyKey } from '@rainmakers/kit';
import { scoreAttempt, unknownQuestionIds } from '../domain/quiz';
import { canAttemptQuiz } from '../policies';
import { insertAttempt } from '../store/quiz-attempts';
import { chainForPolicy } from './course-page';
import { assertLessonOpen } from './drip';
import { chainOfLesson, lessonById, pinned, type SharedReads } from './shared-reads';

/**
 * POST /api/lesson/{id}/quiz/attempt. A lesson the person cannot open answers like a missing one; a lesson without
 * a quiz says so. Answers for questions the quiz does not have are refused (a stale page after an edit), so a
 * score always describes the quiz as it is.
 */
export async function attemptQuiz(
  deps: SharedReads,
  actor: Actor,
  lessonId: number,
  input: QuizAttemptInput,
): Promise<QuizAttemptResponse> {
  const reads = await pinned(deps);
  const chain = await chainOfLesson(reads, lessonId);
  if (!chain || !canAttemptQuiz(actor, chainForPolicy(chain))) throw notFound(LESSON_NOT_FOUND);
  await assertLessonOpen(reads.store.db, actor, chain);
  const lesson = await lessonById(reads, lessonId);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  if (!lesson.quiz) throw notFound(QUIZ_NOT_FOUND);
  if (unknownQuestionIds(lesson.quiz, input.answers).length > 0) {
    throw badRequest(QUIZ_UNKNOWN_QUESTION, { answers: QUIZ_UNKNOWN_QUESTION });
  }
  const result = scoreAttempt(lesson.quiz, input.answers);
  try {
    // A retry with the same Idempotency-Key is answered from the first attempt instead of counting a second one.
    await reads.store.db.transaction().execute(async (trx) => {
      await recordIdempotencyKey(trx);
      await insertAttempt(trx, { lessonId, userId: actor.userId, answers: input.answers, ...result });
    });
  } catch (error) {
    // The lesson was deleted between the read and the insert.
    if (foreignKeyViolation(error)) throw notFound(LESSON_NOT_FOUND);
    throw error;
  }
  return result;
}

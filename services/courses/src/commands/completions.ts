/** Marking lessons completed or not, with the event other services (and the dashboard) learn it from. */

import { type Actor, LESSON_NOT_FOUND, type MarkLessonResponse, QUIZ_NOT_PASSED } from '@rainmakers/contracts';
import { conflict, type EventNudger, foreignKeyViolation, notFound, outboxRow } from '@rainmakers/kit';
import { completedFlag, progressPercent } from '../domain/progress';
import { canMarkLesson, viewerOf } from '../policies';
import { moduleCountsOfCourses, moduleProgressCounts, writeCompletion } from '../store/completions';
import { hasPassedQuiz } from '../store/quiz-attempts';
import { saveVideoPosition } from '../store/video-positions';
import { chainForPolicy } from './course-page';
import { assertLessonOpen } from './drip';
import { chainOfLesson, type SharedReads } from './shared-reads';

/**
 * PUT /api/lesson/mark-as-completed and /mark-as-uncompleted. Idempotent: marking twice changes nothing the
 * second time and publishes no second event. The event is written in the same transaction as the change.
 * A lesson the person cannot open answers exactly like a missing one (hidden means missing). A lesson with a quiz
 * is completed only after a passing attempt (409 otherwise); un-marking is always allowed.
 */
export async function markLesson(
  deps: SharedReads,
  events: EventNudger,
  actor: Actor,
  lessonId: number,
  completed: boolean,
): Promise<MarkLessonResponse> {
  const { store } = deps;
  const chain = await chainOfLesson(deps, lessonId);
  if (!chain || !canMarkLesson(actor, chainForPolicy(chain))) throw notFound(LESSON_NOT_FOUND);
  // A lesson of a module that opens later cannot be completed yet; un-marking stays possible.
  if (completed) await assertLessonOpen(store.db, actor, chain);
  // A lesson with a quiz is completed by passing it, so a certificate says she did (decisions.md, "Quizzes").
  if (completed && chain.hasQuiz && !(await hasPassedQuiz(store.db, actor.userId, lessonId))) {
    throw conflict(QUIZ_NOT_PASSED);
  }
  const data = { userId: actor.userId, lessonId, moduleId: chain.moduleId, courseId: chain.courseId };
  const event = outboxRow(completed ? 'courses.lesson-completed' : 'courses.lesson-uncompleted', data);
  try {
    // The change and its event in one statement (Completion in one statement): no transaction of four round trips.
    const changed = await writeCompletion(store, actor.userId, lessonId, completed, event);
    if (changed) events.nudge();
  } catch (error) {
    // The lesson was deleted between the check and the insert.
    if (foreignKeyViolation(error)) throw notFound(LESSON_NOT_FOUND);
    throw error;
  }

  if (chain.courseId === null) {
    // A free module's lesson (admins only): progress of the module alone, no course.
    const counts = await moduleProgressCounts(store, actor.userId, chain.moduleId);
    return {
      lessonId,
      completed: completedFlag(completed),
      courseProgress: null,
      moduleProgress: progressPercent(counts.completed, counts.total),
    };
  }
  // From the maintained counts, with the same visibility rules as the course page (visible modules' visible lessons).
  const modules = await moduleCountsOfCourses(store, viewerOf(actor), actor.userId, [chain.courseId]);
  const module = modules.find((m) => m.moduleId === chain.moduleId);
  const course = modules.reduce((sum, m) => ({ total: sum.total + m.total, completed: sum.completed + m.completed }), {
    total: 0,
    completed: 0,
  });
  return {
    lessonId,
    completed: completedFlag(completed),
    courseProgress: progressPercent(course.completed, course.total),
    moduleProgress: module ? progressPercent(module.completed, module.total) : 0,
  };
}

/** PUT /api/lesson/video-position: where the caller is in a lesson's video (a lesson she may open, with a video). */
export async function recordVideoPosition(
  deps: SharedReads,
  actor: Actor,
  lessonId: number,
  seconds: number,
): Promise<void> {
  const chain = await chainOfLesson(deps, lessonId);
  if (!chain || !canMarkLesson(actor, chainForPolicy(chain))) throw notFound(LESSON_NOT_FOUND);
  await assertLessonOpen(deps.store.db, actor, chain);
  try {
    await saveVideoPosition(deps.store.db, actor.userId, lessonId, Math.round(seconds * 10) / 10);
  } catch (error) {
    if (foreignKeyViolation(error)) throw notFound(LESSON_NOT_FOUND);
    throw error;
  }
}

/** Marking lessons completed or not, with the event other services (and the dashboard) learn it from. */
import {
  type Actor,
  LESSON_ACCESS_DENIED_MESSAGE,
  LESSON_NOT_FOUND,
  type MarkLessonResponse,
} from '@rainmakers/contracts';
import { forbidden, foreignKeyViolation, notFound, publishEvent } from '@rainmakers/kit';
import { completedFlag, summarizeProgress } from '../domain/progress';
import { canMarkLesson, viewerOf } from '../policies';
import { completedAmong, deleteCompletion, insertCompletion } from '../store/completions';
import type { CoursesStore } from '../store/db';
import { lessonChain, lessonsOfModules } from '../store/lessons';
import { chainForPolicy, courseTree } from './course-page';

/** Tells the outbox relay to publish now rather than at its next poll. */
export interface EventNudger {
  nudge(): void;
}

/**
 * PUT /api/lesson/mark-as-completed and /mark-as-uncompleted. Idempotent: marking twice changes nothing the
 * second time and publishes no second event. The event is written in the same transaction as the change.
 */
export async function markLesson(
  store: CoursesStore,
  events: EventNudger,
  actor: Actor,
  lessonId: number,
  completed: boolean,
): Promise<MarkLessonResponse> {
  const chain = await lessonChain(store.db, lessonId);
  if (!chain) throw notFound(LESSON_NOT_FOUND);
  if (!canMarkLesson(actor, chainForPolicy(chain))) throw forbidden(LESSON_ACCESS_DENIED_MESSAGE);
  const data = { userId: actor.userId, lessonId, moduleId: chain.moduleId, courseId: chain.courseId };
  let changed: boolean;
  try {
    changed = await store.db.transaction().execute(async (trx) => {
      const didChange = completed
        ? await insertCompletion(trx, actor.userId, lessonId)
        : await deleteCompletion(trx, actor.userId, lessonId);
      if (didChange) {
        await publishEvent(trx, completed ? 'courses.lesson-completed' : 'courses.lesson-uncompleted', data);
      }
      return didChange;
    });
  } catch (error) {
    // The lesson was deleted between the check and the insert.
    if (foreignKeyViolation(error)) throw notFound(LESSON_NOT_FOUND);
    throw error;
  }
  if (changed) events.nudge();

  const viewer = viewerOf(actor);
  if (chain.courseId === null) {
    // A free module's lesson (admins only): progress of the module alone, no course.
    const lessons = await lessonsOfModules(store.db, [chain.moduleId], { search: '', content: false });
    const done = await completedAmong(
      store.db,
      actor.userId,
      lessons.map((l) => l.id),
    );
    const summary = summarizeProgress(lessons.map((l) => ({ moduleId: l.moduleId, completed: done.has(l.id) })));
    return { lessonId, completed: completedFlag(completed), courseProgress: null, moduleProgress: summary.percent };
  }
  const tree = await courseTree(store, viewer, actor.userId, chain.courseId, { search: '', content: false });
  return {
    lessonId,
    completed: completedFlag(completed),
    courseProgress: tree.progress.percent,
    moduleProgress: tree.progress.byModule.get(chain.moduleId)?.percent ?? 0,
  };
}

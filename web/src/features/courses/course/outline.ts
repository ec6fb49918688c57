/**
 * Pure rules of the course page: which lesson is shown, the next lesson, progress figures after a completion, and
 * the reorder moves (modules; lessons within and across modules) with the payloads they save. No React, no DOM.
 */
import { REORDER_FIRST_POSITION } from '../constants';

export interface OutlineLesson {
  id: number;
  ModuleId: number;
  completed: 'true' | 'false';
}

export interface OutlineModule<L extends OutlineLesson = OutlineLesson> {
  id: number;
  Lessons: L[];
}

/** Every lesson in reading order (modules, then lessons), with its module. */
export function flattenLessons<L extends OutlineLesson, M extends OutlineModule<L>>(
  modules: readonly M[],
): { module: M; lesson: L }[] {
  return modules.flatMap((module) => module.Lessons.map((lesson) => ({ module, lesson })));
}

/**
 * The lesson to show for the address: the given lesson when it is in the course; else the first lesson of the given
 * module; else the first lesson of the course. `missing` says an asked-for lesson was not found.
 */
export function resolveSelection<L extends OutlineLesson, M extends OutlineModule<L>>(
  modules: readonly M[],
  moduleId: number | null,
  lessonId: number | null,
): { module: M; lesson: L; missing: boolean } | { module: M | null; lesson: null; missing: boolean } {
  const all = flattenLessons<L, M>(modules);
  if (lessonId !== null) {
    const found = all.find((entry) => entry.lesson.id === lessonId);
    if (found) return { ...found, missing: false };
  }
  if (moduleId !== null) {
    const module = modules.find((m) => m.id === moduleId) ?? null;
    const first = module?.Lessons[0];
    if (module && first) return { module, lesson: first, missing: lessonId !== null };
    if (module) return { module, lesson: null, missing: lessonId !== null };
  }
  const missing = lessonId !== null || moduleId !== null;
  // The bare course address resumes where the person left off; a missing lesson or module opens the start.
  const first = missing ? all[0] : resumeEntry(all);
  return first ? { ...first, missing } : { module: null, lesson: null, missing };
}

/**
 * Where a course resumes (the server's `resumeLessonOf` picks the same): the lesson after the last completed one in
 * reading order; when that was the last lesson, the first one not completed; with nothing completed or everything
 * completed, the first lesson.
 */
function resumeEntry<E extends { lesson: OutlineLesson }>(all: readonly E[]): E | undefined {
  let last = -1;
  all.forEach((entry, index) => {
    if (entry.lesson.completed === 'true') last = index;
  });
  return all[last + 1] ?? all.find((entry) => entry.lesson.completed !== 'true') ?? all[0];
}

/** The lesson before this one across modules, or null on the first lesson of the course. */
export function previousLessonOf<L extends OutlineLesson, M extends OutlineModule<L>>(
  modules: readonly M[],
  lessonId: number,
): { module: M; lesson: L } | null {
  const all = flattenLessons<L, M>(modules);
  const index = all.findIndex((entry) => entry.lesson.id === lessonId);
  return index > 0 ? (all[index - 1] ?? null) : null;
}

/** The lesson after this one across modules, or null at the end of the course. */
export function nextLessonOf<L extends OutlineLesson, M extends OutlineModule<L>>(
  modules: readonly M[],
  lessonId: number,
): { module: M; lesson: L } | null {
  const all = flattenLessons<L, M>(modules);
  const index = all.findIndex((entry) => entry.lesson.id === lessonId);
  return index >= 0 ? (all[index + 1] ?? null) : null;
}

/** The lessons before and after this one across modules (null at either end, or with no lesson). */
export function neighboursOf<L extends OutlineLesson, M extends OutlineModule<L>>(
  modules: readonly M[],
  lessonId: number | undefined,
): { previous: { module: M; lesson: L } | null; next: { module: M; lesson: L } | null } {
  if (lessonId === undefined) return { previous: null, next: null };
  return { previous: previousLessonOf<L, M>(modules, lessonId), next: nextLessonOf<L, M>(modules, lessonId) };
}

/** Whole percent of completed lessons, rounded like the server (0 with no lessons). */
export function percentCompleted(lessons: readonly OutlineLesson[]): number {
  if (lessons.length === 0) return 0;
  return Math.round((lessons.filter((l) => l.completed === 'true').length / lessons.length) * 100);
}

/** The modules with one lesson's completion flipped and the module/course percents recomputed locally. */
export function withCompletion<L extends OutlineLesson, M extends OutlineModule<L> & { totalProgress: number }>(
  modules: readonly M[],
  lessonId: number,
  completed: boolean,
): { modules: M[]; courseProgress: number } {
  const next = modules.map((module) => {
    if (!module.Lessons.some((l) => l.id === lessonId)) return module;
    const Lessons = module.Lessons.map((l) =>
      l.id === lessonId ? { ...l, completed: completed ? ('true' as const) : ('false' as const) } : l,
    );
    return { ...module, Lessons, totalProgress: percentCompleted(Lessons) };
  });
  return { modules: next, courseProgress: percentCompleted(next.flatMap((m) => m.Lessons)) };
}

/** A copy of the list with one item moved. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1) as [T];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** Positions from 1 in list order (the course catalogue and the course page reorder both start at 1). */
export function renumber<T extends { id: number }>(list: readonly T[]): { id: number; position: number }[] {
  return list.map((item, index) => ({ id: item.id, position: index + REORDER_FIRST_POSITION }));
}

/** Moves a lesson inside its module or to another one; the lesson takes its new module's id. */
export function moveLesson<L extends OutlineLesson, M extends OutlineModule<L>>(
  modules: readonly M[],
  source: { moduleId: number; index: number },
  destination: { moduleId: number; index: number },
): M[] {
  const from = modules.find((m) => m.id === source.moduleId);
  const lesson = from?.Lessons[source.index];
  if (!from || !lesson || !modules.some((m) => m.id === destination.moduleId)) return [...modules];
  if (source.moduleId === destination.moduleId) {
    return modules.map((m) =>
      m.id === source.moduleId ? { ...m, Lessons: moveItem(m.Lessons, source.index, destination.index) } : m,
    );
  }
  return modules.map((m) => {
    if (m.id === source.moduleId) return { ...m, Lessons: m.Lessons.filter((_, i) => i !== source.index) };
    if (m.id === destination.moduleId) {
      const Lessons = [...m.Lessons];
      Lessons.splice(Math.max(0, Math.min(destination.index, Lessons.length)), 0, {
        ...lesson,
        ModuleId: destination.moduleId,
      });
      return { ...m, Lessons };
    }
    return m;
  });
}

export interface CourseReorderBody {
  courseId: number;
  modules: { id: number; position: number; Lessons: { id: number; position: number; ModuleId: number }[] }[];
}

/** POST /api/course/reorder: every module and lesson renumbered from 1 in the order shown. */
export function courseReorderBody(courseId: number, modules: readonly OutlineModule[]): CourseReorderBody {
  return {
    courseId,
    modules: modules.map((module, index) => ({
      id: module.id,
      position: index + REORDER_FIRST_POSITION,
      Lessons: module.Lessons.map((lesson, lessonIndex) => ({
        id: lesson.id,
        position: lessonIndex + REORDER_FIRST_POSITION,
        ModuleId: module.id,
      })),
    })),
  };
}

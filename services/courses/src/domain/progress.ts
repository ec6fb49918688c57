/**
 * Progress (spec: 0 to 100 percent; the 'Completed' overlay applies at 100 or more): completed lessons over the
 * lessons the person can open, rounded to a whole number; 0 when there are none.
 */
import type { CompletedFlag } from '@rainmakers/contracts';

export function progressPercent(completed: number, total: number): number {
  if (total <= 0 || completed <= 0) return 0;
  return Math.min(100, Math.round((100 * completed) / total));
}

export interface LessonProgressInput {
  moduleId: number;
  completed: boolean;
}

export interface ProgressSummary {
  total: number;
  completed: number;
  percent: number;
  byModule: Map<number, { total: number; completed: number; percent: number }>;
}

/** Course and per-module progress over a list of accessible lessons. */
export function summarizeProgress(lessons: readonly LessonProgressInput[]): ProgressSummary {
  const byModule = new Map<number, { total: number; completed: number; percent: number }>();
  let completed = 0;
  for (const lesson of lessons) {
    const entry = byModule.get(lesson.moduleId) ?? { total: 0, completed: 0, percent: 0 };
    entry.total += 1;
    if (lesson.completed) {
      entry.completed += 1;
      completed += 1;
    }
    byModule.set(lesson.moduleId, entry);
  }
  for (const entry of byModule.values()) entry.percent = progressPercent(entry.completed, entry.total);
  return { total: lessons.length, completed, percent: progressPercent(completed, lessons.length), byModule };
}

/** The spec sends lesson completion as a string. */
export const completedFlag = (completed: boolean): CompletedFlag => (completed ? 'true' : 'false');

export interface CourseProgressOverview {
  /** Courses the person can see. */
  courses: number;
  /** Of those, courses at 100 percent. */
  completedCourses: number;
  /** Lessons the person can open across those courses, and how many of them they completed. */
  lessons: number;
  completedLessons: number;
  /** completedLessons over lessons, as progressPercent rounds it. */
  percent: number;
}

/**
 * The dashboard's Course Progress: every lesson the person can open in the courses they can see counts once, so a
 * long course weighs more than a short one (what "how far through my courses am I" means to a member).
 */
export function courseProgressOverview(
  courseIds: readonly number[],
  counts: ReadonlyMap<number, { completed: number; total: number }>,
): CourseProgressOverview {
  let lessons = 0;
  let completedLessons = 0;
  let completedCourses = 0;
  for (const id of courseIds) {
    const course = counts.get(id);
    if (!course) continue;
    lessons += course.total;
    completedLessons += course.completed;
    if (progressPercent(course.completed, course.total) >= 100) completedCourses += 1;
  }
  return {
    courses: courseIds.length,
    completedCourses,
    lessons,
    completedLessons,
    percent: progressPercent(completedLessons, lessons),
  };
}

/**
 * Where a course page resumes when its address names no lesson (the web's outline.ts picks the same): the lesson
 * after the last completed one in reading order; when that was the last lesson, the first one not completed; with
 * nothing or everything completed, the first lesson.
 */
export function resumeLessonOf<L extends { id: number }>(
  listed: readonly L[],
  completed: ReadonlySet<number>,
): L | undefined {
  let last = -1;
  listed.forEach((lesson, index) => {
    if (completed.has(lesson.id)) last = index;
  });
  return listed[last + 1] ?? listed.find((lesson) => !completed.has(lesson.id)) ?? listed[0];
}

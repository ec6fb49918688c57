/**
 * The parts of a course that are the same for every reader, read through the catalogue cache (version-checked
 * against every authoring write, catalogue-cache.ts): the course by slug, its outline (modules and lesson titles
 * with their tags), one lesson with its content and quiz, and a lesson's access chain. A course page then costs one query
 * of the person's own (their completions) instead of nine; a completion one fewer. A request that reads several of
 * them pins the version first (`pinned`).
 *
 * Cached values are shared between requests: callers filter and map them, never change them.
 */
import type { CacheReader } from '../catalogue-cache';
import { type CourseRecord, findCourseBySlug } from '../store/courses';
import type { CoursesStore } from '../store/db';
import {
  findLesson,
  type LessonChainRow,
  type LessonRecord,
  lessonChain,
  lessonsOfModules,
  type TreeLesson,
} from '../store/lessons';
import { type ModuleRecord, modulesOfCourse } from '../store/modules';

export interface SharedReads {
  store: CoursesStore;
  catalogue: CacheReader;
}

/** The same reads bound to the catalogue version current now (one Redis GET for all the reads of a request). */
export async function pinned(deps: SharedReads): Promise<SharedReads> {
  return { store: deps.store, catalogue: await deps.catalogue.pin() };
}

export interface CourseOutline {
  modules: readonly ModuleRecord[];
  /** Every lesson of the course's modules, in (position, id) order, without content. */
  lessons: readonly TreeLesson[];
}

/** Rough bytes a value holds in memory, for the cache's byte bound: strings twice their length, plus overhead. */
const textBytes = (text: string) => 2 * text.length;
const RECORD_OVERHEAD = 200;

export function courseBySlug(deps: SharedReads, slug: string): Promise<CourseRecord | null> {
  return deps.catalogue.read(
    `course-by-slug:${slug}`,
    () => findCourseBySlug(deps.store.db, slug),
    (course) => RECORD_OVERHEAD + textBytes(course?.description ?? ''),
  );
}

export function courseOutline(deps: SharedReads, courseId: number): Promise<CourseOutline> {
  return deps.catalogue.read(
    `course-outline:${courseId}`,
    async () => {
      const modules = await modulesOfCourse(deps.store.db, courseId);
      const lessons = await lessonsOfModules(
        deps.store.db,
        modules.map((m) => m.id),
        { search: '', content: false },
      );
      return { modules, lessons };
    },
    (outline) =>
      outline.modules.reduce((sum, m) => sum + RECORD_OVERHEAD + textBytes(m.title), 0) +
      outline.lessons.reduce((sum, l) => sum + RECORD_OVERHEAD + textBytes(l.title), 0),
  );
}

export function lessonById(deps: SharedReads, lessonId: number): Promise<LessonRecord | null> {
  return deps.catalogue.read(
    `lesson:${lessonId}`,
    () => findLesson(deps.store.db, lessonId),
    (lesson) =>
      RECORD_OVERHEAD +
      (lesson
        ? textBytes(lesson.title) +
          textBytes(lesson.content) +
          (lesson.quiz ? textBytes(JSON.stringify(lesson.quiz)) : 0)
        : 0),
  );
}

export function chainOfLesson(deps: SharedReads, lessonId: number): Promise<LessonChainRow | null> {
  return deps.catalogue.read(
    `lesson-chain:${lessonId}`,
    () => lessonChain(deps.store.db, lessonId),
    () => RECORD_OVERHEAD,
  );
}

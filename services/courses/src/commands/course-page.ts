/** The course page, access checks, lesson redirects and the progress figures they share. */

import {
  type Actor,
  COURSE_NOT_FOUND,
  type CourseLesson,
  type CoursePage,
  type CoursePageQuery,
  LESSON_NOT_FOUND,
} from '@rainmakers/contracts';
import { notFound } from '@rainmakers/kit';
import { type ProgressSummary, resumeLessonOf, summarizeProgress } from '../domain/progress';
import { canSeeLesson, canSeeModule, type Viewer } from '../domain/visibility';
import {
  canOpenLessonOf,
  canViewCourse,
  courseAbilities,
  type LessonChain,
  lessonAbilities,
  moduleAbilities,
  viewerOf,
} from '../policies';
import { presentCourseLesson, presentCoursePage, presentPageLesson, presentPageModule } from '../presenters';
import { completedAmong, completedInModules } from '../store/completions';
import type { CourseRecord } from '../store/courses';
import { type LessonChainRow, lessonsOfModules, type TreeLesson } from '../store/lessons';
import type { ModuleRecord } from '../store/modules';
import { videoPositionOf } from '../store/video-positions';
import { chainOfLesson, courseBySlug, courseOutline, lessonById, pinned, type SharedReads } from './shared-reads';

const gate = (course: CourseRecord) => ({ ...course, tagIds: course.tags.map((t) => t.id) });

export interface CourseTree {
  modules: readonly (ModuleRecord & { courseId: number })[];
  /** Accessible lessons of the accessible modules, in (position, id) order. */
  lessons: readonly TreeLesson[];
  completed: Set<number>;
  progress: ProgressSummary;
}

/**
 * What of a course the viewer can open, with their completions and progress (over every accessible lesson). The
 * outline comes from the shared cache; with a search, the lessons are read again to tell which ones match.
 */
export async function courseTree(
  deps: SharedReads,
  viewer: Viewer,
  userId: number,
  courseId: number,
  search: string,
): Promise<CourseTree> {
  const outline = await courseOutline(deps, courseId);
  const modules = outline.modules.filter((m): m is ModuleRecord & { courseId: number } =>
    canSeeModule(viewer, { ...m, tagIds: m.tags.map((t) => t.id) }),
  );
  const moduleIds = modules.map((m) => m.id);
  const [allLessons, completed] = await Promise.all([
    search === '' ? outline.lessons : lessonsOfModules(deps.store.db, moduleIds, { search, content: false }),
    completedInModules(deps.store.db, userId, moduleIds),
  ]);
  const visibleModules = new Set(moduleIds);
  const lessons = allLessons.filter(
    (l) => visibleModules.has(l.moduleId) && canSeeLesson(viewer, { tagIds: l.tags.map((t) => t.id) }),
  );
  const progress = summarizeProgress(lessons.map((l) => ({ moduleId: l.moduleId, completed: completed.has(l.id) })));
  return { modules, lessons, completed, progress };
}

/**
 * The lesson a course page opens with (coursePageQuerySchema): `lessonId` when listed, else the first listed lesson
 * of `moduleId`, else (without a search) the lesson the person resumes at (resumeLessonOf: after her last
 * completed one); the web's resolveSelection picks the same one.
 */
export function openLessonOf(
  listed: readonly { id: number; moduleId: number }[],
  query: Pick<CoursePageQuery, 'search' | 'moduleId' | 'lessonId'>,
  completed: ReadonlySet<number> = new Set(),
): number | null {
  if (query.lessonId !== undefined && listed.some((l) => l.id === query.lessonId)) return query.lessonId;
  if (query.moduleId !== undefined) {
    const first = listed.find((l) => l.moduleId === query.moduleId);
    if (first) return first.id;
  }
  if (query.search) return null;
  // A module or lesson asked for and not found opens the start, as the web does.
  if (query.moduleId !== undefined || query.lessonId !== undefined) return listed[0]?.id ?? null;
  return resumeLessonOf(listed, completed)?.id ?? null;
}

/**
 * GET /api/course/{slug}?search=&moduleId=&lessonId=: the outline (modules, lesson titles, completion, progress)
 * and the open lesson's content. A course the person may not see answers exactly like an unknown slug.
 */
export async function readCoursePage(
  deps: SharedReads,
  actor: Actor,
  slug: string,
  query: CoursePageQuery,
): Promise<CoursePage> {
  const { search } = query;
  const reads = await pinned(deps);
  const course = await courseBySlug(reads, slug);
  if (!course || !canViewCourse(actor, gate(course))) throw notFound(COURSE_NOT_FOUND);
  const tree = await courseTree(reads, viewerOf(actor), actor.userId, course.id, search);
  const lessonsByModule = new Map<number, TreeLesson[]>();
  for (const lesson of tree.lessons) {
    if (!lesson.matches) continue;
    const list = lessonsByModule.get(lesson.moduleId) ?? [];
    list.push(lesson);
    lessonsByModule.set(lesson.moduleId, list);
  }
  const listed = tree.modules.flatMap((m) => lessonsByModule.get(m.id) ?? []);
  const openId = openLessonOf(listed, query, tree.completed);
  // Only the open lesson's content is read (one row); the others load when opened.
  const open = openId === null ? null : await lessonById(reads, openId);
  const openVideoPosition = open?.videoUrl ? await videoPositionOf(reads.store.db, actor.userId, open.id) : 0;
  const forModule = moduleAbilities(actor);
  const forLesson = lessonAbilities(actor);
  const modules = tree.modules
    // While searching, only modules with a matching lesson are listed.
    .filter((m) => search === '' || lessonsByModule.has(m.id))
    .map((m) =>
      presentPageModule(
        m,
        forModule,
        tree.progress.byModule.get(m.id)?.percent ?? 0,
        (lessonsByModule.get(m.id) ?? []).map((l) =>
          l.id === open?.id
            ? presentPageLesson(open, tree.completed.has(l.id), {
                abilities: forLesson,
                videoPosition: openVideoPosition,
              })
            : presentPageLesson(l, tree.completed.has(l.id)),
        ),
      ),
    );
  return presentCoursePage(course, courseAbilities(actor), modules, tree.progress.percent);
}

/**
 * GET /api/course/{slug}/lessons/{lessonId}: one lesson of the course to read, under the course page's rules. A
 * course the person may not see is 'Course not found'; a lesson of another course, or one they may not open
 * (hidden module, tag-gated lesson), is 'Lesson not found'.
 */
export async function readCourseLesson(
  deps: SharedReads,
  actor: Actor,
  slug: string,
  lessonId: number,
): Promise<CourseLesson> {
  const reads = await pinned(deps);
  const chain = await chainOfLesson(reads, lessonId);
  if (!chain || chain.courseSlug !== slug) {
    if (!(await courseAccess(reads, actor, slug))) throw notFound(COURSE_NOT_FOUND);
    throw notFound(LESSON_NOT_FOUND);
  }
  if (!chain.course || !canViewCourse(actor, chain.course)) throw notFound(COURSE_NOT_FOUND);
  if (!canOpenLessonOf(actor, chainForPolicy(chain))) throw notFound(LESSON_NOT_FOUND);
  const [lesson, completed, videoPosition] = await Promise.all([
    lessonById(reads, lessonId),
    completedAmong(reads.store.db, actor.userId, [lessonId]),
    videoPositionOf(reads.store.db, actor.userId, lessonId),
  ]);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  return presentCourseLesson(
    lesson,
    lessonAbilities(actor),
    completed.has(lessonId),
    lesson.videoUrl ? videoPosition : 0,
  );
}

/** GET /api/course/access?slug=: an unknown slug answers false (the page then reports 'Course not found'). */
export async function courseAccess(deps: SharedReads, actor: Actor, slug: string): Promise<boolean> {
  const course = await courseBySlug(deps, slug);
  return course !== null && canViewCourse(actor, gate(course));
}

export function chainForPolicy(row: LessonChainRow): LessonChain {
  return {
    course: row.course,
    module: { ...row.module, courseId: row.courseId },
    lesson: { tagIds: row.lessonTagIds },
  };
}

/** GET /api/course/lesson-redirect/{lessonId}: the lesson's page, or null when unknown or not open to the caller. */
export async function lessonRedirect(deps: SharedReads, actor: Actor, lessonId: number): Promise<string | null> {
  const chain = await chainOfLesson(deps, lessonId);
  if (!chain || chain.courseSlug === null || !canOpenLessonOf(actor, chainForPolicy(chain))) return null;
  return `/courses/${chain.courseSlug}/${chain.moduleId}/${chain.lessonId}`;
}

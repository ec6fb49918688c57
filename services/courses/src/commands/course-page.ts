/** The course page, access checks, lesson redirects and the progress figures they share. */
import { type Actor, COURSE_NOT_FOUND, type CoursePage } from '@rainmakers/contracts';
import { notFound } from '@rainmakers/kit';
import { type ProgressSummary, summarizeProgress } from '../domain/progress';
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
import { presentCoursePage, presentPageLesson, presentPageModule } from '../presenters';
import { completedAmong } from '../store/completions';
import { type CourseRecord, findCourseBySlug } from '../store/courses';
import type { CoursesStore } from '../store/db';
import { type LessonChainRow, lessonChain, lessonsOfModules, type TreeLesson } from '../store/lessons';
import { type ModuleRecord, modulesOfCourse } from '../store/modules';

const gate = (course: CourseRecord) => ({ ...course, tagIds: course.tags.map((t) => t.id) });

export interface CourseTree {
  modules: (ModuleRecord & { courseId: number })[];
  /** Accessible lessons of the accessible modules, in (position, id) order. */
  lessons: TreeLesson[];
  completed: Set<number>;
  progress: ProgressSummary;
}

/** What of a course the viewer can open, with their completions and progress (over every accessible lesson). */
export async function courseTree(
  store: CoursesStore,
  viewer: Viewer,
  userId: number,
  courseId: number,
  options: { search: string; content: boolean },
): Promise<CourseTree> {
  const modules = (await modulesOfCourse(store.db, courseId)).filter((m): m is ModuleRecord & { courseId: number } =>
    canSeeModule(viewer, { ...m, tagIds: m.tags.map((t) => t.id) }),
  );
  const lessons = (
    await lessonsOfModules(
      store.db,
      modules.map((m) => m.id),
      options,
    )
  ).filter((l) => canSeeLesson(viewer, { tagIds: l.tags.map((t) => t.id) }));
  const completed = await completedAmong(
    store.db,
    userId,
    lessons.map((l) => l.id),
  );
  const progress = summarizeProgress(lessons.map((l) => ({ moduleId: l.moduleId, completed: completed.has(l.id) })));
  return { modules, lessons, completed, progress };
}

/** GET /api/course/{slug}?search=: a course the person may not see answers exactly like an unknown slug. */
export async function readCoursePage(
  store: CoursesStore,
  actor: Actor,
  slug: string,
  search: string,
): Promise<CoursePage> {
  const course = await findCourseBySlug(store.db, slug);
  if (!course || !canViewCourse(actor, gate(course))) throw notFound(COURSE_NOT_FOUND);
  const tree = await courseTree(store, viewerOf(actor), actor.userId, course.id, { search, content: true });
  const lessonsByModule = new Map<number, TreeLesson[]>();
  for (const lesson of tree.lessons) {
    if (!lesson.matches) continue;
    const list = lessonsByModule.get(lesson.moduleId) ?? [];
    list.push(lesson);
    lessonsByModule.set(lesson.moduleId, list);
  }
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
        (lessonsByModule.get(m.id) ?? []).map((l) => presentPageLesson(l, forLesson, tree.completed.has(l.id))),
      ),
    );
  return presentCoursePage(course, courseAbilities(actor), modules, tree.progress.percent);
}

/** GET /api/course/access?slug=: an unknown slug answers false (the page then reports 'Course not found'). */
export async function courseAccess(store: CoursesStore, actor: Actor, slug: string): Promise<boolean> {
  const course = await findCourseBySlug(store.db, slug);
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
export async function lessonRedirect(store: CoursesStore, actor: Actor, lessonId: number): Promise<string | null> {
  const chain = await lessonChain(store.db, lessonId);
  if (!chain || chain.courseSlug === null || !canOpenLessonOf(actor, chainForPolicy(chain))) return null;
  return `/courses/${chain.courseSlug}/${chain.moduleId}/${chain.lessonId}`;
}

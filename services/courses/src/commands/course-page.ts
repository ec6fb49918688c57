/** The course page, access checks, lesson redirects and the progress figures they share. */

import {
  type Actor,
  COURSE_NOT_FOUND,
  type CourseLesson,
  type CoursePageQuery,
  LESSON_NOT_FOUND,
} from '@rainmakers/contracts';
import { notFound } from '@rainmakers/kit';
import { bypassesDrip, hasReleaseRule, lockedUntil } from '../domain/drip';
import { completedFlag, progressPercent, resumeLessonOf } from '../domain/progress';
import { NO_ATTEMPTS, quizView } from '../domain/quiz';
import { canSeeLesson, canSeeModule } from '../domain/visibility';
import {
  canOpenLessonOf,
  canSeeQuizAnswers,
  canViewCourse,
  courseAbilities,
  type LessonChain,
  lessonAbilities,
  moduleAbilities,
  viewerOf,
} from '../policies';
import { coursePageJson, pageLessonHead, pageModuleJson, presentCourseLesson, presentPageLesson } from '../presenters';
import { completedAmong, completedInModules } from '../store/completions';
import type { CourseRecord } from '../store/courses';
import { type LessonChainRow, lessonsOfModules, type TreeLesson } from '../store/lessons';
import type { ModuleRecord } from '../store/modules';
import { quizProgressOf } from '../store/quiz-attempts';
import { videoPositionOf } from '../store/video-positions';
import { commentCountsOf } from './comment-counts';
import { assertLessonOpen, learnerOf } from './drip';
import {
  type CourseOutline,
  chainOfLesson,
  courseBySlug,
  courseOutline,
  lessonById,
  pinned,
  type SharedReads,
} from './shared-reads';

const gate = (course: CourseRecord) => ({ ...course, tagIds: course.tags.map((t) => t.id) });

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
 * A cached outline's person-independent JSON, kept beside it for as long as the cache holds it (Course page JSON
 * splicing): each lesson's outline entry as UTF-8, completed and not, and its tag ids for the visibility check.
 * Built on the first page read of an outline, then shared by every reader.
 */
interface OutlineJson {
  lessons: Map<number, LessonJson>;
  /** Per module, its whole lesson list with nothing completed: what most modules of most readers show. */
  untouched: Map<number, { count: number; json: Buffer }>;
}
const outlineJson = new WeakMap<CourseOutline, OutlineJson>();
const NO_TAGS: readonly number[] = [];
const COMMA = Buffer.from(',');

interface LessonJson {
  head: string;
  done: Buffer;
  notDone: Buffer;
  tagIds: readonly number[];
}

function lessonJson(lesson: TreeLesson): LessonJson {
  const head = pageLessonHead(lesson);
  return {
    head,
    done: Buffer.from(`${head}${completedFlag(true)}"}`, 'utf8'),
    notDone: Buffer.from(`${head}${completedFlag(false)}"}`, 'utf8'),
    tagIds: lesson.tags.length === 0 ? NO_TAGS : lesson.tags.map((t) => t.id),
  };
}

/** A lesson's outline entry: the cached one, or with its discussion's count when it has comments. */
function lessonEntry(json: LessonJson, done: boolean, comments: number | undefined): Buffer {
  if (!comments) return done ? json.done : json.notDone;
  return Buffer.from(`${json.head}${completedFlag(done)}","commentCount":${comments}}`, 'utf8');
}

function outlineJsonOf(outline: CourseOutline): OutlineJson {
  const known = outlineJson.get(outline);
  if (known) return known;
  const lessons: OutlineJson['lessons'] = new Map();
  const byModule = new Map<number, Buffer[]>();
  for (const lesson of outline.lessons) {
    const built = lessonJson(lesson);
    lessons.set(lesson.id, built);
    const list = byModule.get(lesson.moduleId) ?? [];
    if (list.length > 0) list.push(COMMA);
    list.push(built.notDone);
    byModule.set(lesson.moduleId, list);
  }
  const untouched = new Map(
    [...byModule].map(([id, list]) => [id, { count: (list.length + 1) / 2, json: Buffer.concat(list) }]),
  );
  const built: OutlineJson = { lessons, untouched };
  outlineJson.set(outline, built);
  return built;
}

/**
 * GET /api/course/{slug}?search=&moduleId=&lessonId=: the outline (modules, lesson titles, completion, progress)
 * and the open lesson's content, as the CoursePage's JSON. A course the person may not see answers exactly like an
 * unknown slug. The outline's lessons are spliced from their cached JSON (outlineJsonOf): stringifying a
 * thousand lesson objects per request was the page's largest cost.
 */
export async function readCoursePageJson(
  deps: SharedReads,
  actor: Actor,
  slug: string,
  query: CoursePageQuery,
): Promise<Buffer> {
  const { search } = query;
  const reads = await pinned(deps);
  const course = await courseBySlug(reads, slug);
  if (!course || !canViewCourse(actor, gate(course))) throw notFound(COURSE_NOT_FOUND);
  const viewer = viewerOf(actor);
  const outline = await courseOutline(reads, course.id);
  const modules = outline.modules.filter((m): m is ModuleRecord & { courseId: number } =>
    canSeeModule(viewer, { ...m, tagIds: m.tags.map((t) => t.id) }),
  );
  const moduleIds = modules.map((m) => m.id);
  const now = new Date();
  // Her record is read only when a module she sees has a release rule that applies to her (domain/drip.ts).
  const dripped = !bypassesDrip(actor.role) && modules.some(hasReleaseRule);
  const [allLessons, completed, learner, comments] = await Promise.all([
    search === '' ? outline.lessons : lessonsOfModules(reads.store.db, moduleIds, { search, content: false }),
    completedInModules(reads.store.db, actor.userId, moduleIds),
    dripped ? learnerOf(reads.store.db, actor, now) : null,
    commentCountsOf(reads.store.db, course.id),
  ]);
  // Modules still closed to her: listed with their date and lesson titles; never opened, never searched.
  const lockedAt = new Map<number, Date>();
  if (learner) {
    const memo = new Map<string, Date | null>();
    for (const m of modules) {
      const at = lockedUntil(
        m,
        learner,
        { course: gate(course), module: { ...m, tagIds: m.tags.map((t) => t.id) } },
        now,
        memo,
      );
      if (at) lockedAt.set(m.id, at);
    }
  }
  const json = outlineJsonOf(outline);
  const visibleModules = new Set(moduleIds);
  // Per visible module: its lessons the person can open (for progress) and those listed (matching the search).
  const byModule = new Map<number, { total: number; done: number; listed: TreeLesson[]; discussed: boolean }>();
  for (const id of moduleIds) byModule.set(id, { total: 0, done: 0, listed: [], discussed: false });
  let total = 0;
  let done = 0;
  for (const lesson of allLessons) {
    if (!visibleModules.has(lesson.moduleId)) continue;
    const tagIds = json.lessons.get(lesson.id)?.tagIds ?? lesson.tags.map((t) => t.id);
    if (!canSeeLesson(viewer, { tagIds })) continue;
    const entry = byModule.get(lesson.moduleId);
    if (!entry) continue;
    entry.total += 1;
    total += 1;
    if (comments.has(lesson.id)) entry.discussed = true;
    if (completed.has(lesson.id)) {
      entry.done += 1;
      done += 1;
    }
    // A search does not look into a locked module (its lessons' content is not hers to read yet).
    if (lesson.matches && !(search !== '' && lockedAt.has(lesson.moduleId))) entry.listed.push(lesson);
  }
  const listed = modules.flatMap((m) => byModule.get(m.id)?.listed ?? []);
  const openId = openLessonOf(
    lockedAt.size === 0 ? listed : listed.filter((l) => !lockedAt.has(l.moduleId)),
    query,
    completed,
  );
  // Only the open lesson's content is read (one row); the others load when opened.
  const open = openId === null ? null : await lessonById(reads, openId);
  // Her place in the open lesson's video and her record with its quiz: two reads of her own, side by side.
  const [openVideoPosition, openQuizProgress] = await Promise.all([
    open?.videoUrl ? videoPositionOf(reads.store.db, actor.userId, open.id) : 0,
    open?.quiz ? quizProgressOf(reads.store.db, actor.userId, open.id) : NO_ATTEMPTS,
  ]);
  const openQuiz = open?.quiz ? quizView(open.quiz, openQuizProgress, canSeeQuizAnswers(actor)) : null;
  const forModule = moduleAbilities(actor);
  const forLesson = lessonAbilities(actor);
  const parts: Buffer[] = [];
  for (const m of modules) {
    const entry = byModule.get(m.id);
    // While searching, only modules with a matching lesson are listed.
    if (!entry || (search !== '' && entry.listed.length === 0)) continue;
    const [head, tail] = pageModuleJson(
      m,
      forModule,
      progressPercent(entry.done, entry.total),
      lockedAt.get(m.id) ?? null,
    );
    if (parts.length > 0) parts.push(COMMA);
    parts.push(head);
    const whole = json.untouched.get(m.id);
    // Without a search, a module whose every lesson is listed, none completed and none open, is its cached list.
    if (
      search === '' &&
      whole?.count === entry.listed.length &&
      entry.done === 0 &&
      !entry.discussed &&
      open?.moduleId !== m.id
    ) {
      parts.push(whole.json, tail);
      continue;
    }
    entry.listed.forEach((l, i) => {
      if (i > 0) parts.push(COMMA);
      const isDone = completed.has(l.id);
      if (l.id === open?.id) {
        const answer = presentPageLesson(open, isDone, {
          abilities: forLesson,
          videoPosition: openVideoPosition,
          quiz: openQuiz,
        });
        const count = comments.get(l.id);
        parts.push(Buffer.from(JSON.stringify(count ? { ...answer, commentCount: count } : answer), 'utf8'));
        return;
      }
      // A lesson read by a search is not in the cached outline: its JSON is built here.
      const cached = json.lessons.get(l.id) ?? lessonJson(l);
      parts.push(lessonEntry(cached, isDone, comments.get(l.id)));
    });
    parts.push(tail);
  }
  const [head, tail] = coursePageJson(course, courseAbilities(actor), progressPercent(done, total));
  return Buffer.concat([head, ...parts, tail]);
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
  await assertLessonOpen(reads.store.db, actor, chain);
  const [lesson, completed, videoPosition, quizProgress] = await Promise.all([
    lessonById(reads, lessonId),
    completedAmong(reads.store.db, actor.userId, [lessonId]),
    videoPositionOf(reads.store.db, actor.userId, lessonId),
    chain.hasQuiz ? quizProgressOf(reads.store.db, actor.userId, lessonId) : NO_ATTEMPTS,
  ]);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  return presentCourseLesson(
    lesson,
    lessonAbilities(actor),
    completed.has(lessonId),
    lesson.videoUrl ? videoPosition : 0,
    lesson.quiz ? quizView(lesson.quiz, quizProgress, canSeeQuizAnswers(actor)) : null,
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

/**
 * Allow-lists of what the courses service sends: a field reaches the web only when it is written here.
 * Key names follow the spec (CourseId, ModuleId, Tags, Modules, Lessons, completed as 'true'/'false').
 */
import type {
  CatalogueContentLesson,
  CatalogueLesson,
  CatalogueModule,
  CompletedLesson,
  CourseCard,
  CourseLesson,
  CoursePage,
  CoursePageLesson,
  CoursePageModule,
  LessonItem,
  LessonListItem,
  LessonOption,
  LessonQuizView,
  MemberCertificate,
  MemberCourseProgress,
  ModuleItem,
  OwnCertificate,
  PublicCertificate,
  RecordAbilities,
} from '@rainmakers/contracts';
import { completedFlag, progressPercent } from './domain/progress';
import type { OwnLearning } from './store/account';
import type { CatalogueLessonRow, CatalogueModuleRow } from './store/catalogue';
import type { CertificateRecord } from './store/certificates';
import type { MemberCourseCounts } from './store/completions';
import type { CourseRecord } from './store/courses';
import type { LessonRecord } from './store/lessons';
import type { ModuleRecord } from './store/modules';

const tags = (list: readonly { id: number; name: string }[]) => list.map((t) => ({ id: t.id, name: t.name }));

/** `abilities` come from the policies (courseAbilities, moduleAbilities, lessonAbilities) for the person asking. */
export function presentCourseCard(
  course: CourseRecord,
  modules: readonly { id: number; title: string; CourseId: number | null }[],
  abilities: RecordAbilities,
  totalProgress: number,
): CourseCard {
  return {
    id: course.id,
    title: course.title,
    description: course.description,
    status: course.status,
    slug: course.slug,
    coverPhotoUrl: course.coverPhotoUrl,
    visibleToBasic: course.visibleToBasic,
    visibleToPremium: course.visibleToPremium,
    position: course.position,
    Tags: tags(course.tags),
    Modules: modules.map((m) => ({ id: m.id, title: m.title, CourseId: m.CourseId })),
    abilities,
    // Last on purpose: the catalogue caches each card's JSON up to this value.
    totalProgress,
  };
}

export function presentCatalogueModule(row: CatalogueModuleRow): CatalogueModule {
  return {
    id: row.id,
    title: row.title,
    CourseId: row.course_id,
    position: row.position,
    courseTitle: row.course_title,
    courseSlug: row.course_slug,
  };
}

export function presentCatalogueLesson(row: CatalogueLessonRow): CatalogueLesson {
  return {
    id: row.id,
    title: row.title,
    ModuleId: row.module_id,
    position: row.position,
    courseTitle: row.course_title,
    courseSlug: row.course_slug,
    moduleTitle: row.module_title,
  };
}

export function presentContentLesson(row: CatalogueLessonRow, snippet: string): CatalogueContentLesson {
  return { ...presentCatalogueLesson(row), snippet };
}

export function presentModule(module: ModuleRecord, abilities: RecordAbilities): ModuleItem {
  return {
    id: module.id,
    title: module.title,
    position: module.position,
    CourseId: module.courseId,
    visibleToBasic: module.visibleToBasic,
    visibleToPremium: module.visibleToPremium,
    Tags: tags(module.tags),
    courseTitle: module.courseTitle,
    abilities,
    releaseAfterDays: module.releaseAfterDays,
    releaseAt: module.releaseAt,
  };
}

export function presentLesson(lesson: LessonRecord, abilities: RecordAbilities): LessonItem {
  return {
    id: lesson.id,
    title: lesson.title,
    content: lesson.content,
    videoUrl: lesson.videoUrl,
    ModuleId: lesson.moduleId,
    position: lesson.position,
    Tags: tags(lesson.tags),
    abilities,
    quiz: lesson.quiz,
  };
}

export function presentLessonListItem(row: {
  id: number;
  title: string;
  module_id: number;
  position: number;
  module_title: string;
  course_id: number | null;
  course_title: string | null;
  tags: readonly { id: number; name: string }[];
}): LessonListItem {
  return {
    id: row.id,
    title: row.title,
    ModuleId: row.module_id,
    position: row.position,
    Tags: tags(row.tags),
    moduleTitle: row.module_title,
    CourseId: row.course_id,
    courseTitle: row.course_title,
  };
}

export function presentLessonOption(row: {
  id: number;
  title: string;
  module_title: string;
  course_title: string | null;
}): LessonOption {
  return { id: row.id, title: row.title, moduleTitle: row.module_title, courseTitle: row.course_title };
}

export function presentCompletion(row: { id: number; module_id: number; completed_at: Date }): CompletedLesson {
  return { id: row.id, ModuleId: row.module_id, completedAt: row.completed_at.toISOString() };
}

/** A lesson of the course outline: no content, unless it is the open lesson (`open` then gives its abilities). */
export function presentPageLesson(
  lesson: Omit<LessonRecord, 'content' | 'videoUrl' | 'quiz'> & { content?: string; videoUrl?: string | null },
  completed: boolean,
  open: { abilities: RecordAbilities; videoPosition: number; quiz?: LessonQuizView | null } | null = null,
): CoursePageLesson {
  const outline: CoursePageLesson = {
    id: lesson.id,
    title: lesson.title,
    ModuleId: lesson.moduleId,
    position: lesson.position,
    completed: completedFlag(completed),
  };
  if (!open) return outline;
  return {
    ...outline,
    content: lesson.content ?? '',
    videoUrl: lesson.videoUrl ?? null,
    videoPosition: open.videoPosition,
    Tags: tags(lesson.tags),
    abilities: open.abilities,
    quiz: open.quiz ?? null,
  };
}

/** GET /api/course/{slug}/lessons/{lessonId} */
export function presentCourseLesson(
  lesson: LessonRecord,
  abilities: RecordAbilities,
  completed: boolean,
  videoPosition = 0,
  quiz: LessonQuizView | null = null,
): CourseLesson {
  // The whole quiz (right answers included) never leaves through this answer: `quiz` is the reader's view of it.
  return { ...presentLesson(lesson, abilities), completed: completedFlag(completed), videoPosition, quiz };
}

export function presentPageModule(
  module: ModuleRecord & { courseId: number },
  abilities: RecordAbilities,
  totalProgress: number,
  lessons: CoursePageLesson[],
  opensAt: Date | null = null,
): CoursePageModule {
  return {
    id: module.id,
    title: module.title,
    position: module.position,
    CourseId: module.courseId,
    visibleToBasic: module.visibleToBasic,
    visibleToPremium: module.visibleToPremium,
    Tags: tags(module.tags),
    abilities,
    totalProgress,
    releaseAfterDays: module.releaseAfterDays,
    releaseAt: module.releaseAt,
    opensAt: opensAt ? opensAt.toISOString() : null,
    Lessons: lessons,
  };
}

export function presentCoursePage(
  course: CourseRecord,
  abilities: RecordAbilities,
  modules: CoursePageModule[],
  totalProgress: number,
): CoursePage {
  const { Modules: _summary, ...card } = presentCourseCard(course, [], abilities, totalProgress);
  return { ...card, Modules: modules };
}

/**
 * The JSON of an outline lesson (presentPageLesson, not the open one) up to its completion flag's value:
 * `{"id":1,...,"completed":"`; the caller appends `true"}` or `false"}`. Cached per outline (Course page JSON
 * splicing), so the keys stay those of presentPageLesson.
 */
export function pageLessonHead(lesson: Omit<LessonRecord, 'content' | 'videoUrl' | 'quiz'>): string {
  const full = JSON.stringify(presentPageLesson(lesson, false));
  return full.slice(0, -'false"}'.length);
}

/** A course page module's JSON (presentPageModule) as UTF-8, before and after its lessons' JSON. */
export function pageModuleJson(
  module: ModuleRecord & { courseId: number },
  abilities: RecordAbilities,
  totalProgress: number,
  opensAt: Date | null,
): [Buffer, Buffer] {
  // presentPageModule ends with "Lessons":[] : the lessons go between the brackets.
  const empty = JSON.stringify(presentPageModule(module, abilities, totalProgress, [], opensAt));
  return [Buffer.from(empty.slice(0, -2), 'utf8'), CLOSE_LIST];
}

/** The answer `{ course }` (presentCoursePage) as UTF-8 JSON, before and after its modules' JSON. */
export function coursePageJson(
  course: CourseRecord,
  abilities: RecordAbilities,
  totalProgress: number,
): [Buffer, Buffer] {
  // presentCoursePage ends with "Modules":[] : the modules go between the brackets.
  const empty = JSON.stringify(presentCoursePage(course, abilities, [], totalProgress));
  return [Buffer.from(`{"course":${empty.slice(0, -2)}`, 'utf8'), CLOSE_PAGE];
}

const CLOSE_LIST = Buffer.from(']}');
const CLOSE_PAGE = Buffer.from(']}}');

/** What a certificate shows, for anyone holding its address: never the member's id, e-mail or anything else. */
export function presentPublicCertificate(certificate: CertificateRecord): PublicCertificate {
  return {
    id: certificate.id,
    fullName: certificate.fullName,
    courseTitle: certificate.courseTitle,
    completedAt: certificate.completedAt.toISOString(),
  };
}

/** The holder's own view adds the course it belongs to (to find it from the course card). */
export function presentOwnCertificate(certificate: CertificateRecord): OwnCertificate {
  return { ...presentPublicCertificate(certificate), courseId: certificate.courseId };
}

/** A started course on the member page (staff): completed over all of its lessons. */
export const presentMemberCourse = (course: MemberCourseCounts): MemberCourseProgress => ({
  courseId: course.courseId,
  title: course.title,
  slug: course.slug,
  completedLessons: course.completed,
  lessons: course.lessons,
  percent: progressPercent(course.completed, course.lessons),
  lastCompletedAt: course.lastCompletedAt ? course.lastCompletedAt.toISOString() : null,
});

/** A certificate on the member page (staff). */
export const presentMemberCertificate = (certificate: CertificateRecord): MemberCertificate => ({
  id: certificate.id,
  courseId: certificate.courseId,
  courseTitle: certificate.courseTitle,
  completedAt: certificate.completedAt.toISOString(),
});

const isoOf = (at: Date | string) => new Date(at).toISOString();

/**
 * courses' part of a person's own export: her completions, certificates (with their public link), video places,
 * quiz attempts and lesson discussion comments.
 */
export function presentOwnLearningExport(learning: OwnLearning) {
  return {
    completions: learning.completions.map((c) => ({
      lessonId: c.lesson_id,
      lesson: c.lesson_title,
      module: c.module_title,
      course: c.course_title,
      completedAt: isoOf(c.completed_at),
    })),
    certificates: learning.certificates.map((c) => ({
      id: c.id,
      courseId: c.course_id,
      course: c.course_title,
      fullName: c.full_name,
      completedAt: isoOf(c.completed_at),
      issuedAt: isoOf(c.issued_at),
      link: `/certificates/${c.id}`,
    })),
    videoPositions: learning.videoPositions.map((p) => ({
      lessonId: p.lesson_id,
      lesson: p.lesson_title,
      seconds: p.seconds,
      updatedAt: isoOf(p.updated_at),
    })),
    quizAttempts: learning.quizAttempts.map((a) => ({
      lessonId: a.lesson_id,
      lesson: a.lesson_title,
      score: a.score,
      passed: a.passed,
      answers: a.answers,
      at: isoOf(a.created_at),
    })),
    lessonComments: learning.lessonComments.map((c) => ({
      id: c.id,
      lessonId: c.lesson_id,
      lesson: c.lesson_title,
      replyTo: c.parent_id,
      body: c.body,
      at: isoOf(c.created_at),
      editedAt: c.edited_at ? isoOf(c.edited_at) : null,
    })),
  };
}

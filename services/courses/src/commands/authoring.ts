/**
 * Admins' writes: courses, modules, lessons and the reorders. Each runs in one transaction (authoringWrite), and
 * the catalogue cache is invalidated after the commit, here rather than in the routes, so every writer (an
 * import, a job) keeps the catalogue fresh.
 */
import {
  COURSE_NOT_FOUND,
  type CourseReorderInput,
  type CoursesReorderInput,
  type CourseUpsertInput,
  LESSON_NOT_FOUND,
  type LessonUpsertInput,
  MODULE_NOT_FOUND,
  type ModuleReorderInput,
  type ModuleUpsertInput,
  type Quiz,
  type RecordedAuditAction,
  SLUG_IN_USE,
  staffAction,
} from '@rainmakers/contracts';
import {
  badRequest,
  type EventNudger,
  fieldError,
  notFound,
  type TransactionEffects,
  uniqueViolation,
  withEvents,
} from '@rainmakers/kit';
import type { CatalogueCache } from '../catalogue-cache';
import { planCourseReorder, planFlatReorder } from '../domain/reorder';
import { moduleForAudit } from '../store/audit-names';
import type { CourseRecord } from '../store/courses';
import {
  deleteCourse,
  findCourseById,
  insertCourse,
  keyShareCourse,
  lockAllCourses,
  replaceCourseTags,
  updateCourse,
} from '../store/courses';
import type { CoursesDb, CoursesStore } from '../store/db';
import { setLessonCreator } from '../store/lesson-comments';
import {
  deleteLesson,
  findLesson,
  insertLesson,
  lockLessonsOfModules,
  replaceLessonTags,
  updateLesson,
} from '../store/lessons';
import {
  courseIdsOfModules,
  deleteModule,
  insertModule,
  lockModules,
  lockModulesOfCourse,
  replaceModuleTags,
  setCourseModules,
  shareLockModules,
  updateModule,
} from '../store/modules';
import { setLessonPlacements, setPositions } from '../store/positions';

/** What the authoring commands write with: the store, the outbox relay, the catalogue cache they invalidate. */
export interface AuthoringDeps {
  store: CoursesStore;
  events: EventNudger;
  catalogue: CatalogueCache;
}

/** One authoring transaction; after its commit (never after a rollback) the catalogue cache is invalidated. */
function authoringWrite<R>(
  deps: AuthoringDeps,
  work: (trx: CoursesDb, effects: TransactionEffects) => Promise<R>,
): Promise<R> {
  return withEvents(deps.store.db, deps.events, (trx, effects) => {
    effects.afterCommit(() => deps.catalogue.invalidate());
    return work(trx, effects);
  });
}

/** The staff member behind an authoring write (the audit log's actor). */
export type StaffActor = { userId: number; impersonatorId?: number | null };

/** Records the write in the users service's audit log (audit.recorded, in the write's transaction). */
async function audited(
  effects: TransactionEffects,
  actor: StaffActor | undefined,
  action: RecordedAuditAction,
  subject: { type: 'course' | 'module' | 'lesson'; id: number; name: string | null },
  changes: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
): Promise<void> {
  if (!actor) return;
  await effects.publish('audit.recorded', staffAction(actor, action, subject, changes));
}

const courseSnapshot = (c: CourseRecord) => ({
  title: c.title,
  description: c.description,
  status: c.status,
  slug: c.slug,
  visibleToBasic: c.visibleToBasic,
  visibleToPremium: c.visibleToPremium,
  position: c.position,
  requiredTags: c.tags.map((t) => t.name),
});

// -------------------------------------------------------------------------------------------------- courses

/** POST /api/course/upsert -> the course id and whether it was created. */
export async function upsertCourse(
  deps: AuthoringDeps,
  input: CourseUpsertInput,
  actor?: StaffActor,
): Promise<{ id: number; isNew: boolean }> {
  const fields = {
    title: input.title,
    description: input.description,
    status: input.status,
    slug: input.slug,
    coverPhotoUrl: input.coverPhotoUrl,
    visibleToBasic: input.visibleToBasic,
    visibleToPremium: input.visibleToPremium,
    position: input.position,
  };
  try {
    return await authoringWrite(deps, async (trx, effects) => {
      let id: number;
      const isNew = input.id === null;
      let before: CourseRecord | null = null;
      if (input.id !== null) {
        const existing = await findCourseById(trx, input.id, { lock: true });
        if (!existing) throw notFound(COURSE_NOT_FOUND);
        before = existing;
        id = existing.id;
        await updateCourse(trx, id, fields);
      } else {
        id = await insertCourse(trx, fields);
      }
      if (input.Tags !== undefined) await replaceCourseTags(trx, id, input.Tags);
      if (input.Modules !== undefined) await attachModules(trx, id, input.Modules);
      const after = await findCourseById(trx, id);
      await audited(
        effects,
        actor,
        isNew ? 'course.create' : 'course.update',
        { type: 'course', id, name: after?.title ?? input.title },
        { before: before ? courseSnapshot(before) : null, after: after ? courseSnapshot(after) : null },
      );
      return { id, isNew };
    });
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'courses_slug') throw fieldError('slug', SLUG_IN_USE);
    throw error;
  }
}

/**
 * The course form's module list: only free modules or modules already in this course may be attached; modules
 * of this course left out of the list become free.
 */
async function attachModules(trx: CoursesDb, courseId: number, requested: readonly number[]): Promise<void> {
  const ids = [...new Set(requested)];
  const rows = await lockModules(trx, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw fieldError('Modules', `Module ${missing} does not exist`);
  const taken = rows.find((r) => r.course_id !== null && r.course_id !== courseId);
  if (taken) throw fieldError('Modules', `Module ${taken.id} already belongs to another course`);
  await setCourseModules(trx, courseId, ids);
}

/** DELETE /api/course/{id}: its modules become free (ON DELETE SET NULL). */
export async function removeCourse(deps: AuthoringDeps, id: number, actor?: StaffActor): Promise<void> {
  await authoringWrite(deps, async (trx, effects) => {
    const before = await findCourseById(trx, id);
    if (!(await deleteCourse(trx, id))) throw notFound(COURSE_NOT_FOUND);
    await audited(
      effects,
      actor,
      'course.delete',
      { type: 'course', id, name: before?.title ?? null },
      { before: before ? courseSnapshot(before) : null },
    );
  });
}

/** POST /api/course/reorder-courses */
export async function reorderCourses(deps: AuthoringDeps, input: CoursesReorderInput): Promise<void> {
  await authoringWrite(deps, async (trx) => {
    const current = await lockAllCourses(trx);
    const plan = planFlatReorder(current, input.courses, {
      unknown: (id) => `Course ${id} does not exist`,
      duplicate: (id) => `Course ${id} is listed more than once`,
    });
    if (!plan.ok) throw badRequest(plan.message, { courses: plan.message });
    await setPositions(trx, 'courses', plan.changes);
  });
}

/** POST /api/course/reorder: the modules of one course and their lessons (moves between its modules too). */
export async function reorderCourse(deps: AuthoringDeps, input: CourseReorderInput): Promise<void> {
  await authoringWrite(deps, async (trx) => {
    // Lock order everywhere: course row, then its modules (by id), then their lessons.
    const course = await findCourseById(trx, input.courseId, { lock: true });
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const modules = await lockModulesOfCourse(trx, course.id);
    const lessons = await lockLessonsOfModules(
      trx,
      modules.map((m) => m.id),
    );
    const plan = planCourseReorder(
      { modules: modules.map((m) => ({ ...m, lessons: lessons.get(m.id) ?? [] })) },
      { modules: input.modules },
    );
    if (!plan.ok) throw badRequest(plan.message, { modules: plan.message });
    await setPositions(trx, 'modules', plan.changes.modules);
    await setLessonPlacements(trx, plan.changes.lessons);
  });
}

// -------------------------------------------------------------------------------------------------- modules

/** The course a module goes to must exist; the key-share lock keeps it from being deleted before we commit. */
async function assertCourseExists(db: CoursesDb, courseId: number | null | undefined): Promise<void> {
  if (courseId === null || courseId === undefined) return;
  if (!(await keyShareCourse(db, courseId))) throw fieldError('CourseId', COURSE_NOT_FOUND);
}

/** POST /api/module/upsert */
export async function upsertModule(
  deps: AuthoringDeps,
  input: ModuleUpsertInput,
  actor?: StaffActor,
): Promise<{ id: number; isNew: boolean }> {
  const fields = {
    title: input.title,
    position: input.position,
    visibleToBasic: input.visibleToBasic,
    visibleToPremium: input.visibleToPremium,
    courseId: input.CourseId,
    // Either key replaces the rule (docs/decisions.md "Drip"); neither keeps it.
    release:
      input.releaseAfterDays === undefined && input.releaseAt === undefined
        ? undefined
        : { releaseAfterDays: input.releaseAfterDays ?? null, releaseAt: input.releaseAt ?? null },
  };
  return authoringWrite(deps, async (trx, effects) => {
    await assertCourseExists(trx, input.CourseId);
    let id: number;
    let before: Awaited<ReturnType<typeof moduleForAudit>> = null;
    if (input.id !== null) {
      const [existing] = await lockModules(trx, [input.id]);
      if (!existing) throw notFound(MODULE_NOT_FOUND);
      id = existing.id;
      before = await moduleForAudit(trx, id);
      await updateModule(trx, id, fields);
    } else {
      id = await insertModule(trx, fields);
    }
    if (input.Tags !== undefined) await replaceModuleTags(trx, id, input.Tags);
    const after = await moduleForAudit(trx, id);
    await audited(
      effects,
      actor,
      input.id === null ? 'module.create' : 'module.update',
      { type: 'module', id, name: after?.title ?? input.title ?? null },
      { before, after },
    );
    return { id, isNew: input.id === null };
  });
}

/** DELETE /api/module/{id}: its lessons and their completions are deleted with it (decision: see report). */
export async function removeModule(deps: AuthoringDeps, id: number, actor?: StaffActor): Promise<void> {
  await authoringWrite(deps, async (trx, effects) => {
    const before = await moduleForAudit(trx, id);
    if (!(await deleteModule(trx, id))) throw notFound(MODULE_NOT_FOUND);
    await audited(effects, actor, 'module.delete', { type: 'module', id, name: before?.title ?? null }, { before });
  });
}

/** POST /api/module/reorder: modules of one course (or free modules), renumbered from 1. */
export async function reorderModules(deps: AuthoringDeps, input: ModuleReorderInput): Promise<void> {
  const ids = input.modules.map((m) => m.id);
  await authoringWrite(deps, async (trx) => {
    // Which course: read without locks first, so the lock order stays course -> modules.
    const rows = await courseIdsOfModules(trx, ids);
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined)
      throw badRequest(`Module ${missing} does not exist`, { modules: `Module ${missing} does not exist` });
    const courseIds = new Set(rows.map((r) => r.course_id));
    if (courseIds.size > 1) {
      const message = 'All modules of a reorder must belong to the same course';
      throw badRequest(message, { modules: message });
    }
    const courseId = rows[0]?.course_id ?? null;
    if (courseId !== null) await findCourseById(trx, courseId, { lock: true });
    const current = await lockModulesOfCourse(trx, courseId);
    const plan = planFlatReorder(current, input.modules, {
      unknown: (id) => `Module ${id} does not belong to this course`,
      duplicate: (id) => `Module ${id} is listed more than once`,
    });
    if (!plan.ok) throw badRequest(plan.message, { modules: plan.message });
    await setPositions(trx, 'modules', plan.changes);
  });
}

// -------------------------------------------------------------------------------------------------- lessons

const lessonSnapshot = (l: {
  title: string;
  content: string;
  videoUrl: string | null;
  moduleId: number;
  position: number;
  quiz: Quiz | null;
}) => ({
  title: l.title,
  videoUrl: l.videoUrl,
  // The audit says a quiz changed and how big it is; its questions are the lesson's content, not a setting.
  quiz: l.quiz ? { passMark: l.quiz.passMark, questions: l.quiz.questions.length } : null,
  // Long lesson bodies are cut: the log says that and how the text began.
  content: l.content.length > 300 ? `${l.content.slice(0, 300)}…` : l.content,
  moduleId: l.moduleId,
  position: l.position,
});

/** POST /api/lesson/upsert: ModuleId must be an existing module; an existing lesson may move to another one. */
export async function upsertLesson(
  deps: AuthoringDeps,
  input: LessonUpsertInput,
  actor?: StaffActor,
): Promise<{ id: number; isNew: boolean }> {
  return authoringWrite(deps, async (trx, effects) => {
    const existing = input.id !== null ? await findLesson(trx, input.id) : null;
    if (input.id !== null && !existing) throw notFound(LESSON_NOT_FOUND);
    // Key-share locks on the modules involved (id order) before the lesson row: the same order as a reorder.
    const modules = [...new Set([input.ModuleId, ...(existing ? [existing.moduleId] : [])])].sort((a, b) => a - b);
    const locked = await shareLockModules(trx, modules);
    if (!locked.includes(input.ModuleId)) throw fieldError('ModuleId', MODULE_NOT_FOUND);
    const fields = {
      title: input.title,
      content: input.content,
      videoUrl: input.videoUrl,
      moduleId: input.ModuleId,
      position: input.position,
      quiz: input.quiz,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await updateLesson(trx, id, fields);
    } else {
      id = await insertLesson(trx, fields);
      // Its creator is the lesson's author, told about replies in its discussion (docs "Lesson discussions").
      if (actor) await setLessonCreator(trx, id, actor.userId);
    }
    if (input.Tags !== undefined) await replaceLessonTags(trx, id, input.Tags);
    const after = await findLesson(trx, id);
    await audited(
      effects,
      actor,
      existing ? 'lesson.update' : 'lesson.create',
      { type: 'lesson', id, name: after?.title ?? input.title },
      { before: existing ? lessonSnapshot(existing) : null, after: after ? lessonSnapshot(after) : null },
    );
    return { id, isNew: existing === null };
  });
}

/** DELETE /api/lesson/{id}: its completions go with it. */
export async function removeLesson(deps: AuthoringDeps, id: number, actor?: StaffActor): Promise<void> {
  await authoringWrite(deps, async (trx, effects) => {
    const before = await findLesson(trx, id);
    if (!(await deleteLesson(trx, id))) throw notFound(LESSON_NOT_FOUND);
    await audited(
      effects,
      actor,
      'lesson.delete',
      { type: 'lesson', id, name: before?.title ?? null },
      { before: before ? lessonSnapshot(before) : null },
    );
  });
}

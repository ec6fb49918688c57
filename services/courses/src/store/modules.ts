/** Modules and their tags. A module without a course is free (course_id null). */
import type { CourseTag, TagRef } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { Viewer } from '../domain/visibility';
import { type CoursesDb, type CoursesStore, groupTags, queryRows, SqlParams } from './db';
import { visibilitySql } from './visibility-sql';

export interface ModuleRecord {
  id: number;
  title: string;
  position: number;
  courseId: number | null;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  /** Sorted by name. */
  tags: CourseTag[];
  courseTitle: string | null;
  /** Drip (domain/drip.ts): at most one of the two. */
  releaseAfterDays: number | null;
  /** YYYY-MM-DD. */
  releaseAt: string | null;
}

type ModuleRow = {
  id: number;
  title: string;
  position: number;
  course_id: number | null;
  visible_to_basic: boolean;
  visible_to_premium: boolean;
  course_title: string | null;
  release_after_days: number | null;
  release_at: string | null;
};

export async function moduleTags(db: CoursesDb, moduleIds: readonly number[]): Promise<Map<number, CourseTag[]>> {
  if (moduleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('module_tags')
    .select(['module_id', 'tag_id', 'tag_name'])
    .where('module_id', 'in', [...moduleIds])
    .orderBy('tag_name')
    .orderBy('tag_id')
    .execute();
  return groupTags(rows, 'module_id');
}

async function withTags(db: CoursesDb, rows: ModuleRow[]): Promise<ModuleRecord[]> {
  const tags = await moduleTags(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    position: r.position,
    courseId: r.course_id,
    visibleToBasic: r.visible_to_basic,
    visibleToPremium: r.visible_to_premium,
    tags: tags.get(r.id) ?? [],
    courseTitle: r.course_title,
    releaseAfterDays: r.release_after_days,
    releaseAt: r.release_at,
  }));
}

function moduleQuery(db: CoursesDb) {
  return db
    .selectFrom('modules as m')
    .leftJoin('courses as c', 'c.id', 'm.course_id')
    .select([
      'm.id',
      'm.title',
      'm.position',
      'm.course_id',
      'm.visible_to_basic',
      'm.visible_to_premium',
      'c.title as course_title',
      'm.release_after_days',
      // A date column as its ISO text: pg would make it a Date at the server's local midnight.
      sql<string | null>`to_char(m.release_at, 'YYYY-MM-DD')`.as('release_at'),
    ]);
}

/** Every module (free ones first), for the admin's course form picker. */
export async function listAllModules(db: CoursesDb): Promise<ModuleRecord[]> {
  const rows = await moduleQuery(db)
    .orderBy('c.position')
    .orderBy('m.course_id')
    .orderBy('m.position')
    .orderBy('m.id')
    .execute();
  const sorted = [...rows.filter((r) => r.course_id === null), ...rows.filter((r) => r.course_id !== null)];
  return withTags(db, sorted);
}

/** The modules a non-admin can open (inside courses they can open), in catalogue order. */
export async function listVisibleModules(store: CoursesStore, viewer: Viewer): Promise<ModuleRecord[]> {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const rows = await queryRows<ModuleRow>(store.pool, {
    text: `SELECT m.id, m.title, m.position, m.course_id, m.visible_to_basic, m.visible_to_premium,
                  c.title AS course_title, m.release_after_days, to_char(m.release_at, 'YYYY-MM-DD') AS release_at
           FROM modules m JOIN courses c ON c.id = m.course_id
           WHERE ${visible.course('c')} AND ${visible.module('m')}
           ORDER BY c.position, c.id, m.position, m.id`,
    values: p.values,
  });
  return withTags(store.db, rows);
}

export async function findModule(db: CoursesDb, id: number): Promise<ModuleRecord | null> {
  const row = await moduleQuery(db).where('m.id', '=', id).executeTakeFirst();
  return row ? ((await withTags(db, [row]))[0] ?? null) : null;
}

/** The modules of one course in (position, id) order. */
export async function modulesOfCourse(db: CoursesDb, courseId: number): Promise<ModuleRecord[]> {
  const rows = await moduleQuery(db)
    .where('m.course_id', '=', courseId)
    .orderBy('m.position')
    .orderBy('m.id')
    .execute();
  return withTags(db, rows);
}

/** Locks modules by id; returns those that exist. */
export async function lockModules(
  db: CoursesDb,
  ids: readonly number[],
): Promise<{ id: number; course_id: number | null; position: number }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('modules')
    .select(['id', 'course_id', 'position'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Locks the modules of one course (or the free modules, for null) and returns them in (position, id) order. */
export async function lockModulesOfCourse(
  db: CoursesDb,
  courseId: number | null,
): Promise<{ id: number; position: number }[]> {
  const query = db.selectFrom('modules').select(['id', 'position']);
  // Locked in id order (every multi-module lock does so, against deadlocks), returned in (position, id) order.
  const rows = await (courseId === null
    ? query.where('course_id', 'is', null)
    : query.where('course_id', '=', courseId)
  )
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Takes key-share locks on modules (id order) so a concurrent reorder of them waits, or we wait for it. */
export async function shareLockModules(db: CoursesDb, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('modules')
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forKeyShare()
    .execute();
  return rows.map((r) => r.id);
}

export interface ModuleWrite {
  title: string;
  position: number | undefined;
  visibleToBasic: boolean | undefined;
  visibleToPremium: boolean | undefined;
  /** undefined keeps the course; null frees the module. */
  courseId: number | null | undefined;
  /** undefined keeps the module's release rule; both null: open as soon as it is visible. */
  release: { releaseAfterDays: number | null; releaseAt: string | null } | undefined;
}

/** The rule's columns; its "set at" moves only when the rule itself changes (a re-saved form keeps it). */
const releaseColumns = (release: ModuleWrite['release'], write: 'insert' | 'update') =>
  release === undefined
    ? {}
    : {
        release_after_days: release.releaseAfterDays,
        release_at: release.releaseAt,
        release_rule_set_at:
          release.releaseAfterDays === null && release.releaseAt === null
            ? null
            : write === 'insert'
              ? new Date()
              : sql<Date>`CASE WHEN release_after_days IS NOT DISTINCT FROM ${release.releaseAfterDays}::integer
                AND release_at IS NOT DISTINCT FROM ${release.releaseAt}::date AND release_rule_set_at IS NOT NULL
                THEN release_rule_set_at ELSE now() END`,
      };

export async function insertModule(db: CoursesDb, fields: ModuleWrite): Promise<number> {
  const row = await db
    .insertInto('modules')
    .values({
      title: fields.title,
      position: fields.position,
      visible_to_basic: fields.visibleToBasic,
      visible_to_premium: fields.visibleToPremium,
      course_id: fields.courseId ?? null,
      ...releaseColumns(fields.release, 'insert'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateModule(db: CoursesDb, id: number, fields: ModuleWrite): Promise<void> {
  await db
    .updateTable('modules')
    .set({
      title: fields.title,
      ...(fields.position !== undefined ? { position: fields.position } : {}),
      ...(fields.visibleToBasic !== undefined ? { visible_to_basic: fields.visibleToBasic } : {}),
      ...(fields.visibleToPremium !== undefined ? { visible_to_premium: fields.visibleToPremium } : {}),
      ...(fields.courseId !== undefined ? { course_id: fields.courseId } : {}),
      ...releaseColumns(fields.release, 'update'),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function replaceModuleTags(db: CoursesDb, moduleId: number, tags: readonly TagRef[]): Promise<void> {
  await db.deleteFrom('module_tags').where('module_id', '=', moduleId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('module_tags')
    .values(tags.map((t) => ({ module_id: moduleId, tag_id: t.id, tag_name: t.name })))
    .execute();
}

/** Deletes a module; its lessons (and their completions) go with it. */
export async function deleteModule(db: CoursesDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('modules').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Makes `moduleIds` the course's modules: attaches them, frees the course's other modules. */
export async function setCourseModules(db: CoursesDb, courseId: number, moduleIds: readonly number[]): Promise<void> {
  let free = db
    .updateTable('modules')
    .set({ course_id: null, updated_at: new Date() })
    .where('course_id', '=', courseId);
  if (moduleIds.length > 0) free = free.where('id', 'not in', [...moduleIds]);
  await free.execute();
  if (moduleIds.length === 0) return;
  await db
    .updateTable('modules')
    .set({ course_id: courseId, updated_at: new Date() })
    .where('id', 'in', [...moduleIds])
    .where((eb) => eb.or([eb('course_id', 'is', null), eb('course_id', '!=', courseId)]))
    .execute();
}

/** The course of each of these modules, read without locks (to pick the lock order before locking). */
export async function courseIdsOfModules(
  db: CoursesDb,
  ids: readonly number[],
): Promise<{ id: number; course_id: number | null }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('modules').select(['id', 'course_id']).where('id', 'in', ids).execute();
}

/** A module with a release rule, with what its schedule and its announcement need (domain/drip.ts). */
export interface ReleaseModuleRow {
  id: number;
  title: string;
  courseId: number;
  courseTitle: string;
  courseSlug: string;
  coursePublished: boolean;
  releaseAfterDays: number | null;
  releaseAt: string | null;
  /** When the rule last changed: only openings after it are announced. */
  ruleSetAt: Date | null;
  /** The first lesson (position order), where the announcement leads; null for an empty module. */
  firstLessonId: number | null;
  module: { visibleToBasic: boolean; visibleToPremium: boolean; tagIds: number[] };
  course: { visibleToBasic: boolean; visibleToPremium: boolean; tagIds: number[] };
}

/** Every module of a course that carries a release rule (few: the partial index modules_with_release_rule). */
export async function modulesWithReleaseRules(db: CoursesDb): Promise<ReleaseModuleRow[]> {
  const { rows } = await sql<{
    id: number;
    title: string;
    course_id: number;
    course_title: string;
    course_slug: string;
    course_status: string;
    release_after_days: number | null;
    release_at: string | null;
    release_rule_set_at: Date | null;
    first_lesson_id: number | null;
    m_basic: boolean;
    m_premium: boolean;
    m_tags: number[] | null;
    c_basic: boolean;
    c_premium: boolean;
    c_tags: number[] | null;
  }>`
    SELECT m.id, m.title, m.course_id, c.title AS course_title, c.slug AS course_slug, c.status AS course_status,
           m.release_after_days, to_char(m.release_at, 'YYYY-MM-DD') AS release_at, m.release_rule_set_at,
           (SELECT l.id FROM lessons l WHERE l.module_id = m.id ORDER BY l.position, l.id LIMIT 1) AS first_lesson_id,
           m.visible_to_basic AS m_basic, m.visible_to_premium AS m_premium,
           (SELECT array_agg(mt.tag_id) FROM module_tags mt WHERE mt.module_id = m.id) AS m_tags,
           c.visible_to_basic AS c_basic, c.visible_to_premium AS c_premium,
           (SELECT array_agg(ct.tag_id) FROM course_tags ct WHERE ct.course_id = c.id) AS c_tags
    FROM modules m JOIN courses c ON c.id = m.course_id
    WHERE m.release_after_days IS NOT NULL OR m.release_at IS NOT NULL
    ORDER BY m.id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    courseId: r.course_id,
    courseTitle: r.course_title,
    courseSlug: r.course_slug,
    coursePublished: r.course_status === 'PUBLISHED',
    releaseAfterDays: r.release_after_days,
    releaseAt: r.release_at,
    ruleSetAt: r.release_rule_set_at,
    firstLessonId: r.first_lesson_id,
    module: { visibleToBasic: r.m_basic, visibleToPremium: r.m_premium, tagIds: r.m_tags ?? [] },
    course: { visibleToBasic: r.c_basic, visibleToPremium: r.c_premium, tagIds: r.c_tags ?? [] },
  }));
}

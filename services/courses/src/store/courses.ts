/** Courses and their required tags. */
import type { CourseStatus, CourseTag, TagRef } from '@rainmakers/contracts';
import type { Viewer } from '../domain/visibility';
import type { CourseRow } from './catalogue';
import { type CoursesDb, type CoursesStore, groupTags, queryRows, SqlParams } from './db';
import { visibilitySql } from './visibility-sql';

/** A course as the rest of the service sees it (camelCase, tags attached). */
export interface CourseRecord {
  id: number;
  title: string;
  description: string | null;
  status: CourseStatus;
  slug: string;
  coverPhotoUrl: string | null;
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  position: number;
  /** Sorted by name. */
  tags: CourseTag[];
}

export function toCourseRecord(row: CourseRow, tags: CourseTag[]): CourseRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    slug: row.slug,
    coverPhotoUrl: row.cover_photo_url,
    visibleToBasic: row.visible_to_basic,
    visibleToPremium: row.visible_to_premium,
    position: row.position,
    tags,
  };
}

const courseColumns = [
  'id',
  'title',
  'description',
  'status',
  'slug',
  'cover_photo_url',
  'visible_to_basic',
  'visible_to_premium',
  'position',
] as const;

export async function courseTags(db: CoursesDb, courseIds: readonly number[]): Promise<Map<number, CourseTag[]>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('course_tags')
    .select(['course_id', 'tag_id', 'tag_name'])
    .where('course_id', 'in', [...courseIds])
    .orderBy('tag_name')
    .orderBy('tag_id')
    .execute();
  return groupTags(rows, 'course_id');
}

async function withTags(db: CoursesDb, rows: CourseRow[]): Promise<CourseRecord[]> {
  const tags = await courseTags(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toCourseRecord(row, tags.get(row.id) ?? []));
}

export async function findCourseById(db: CoursesDb, id: number, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('courses').select(courseColumns).where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? ((await withTags(db, [row]))[0] ?? null) : null;
}

export async function findCourseBySlug(db: CoursesDb, slug: string): Promise<CourseRecord | null> {
  const row = await db.selectFrom('courses').select(courseColumns).where('slug', '=', slug).executeTakeFirst();
  return row ? ((await withTags(db, [row]))[0] ?? null) : null;
}

/** Course rows by id, in (position, id) order. */
export async function courseRows(db: CoursesDb, ids: readonly number[]): Promise<CourseRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('courses')
    .select(courseColumns)
    .where('id', 'in', [...ids])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function coursesWithTags(db: CoursesDb, rows: CourseRow[]): Promise<CourseRecord[]> {
  return withTags(db, rows);
}

/** The modules of these courses that the viewer can open, in (position, id) order. */
export async function visibleModuleRefs(
  store: CoursesStore,
  viewer: Viewer,
  courseIds: readonly number[],
): Promise<Map<number, { id: number; title: string; CourseId: number }[]>> {
  const byCourse = new Map<number, { id: number; title: string; CourseId: number }[]>();
  if (courseIds.length === 0) return byCourse;
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const rows = await queryRows<{ id: number; title: string; course_id: number }>(store.pool, {
    text: `SELECT m.id, m.title, m.course_id FROM modules m
           WHERE m.course_id = ANY(${p.add([...courseIds])}::int[]) AND ${visible.module('m')}
           ORDER BY m.position, m.id`,
    values: p.values,
  });
  for (const row of rows) {
    const list = byCourse.get(row.course_id) ?? [];
    list.push({ id: row.id, title: row.title, CourseId: row.course_id });
    byCourse.set(row.course_id, list);
  }
  return byCourse;
}

export interface CourseWrite {
  title: string;
  description: string | null | undefined;
  status: CourseStatus | undefined;
  slug: string;
  coverPhotoUrl: string | null | undefined;
  visibleToBasic: boolean | undefined;
  visibleToPremium: boolean | undefined;
  position: number | undefined;
}

/** Inserts a course; unset optional fields take the table defaults. Throws the unique violation on a taken slug. */
export async function insertCourse(db: CoursesDb, fields: CourseWrite): Promise<number> {
  const row = await db
    .insertInto('courses')
    .values({
      title: fields.title,
      description: fields.description ?? null,
      status: fields.status,
      slug: fields.slug,
      cover_photo_url: fields.coverPhotoUrl ?? null,
      visible_to_basic: fields.visibleToBasic,
      visible_to_premium: fields.visibleToPremium,
      position: fields.position,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the given fields (undefined keeps the stored value). */
export async function updateCourse(db: CoursesDb, id: number, fields: CourseWrite): Promise<void> {
  await db
    .updateTable('courses')
    .set({
      title: fields.title,
      slug: fields.slug,
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.status !== undefined ? { status: fields.status } : {}),
      ...(fields.coverPhotoUrl !== undefined ? { cover_photo_url: fields.coverPhotoUrl } : {}),
      ...(fields.visibleToBasic !== undefined ? { visible_to_basic: fields.visibleToBasic } : {}),
      ...(fields.visibleToPremium !== undefined ? { visible_to_premium: fields.visibleToPremium } : {}),
      ...(fields.position !== undefined ? { position: fields.position } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function replaceCourseTags(db: CoursesDb, courseId: number, tags: readonly TagRef[]): Promise<void> {
  await db.deleteFrom('course_tags').where('course_id', '=', courseId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('course_tags')
    .values(tags.map((t) => ({ course_id: courseId, tag_id: t.id, tag_name: t.name })))
    .execute();
}

export async function deleteCourse(db: CoursesDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('courses').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every course, locked, in (position, id) order: the current state a catalogue reorder applies to. */
export async function lockAllCourses(db: CoursesDb): Promise<{ id: number; position: number }[]> {
  const rows = await db.selectFrom('courses').select(['id', 'position']).orderBy('id').forUpdate().execute();
  return rows.sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Whether the course exists, holding a key-share lock so it cannot be deleted before the caller commits. */
export async function keyShareCourse(db: CoursesDb, id: number): Promise<boolean> {
  const row = await db.selectFrom('courses').select('id').where('id', '=', id).forKeyShare().executeTakeFirst();
  return row !== undefined;
}

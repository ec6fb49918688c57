/**
 * The catalogue's reads (GET /api/course/read-many) as hand-written SQL: visible courses, modules and lessons
 * matching a search, and progress per course. Built to stay fast on 100 courses / 2,000 modules / 100,000 lessons:
 *
 * - titles match with ILIKE '%term%', served by the pg_trgm GIN indexes (terms without a 3-character word match
 *   word starts instead, which the same indexes serve: see domain/search.ts titlePatterns);
 * - lesson content matches with `search @@ websearch_to_tsquery('english', term)`, served by the GIN index on
 *   the stored tsvector;
 * - lesson searches collect at most LESSON_MATCH_CAP visible matches, then sort those by catalogue order
 *   (course, module, lesson positions) and keep itemsPerPage: a term found in most lessons never sorts them all.
 *
 * test/search-index.test.ts EXPLAINs these statements on a generated catalogue.
 */
import { LESSON_MATCH_CAP } from '@rainmakers/contracts';
import { hasSearchableText, snippetNeedle, titlePatterns } from '../domain/search';
import type { Viewer } from '../domain/visibility';
import { type CoursesDb, type CoursesStore, queryRows, SqlParams, type Statement } from './db';
import { visibilitySql } from './visibility-sql';

export interface CourseRow {
  id: number;
  title: string;
  description: string | null;
  status: 'DRAFT' | 'PUBLISHED';
  slug: string;
  cover_photo_url: string | null;
  visible_to_basic: boolean;
  visible_to_premium: boolean;
  position: number;
}

export const COURSE_COLUMNS =
  'c.id, c.title, c.description, c.status, c.slug, c.cover_photo_url, c.visible_to_basic, c.visible_to_premium, c.position';

export interface Counted<T> {
  rows: T[];
  count: number;
}

type WithTotal = { total: number };

function counted<T extends WithTotal>(rows: T[]): Counted<Omit<T, 'total'>> {
  return { rows: rows.map(({ total: _total, ...rest }) => rest), count: rows[0]?.total ?? 0 };
}

/** `(column ILIKE $a OR column ILIKE $b)` for the term's title patterns; FALSE when it has none. */
export function titleMatchSql(columns: string[], search: string, p: SqlParams): string {
  const patterns = titlePatterns(search).map((pattern) => p.add(pattern));
  if (patterns.length === 0) return 'FALSE';
  return `(${columns.flatMap((column) => patterns.map((pattern) => `${column} ILIKE ${pattern}`)).join(' OR ')})`;
}

// -------------------------------------------------------------------------------------------------- courses

export function courseSearchStatement(viewer: Viewer, search: string, limit: number): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const where = [visible.course('c')];
  if (search) where.push(titleMatchSql(['c.title', 'c.description'], search, p));
  return {
    text: `SELECT ${COURSE_COLUMNS}, count(*) OVER () AS total
           FROM courses c
           WHERE ${where.join(' AND ')}
           ORDER BY c.position, c.id
           LIMIT ${p.add(limit)}`,
    values: p.values,
  };
}

export async function searchCourses(
  store: CoursesStore,
  viewer: Viewer,
  search: string,
  limit: number,
): Promise<Counted<CourseRow>> {
  return counted(await queryRows<CourseRow & WithTotal>(store.pool, courseSearchStatement(viewer, search, limit)));
}

// -------------------------------------------------------------------------------------------------- modules

export interface CatalogueModuleRow {
  id: number;
  title: string;
  course_id: number;
  position: number;
  course_title: string;
  course_slug: string;
}

export function moduleSearchStatement(viewer: Viewer, search: string, limit: number): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const where = [visible.course('c'), visible.module('m')];
  if (search) where.push(titleMatchSql(['m.title'], search, p));
  return {
    text: `SELECT m.id, m.title, m.course_id, m.position, c.title AS course_title, c.slug AS course_slug,
                  count(*) OVER () AS total
           FROM modules m
           JOIN courses c ON c.id = m.course_id
           WHERE ${where.join(' AND ')}
           ORDER BY c.position, c.id, m.position, m.id
           LIMIT ${p.add(limit)}`,
    values: p.values,
  };
}

export async function searchModules(
  store: CoursesStore,
  viewer: Viewer,
  search: string,
  limit: number,
): Promise<Counted<CatalogueModuleRow>> {
  return counted(
    await queryRows<CatalogueModuleRow & WithTotal>(store.pool, moduleSearchStatement(viewer, search, limit)),
  );
}

// -------------------------------------------------------------------------------------------------- lessons

export interface CatalogueLessonRow {
  id: number;
  title: string;
  module_id: number;
  position: number;
  module_title: string;
  course_title: string;
  course_slug: string;
  /**
   * A piece of the content's plain text (lesson_texts.content_text) around the first match (content searches and
   * the empty search), EXCERPT_LENGTH characters plus one when the lesson goes on after it.
   */
  excerpt: string | null;
  cut_before: boolean | null;
  cut_after: null;
}

export type LessonSearchKind = 'title' | 'content';

const EXCERPT_BEFORE = 80;
export const EXCERPT_LENGTH = 280;

/**
 * Visible lessons matching `search` by title (substring) or content (full text), in catalogue order, at most
 * `limit`; the count is of visible matches up to LESSON_MATCH_CAP.
 */
export function lessonSearchStatement(
  viewer: Viewer,
  kind: LessonSearchKind,
  search: string,
  limit: number,
  cap = LESSON_MATCH_CAP,
): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  let match: string;
  let excerpt = 'NULL::text AS excerpt, NULL::boolean AS cut_before, NULL::boolean AS cut_after';
  let lateral = '';
  if (kind === 'title') {
    match = titleMatchSql(['l.title'], search, p);
  } else {
    match = hasSearchableText(search) ? `l.search @@ websearch_to_tsquery('english', ${p.add(search)})` : 'FALSE';
    // Where the snippet starts in the lesson's plain text (lesson_texts.content_text, read once per row): the first
    // occurrence of the needle as written, Capitalized or UPPERCASE (three strpos calls are far cheaper than lower()
    // over every matched lesson), else the beginning. OFFSET 0 keeps the subqueries from being inlined into each use.
    const needle = p.add(snippetNeedle(search));
    lateral = `CROSS JOIN LATERAL (
                 SELECT t.text, greatest(1, coalesce(nullif(strpos(t.text, ${needle}), 0),
                                                     nullif(strpos(t.text, initcap(${needle})), 0),
                                                     nullif(strpos(t.text, upper(${needle})), 0), 1) - ${EXCERPT_BEFORE}) AS start
                 FROM (SELECT coalesce((SELECT lt.content_text FROM lesson_texts lt WHERE lt.lesson_id = l.id), '') AS text
                       OFFSET 0) AS t
                 OFFSET 0
               ) AS x`;
    // One character more than the excerpt tells whether the lesson goes on after it.
    excerpt = `substr(x.text, x.start, ${EXCERPT_LENGTH + 1}) AS excerpt, x.start > 1 AS cut_before,
               NULL::boolean AS cut_after`;
  }
  return {
    text: `SELECT id, title, module_id, position, module_title, course_title, course_slug,
                  excerpt, cut_before, cut_after, count(*) OVER () AS total
           FROM (
             SELECT l.id, l.title, l.module_id, l.position, m.title AS module_title, m.position AS module_position,
                    c.id AS course_id, c.title AS course_title, c.slug AS course_slug, c.position AS course_position,
                    ${excerpt}
             FROM lessons l
             JOIN modules m ON m.id = l.module_id
             JOIN courses c ON c.id = m.course_id
             ${lateral}
             WHERE ${match}
               AND ${visible.course('c')} AND ${visible.module('m')} AND ${visible.lesson('l')}
             LIMIT ${p.add(cap)}
           ) AS matches
           ORDER BY course_position, course_id, module_position, module_id, position, id
           LIMIT ${p.add(limit)}`,
    values: p.values,
  };
}

/** Every visible lesson in catalogue order (the empty search), with the start of its content. */
export function allLessonsStatement(viewer: Viewer, limit: number): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  return {
    text: `SELECT l.id, l.title, l.module_id, l.position, m.title AS module_title,
                  c.title AS course_title, c.slug AS course_slug,
                  left((SELECT lt.content_text FROM lesson_texts lt WHERE lt.lesson_id = l.id), ${EXCERPT_LENGTH + 1}) AS excerpt, false AS cut_before, NULL::boolean AS cut_after
           FROM courses c
           JOIN modules m ON m.course_id = c.id
           JOIN lessons l ON l.module_id = m.id
           WHERE ${visible.course('c')} AND ${visible.module('m')} AND ${visible.lesson('l')}
           ORDER BY c.position, c.id, m.position, m.id, l.position, l.id
           LIMIT ${p.add(limit)}`,
    values: p.values,
  };
}

export function visibleLessonCountStatement(viewer: Viewer, cap = LESSON_MATCH_CAP): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  return {
    text: `SELECT count(*)::int AS total FROM (
             SELECT 1 FROM lessons l
             JOIN modules m ON m.id = l.module_id
             JOIN courses c ON c.id = m.course_id
             WHERE ${visible.course('c')} AND ${visible.module('m')} AND ${visible.lesson('l')}
             LIMIT ${p.add(cap)}
           ) AS visible_lessons`,
    values: p.values,
  };
}

export async function searchLessons(
  store: CoursesStore,
  viewer: Viewer,
  kind: LessonSearchKind,
  search: string,
  limit: number,
): Promise<Counted<CatalogueLessonRow>> {
  return counted(
    await queryRows<CatalogueLessonRow & WithTotal>(store.pool, lessonSearchStatement(viewer, kind, search, limit)),
  );
}

export async function allVisibleLessons(
  store: CoursesStore,
  viewer: Viewer,
  limit: number,
): Promise<Counted<CatalogueLessonRow>> {
  const [rows, count] = await Promise.all([
    queryRows<CatalogueLessonRow>(store.pool, allLessonsStatement(viewer, limit)),
    queryRows<{ total: number }>(store.pool, visibleLessonCountStatement(viewer)),
  ]);
  return { rows, count: count[0]?.total ?? 0 };
}

// -------------------------------------------------------------------------------------------------- tags

/** Every tag id that gates a course, a module or a lesson. */
export async function usedTagIds(db: CoursesDb): Promise<number[]> {
  const rows = await db
    .selectFrom('course_tags')
    .select('tag_id')
    .union(db.selectFrom('module_tags').select('tag_id'))
    .union(db.selectFrom('lesson_tags').select('tag_id'))
    .execute();
  return rows.map((r) => r.tag_id);
}

// -------------------------------------------------------------------------------------------------- progress

/**
 * Completed and accessible lesson counts per course, for the courses where the person completed something
 * (elsewhere progress is 0 without counting). `courseIds` are courses the viewer can open.
 */
export async function progressCounts(
  store: CoursesStore,
  viewer: Viewer,
  userId: number,
  courseIds: readonly number[],
): Promise<Map<number, { completed: number; total: number }>> {
  const result = new Map<number, { completed: number; total: number }>();
  if (courseIds.length === 0) return result;
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const user = p.add(userId);
  const courses = p.add([...courseIds]);
  const rows = await queryRows<{ course_id: number; completed: number; total: number }>(store.pool, {
    text: `WITH done AS (
             SELECT m.course_id, count(*)::int AS completed
             FROM lesson_completions lc
             JOIN lessons l ON l.id = lc.lesson_id
             JOIN modules m ON m.id = l.module_id
             WHERE lc.user_id = ${user} AND m.course_id = ANY(${courses}::int[])
               AND ${visible.module('m')} AND ${visible.lesson('l')}
             GROUP BY m.course_id
           )
           SELECT d.course_id, d.completed,
                  (SELECT count(*)::int FROM modules m JOIN lessons l ON l.module_id = m.id
                   WHERE m.course_id = d.course_id AND ${visible.module('m')} AND ${visible.lesson('l')}) AS total
           FROM done d`,
    values: p.values,
  });
  for (const row of rows) result.set(row.course_id, { completed: row.completed, total: row.total });
  return result;
}

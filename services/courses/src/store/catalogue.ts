/**
 * The catalogue's reads (GET /api/course/read-many) as hand-written SQL: visible courses, modules and lessons
 * matching a search, and progress per course. Built to stay fast on 100 courses / 2,000 modules / 100,000 lessons:
 *
 * - titles match with ILIKE '%term%', served by the pg_trgm GIN indexes (terms without a 3-character word match
 *   word starts instead, which the same indexes serve: see domain/search.ts titlePatterns);
 * - lesson content matches with `search @@ websearch_to_tsquery('english', term)`, served by the GIN index on
 *   the stored tsvector;
 * - lesson searches collect at most LESSON_MATCH_CAP visible matches, count them, then sort those by catalogue order
 *   (course, module, lesson positions) and keep one page: a term found in most lessons never sorts them all, and
 *   only the page's rows get an excerpt;
 * - every list is counted and paged in one statement (pagedStatement), so a page past the end still has its count;
 * - progress comes from the counts the triggers of migrations/003_progress_counts.sql keep.
 *
 * test/search-index.test.ts EXPLAINs these statements on a generated catalogue.
 */
import { LESSON_MATCH_CAP } from '@rainmakers/contracts';
import { hasSearchableText, snippetNeedle, titlePatterns } from '../domain/search';
import type { Viewer } from '../domain/visibility';
import { moduleCountsOfCourses } from './completions';
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

/** Which slice of a list: `limit` rows after `offset` (page n of size k: offset (n-1)*k). */
export interface Slice {
  limit: number;
  offset: number;
}

/** A lesson list also knows the ids of every match it counted (for the distinct count of the All tab). */
export interface CountedLessons<T> extends Counted<T> {
  ids: number[] | null;
}

type Totalled = { total: number; ids?: number[] | null };

/**
 * Rows of a `pagedStatement`: every row carries the total, one row the ids; a page past the end is one row of nulls.
 */
function counted<T extends { id: number | null }>(rows: (T & Totalled)[]): CountedLessons<T> {
  const first = rows[0];
  const page = rows
    .filter((row) => row.id !== null)
    .map(({ total: _total, ids: _ids, ...rest }) => rest as unknown as T);
  // One row carries the ids (pagedStatement), not necessarily the first.
  const ids = rows.find((row) => row.ids)?.ids ?? null;
  return { rows: page, count: first?.total ?? 0, ids };
}

/**
 * `matches` (a query) counted and paged in one statement: the count (and, when asked, the ids) over every match,
 * and the page in `order` with `columns` computed only for the page's rows (`lateral` joins them per row), so
 * a page past the end still answers the count.
 */
function pagedStatement(
  p: SqlParams,
  options: {
    matches: string;
    columns: string;
    order: string;
    slice: Slice;
    lateral?: string;
    withIds?: boolean;
  },
): Statement {
  const ids = options.withIds ? ', array_agg(id) AS ids' : '';
  // The ids (up to LESSON_MATCH_CAP of them) ride on one row of the page only: repeated on each of a 1,000-row
  // page they were a million integers to send and parse, seconds of the service's CPU for one answer.
  const idsColumn = options.withIds ? ', CASE WHEN row_number() OVER () = 1 THEN s.ids END AS ids' : '';
  return {
    text: `WITH matches AS MATERIALIZED (${options.matches})
           SELECT s.total${idsColumn}, page.*
           FROM (SELECT count(*)::int AS total${ids} FROM matches) AS s
           LEFT JOIN LATERAL (
             SELECT ${options.columns}
             FROM (SELECT * FROM matches ORDER BY ${options.order}
                   LIMIT ${p.add(options.slice.limit)} OFFSET ${p.add(options.slice.offset)}) AS r
             ${options.lateral ?? ''}
           ) AS page ON true
           ORDER BY ${options.order.replace(/\b(\w+)\b/g, (w) => (/^(ASC|DESC)$/i.test(w) ? w : `page.${w}`))}`,
    values: p.values,
  };
}

/** `(column ILIKE $a OR column ILIKE $b)` for the term's title patterns; FALSE when it has none. */
export function titleMatchSql(columns: string[], search: string, p: SqlParams): string {
  const patterns = titlePatterns(search).map((pattern) => p.add(pattern));
  if (patterns.length === 0) return 'FALSE';
  return `(${columns.flatMap((column) => patterns.map((pattern) => `${column} ILIKE ${pattern}`)).join(' OR ')})`;
}

// -------------------------------------------------------------------------------------------------- courses

export function courseSearchStatement(viewer: Viewer, search: string, slice: Slice): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const where = [visible.course('c')];
  if (search) where.push(titleMatchSql(['c.title', 'c.description'], search, p));
  return pagedStatement(p, {
    matches: `SELECT ${COURSE_COLUMNS} FROM courses c WHERE ${where.join(' AND ')}`,
    columns: 'r.*',
    order: 'position, id',
    slice,
  });
}

export async function searchCourses(
  store: CoursesStore,
  viewer: Viewer,
  search: string,
  slice: Slice,
): Promise<Counted<CourseRow>> {
  return counted(await queryRows<CourseRow & Totalled>(store.pool, courseSearchStatement(viewer, search, slice)));
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

export function moduleSearchStatement(viewer: Viewer, search: string, slice: Slice): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  const where = [visible.course('c'), visible.module('m')];
  if (search) where.push(titleMatchSql(['m.title'], search, p));
  return pagedStatement(p, {
    matches: `SELECT m.id, m.title, m.course_id, m.position, c.title AS course_title, c.slug AS course_slug,
                     c.position AS course_position
              FROM modules m
              JOIN courses c ON c.id = m.course_id
              WHERE ${where.join(' AND ')}`,
    columns: 'r.id, r.title, r.course_id, r.position, r.course_title, r.course_slug, r.course_position',
    order: 'course_position, course_id, position, id',
    slice,
  });
}

export async function searchModules(
  store: CoursesStore,
  viewer: Viewer,
  search: string,
  slice: Slice,
): Promise<Counted<CatalogueModuleRow>> {
  return counted(
    await queryRows<CatalogueModuleRow & Totalled>(store.pool, moduleSearchStatement(viewer, search, slice)),
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
}

export type LessonSearchKind = 'title' | 'content';

const EXCERPT_BEFORE = 80;
export const EXCERPT_LENGTH = 280;

const LESSON_ORDER = 'course_position, course_id, module_position, module_id, position, id';
const LESSON_PAGE_COLUMNS =
  'r.id, r.title, r.module_id, r.position, r.module_title, r.course_title, r.course_slug, ' +
  'r.course_position, r.course_id, r.module_position';

/**
 * Visible lessons matching `search` by title (substring) or content (full text): the count (and, `withIds`, the
 * ids) of at most LESSON_MATCH_CAP visible matches, and one page of them in catalogue order. A content search's
 * excerpts are cut for the page's rows only.
 */
export function lessonSearchStatement(
  viewer: Viewer,
  kind: LessonSearchKind,
  search: string,
  slice: Slice,
  options: { cap?: number; withIds?: boolean } = {},
): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  let match: string;
  let columns = `${LESSON_PAGE_COLUMNS}, NULL::text AS excerpt, NULL::boolean AS cut_before`;
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
                 FROM (SELECT coalesce((SELECT lt.content_text FROM lesson_texts lt WHERE lt.lesson_id = r.id), '') AS text
                       OFFSET 0) AS t
                 OFFSET 0
               ) AS x`;
    // One character more than the excerpt tells whether the lesson goes on after it.
    columns = `${LESSON_PAGE_COLUMNS}, substr(x.text, x.start, ${EXCERPT_LENGTH + 1}) AS excerpt,
               x.start > 1 AS cut_before`;
  }
  return pagedStatement(p, {
    matches: `SELECT l.id, l.title, l.module_id, l.position, m.title AS module_title, m.position AS module_position,
                     c.id AS course_id, c.title AS course_title, c.slug AS course_slug, c.position AS course_position
              FROM lessons l
              JOIN modules m ON m.id = l.module_id
              JOIN courses c ON c.id = m.course_id
              WHERE ${match}
                AND ${visible.course('c')} AND ${visible.module('m')} AND ${visible.lesson('l')} AND ${visible.open('m')}
              LIMIT ${p.add(options.cap ?? LESSON_MATCH_CAP)}`,
    columns,
    order: LESSON_ORDER,
    slice,
    lateral,
    withIds: options.withIds,
  });
}

/** One page of every visible lesson in catalogue order (the empty search), with the start of its content. */
export function allLessonsStatement(viewer: Viewer, slice: Slice): Statement {
  const p = new SqlParams();
  const visible = visibilitySql(viewer, p);
  return {
    text: `SELECT l.id, l.title, l.module_id, l.position, m.title AS module_title,
                  c.title AS course_title, c.slug AS course_slug,
                  left((SELECT lt.content_text FROM lesson_texts lt WHERE lt.lesson_id = l.id), ${EXCERPT_LENGTH + 1}) AS excerpt, false AS cut_before
           FROM courses c
           JOIN modules m ON m.course_id = c.id
           JOIN lessons l ON l.module_id = m.id
           WHERE ${visible.course('c')} AND ${visible.module('m')} AND ${visible.lesson('l')} AND ${visible.open('m')}
           ORDER BY c.position, c.id, m.position, m.id, l.position, l.id
           LIMIT ${p.add(slice.limit)} OFFSET ${p.add(slice.offset)}`,
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
             WHERE ${visible.course('c')} AND ${visible.module('m')} AND ${visible.lesson('l')} AND ${visible.open('m')}
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
  slice: Slice,
  options: { withIds?: boolean } = {},
): Promise<CountedLessons<CatalogueLessonRow>> {
  return counted(
    await queryRows<CatalogueLessonRow & Totalled>(
      store.pool,
      lessonSearchStatement(viewer, kind, search, slice, { withIds: options.withIds }),
    ),
  );
}

export async function allVisibleLessons(
  store: CoursesStore,
  viewer: Viewer,
  slice: Slice,
): Promise<Counted<CatalogueLessonRow>> {
  const [rows, count] = await Promise.all([
    queryRows<CatalogueLessonRow>(store.pool, allLessonsStatement(viewer, slice)),
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
 * (elsewhere progress is 0 without counting), from the maintained counts. `courseIds` are courses the viewer can open.
 */
export async function progressCounts(
  store: CoursesStore,
  viewer: Viewer,
  userId: number,
  courseIds: readonly number[],
): Promise<Map<number, { completed: number; total: number }>> {
  const result = new Map<number, { completed: number; total: number }>();
  const modules = await moduleCountsOfCourses(store, viewer, userId, courseIds, { startedOnly: true });
  for (const m of modules) {
    if (m.courseId === null) continue;
    const sum = result.get(m.courseId) ?? { completed: 0, total: 0 };
    sum.completed += m.completed;
    sum.total += m.total;
    result.set(m.courseId, sum);
  }
  return result;
}

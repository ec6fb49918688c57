/** Lessons and their tags. */
import type { CourseTag, Quiz, TagRef } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import { hasSearchableText, titlePatterns } from '../domain/search';
import type { CoursesDb } from './db';
import { groupTags } from './db';

export interface LessonRecord {
  id: number;
  title: string;
  content: string;
  /** The lesson's video (YouTube, Vimeo or an uploaded file); null when it has none. */
  videoUrl: string | null;
  moduleId: number;
  position: number;
  /** Sorted by name. */
  tags: CourseTag[];
  /** The lesson's quiz, right answers included (presenters decide who sees them); null without one. */
  quiz: Quiz | null;
}

export async function lessonTags(db: CoursesDb, lessonIds: readonly number[]): Promise<Map<number, CourseTag[]>> {
  if (lessonIds.length === 0) return new Map();
  const map = new Map<number, CourseTag[]>();
  // Chunked: a course page may hold a thousand lessons.
  for (let i = 0; i < lessonIds.length; i += 5000) {
    const rows = await db
      .selectFrom('lesson_tags')
      .select(['lesson_id', 'tag_id', 'tag_name'])
      .where('lesson_id', 'in', lessonIds.slice(i, i + 5000))
      .orderBy('tag_name')
      .orderBy('tag_id')
      .execute();
    for (const [id, tags] of groupTags(rows, 'lesson_id')) map.set(id, tags);
  }
  return map;
}

export async function findLesson(db: CoursesDb, id: number): Promise<LessonRecord | null> {
  const row = await db
    .selectFrom('lessons')
    .select(['id', 'title', 'content', 'video_url', 'module_id', 'position', 'quiz'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const tags = await lessonTags(db, [row.id]);
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    videoUrl: row.video_url,
    moduleId: row.module_id,
    position: row.position,
    tags: tags.get(row.id) ?? [],
    quiz: row.quiz,
  };
}

/** A lesson of a course page: `matches` tells whether it answers the page's search (true without one). */
export interface TreeLesson extends Omit<LessonRecord, 'videoUrl' | 'quiz'> {
  matches: boolean;
}

/**
 * The lessons of these modules in (position, id) order. With a search, each says whether its title contains
 * the term or its content matches it as full text.
 */
export async function lessonsOfModules(
  db: CoursesDb,
  moduleIds: readonly number[],
  options: { search: string; content: boolean },
): Promise<TreeLesson[]> {
  if (moduleIds.length === 0) return [];
  const { search } = options;
  const rows = await db
    .selectFrom('lessons as l')
    .select(['l.id', 'l.title', 'l.module_id', 'l.position', 'l.tagged'])
    .$if(options.content, (qb) => qb.select('l.content'))
    .$if(search !== '', (qb) =>
      qb.select((eb) =>
        eb
          .or([
            ...titlePatterns(search).map((pattern) => eb('l.title', 'ilike', pattern)),
            ...(hasSearchableText(search)
              ? [eb('l.search', '@@', eb.fn<string>('websearch_to_tsquery', [eb.val('english'), eb.val(search)]))]
              : []),
          ])
          .as('matches'),
      ),
    )
    .where('l.module_id', 'in', [...moduleIds])
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
  // Only tagged lessons have tags to read (lessons.tagged, kept by triggers): a few of a course's thousand.
  const tags = await lessonTags(
    db,
    rows.filter((r) => r.tagged).map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: (r as { content?: string }).content ?? '',
    moduleId: r.module_id,
    position: r.position,
    tags: tags.get(r.id) ?? [],
    matches: search === '' ? true : Boolean((r as { matches?: boolean }).matches),
  }));
}

/** What deciding access to one lesson needs: the lesson's tags, its module and its course (ids and gates). */
export interface LessonChainRow {
  lessonId: number;
  /** Completing the lesson needs a passing attempt at its quiz. */
  hasQuiz: boolean;
  moduleId: number;
  courseId: number | null;
  courseSlug: string | null;
  lessonTagIds: number[];
  module: {
    visibleToBasic: boolean;
    visibleToPremium: boolean;
    tagIds: number[];
    /** Drip: the module's release rule. */
    releaseAfterDays: number | null;
    releaseAt: string | null;
  };
  course: {
    status: 'DRAFT' | 'PUBLISHED';
    visibleToBasic: boolean;
    visibleToPremium: boolean;
    tagIds: number[];
  } | null;
}

export async function lessonChain(db: CoursesDb, lessonId: number): Promise<LessonChainRow | null> {
  // One round trip: the three tag lists come as arrays (array_agg gives NULL when there are none).
  const row = await db
    .selectFrom('lessons as l')
    .innerJoin('modules as m', 'm.id', 'l.module_id')
    .leftJoin('courses as c', 'c.id', 'm.course_id')
    .select((eb) => [
      'l.id as lesson_id',
      eb('l.quiz', 'is not', null).as('has_quiz'),
      'm.id as module_id',
      'm.visible_to_basic as m_basic',
      'm.visible_to_premium as m_premium',
      'm.release_after_days as m_release_after_days',
      sql<string | null>`to_char(m.release_at, 'YYYY-MM-DD')`.as('m_release_at'),
      'c.id as course_id',
      'c.slug as course_slug',
      'c.status as c_status',
      'c.visible_to_basic as c_basic',
      'c.visible_to_premium as c_premium',
      eb
        .selectFrom('lesson_tags as lt')
        .select((sub) => sub.fn.agg<number[] | null>('array_agg', ['lt.tag_id']).as('ids'))
        .whereRef('lt.lesson_id', '=', 'l.id')
        .as('lesson_tag_ids'),
      eb
        .selectFrom('module_tags as mt')
        .select((sub) => sub.fn.agg<number[] | null>('array_agg', ['mt.tag_id']).as('ids'))
        .whereRef('mt.module_id', '=', 'm.id')
        .as('module_tag_ids'),
      eb
        .selectFrom('course_tags as ct')
        .select((sub) => sub.fn.agg<number[] | null>('array_agg', ['ct.tag_id']).as('ids'))
        .whereRef('ct.course_id', '=', 'c.id')
        .as('course_tag_ids'),
    ])
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    lessonId: row.lesson_id,
    hasQuiz: Boolean(row.has_quiz),
    moduleId: row.module_id,
    courseId: row.course_id,
    courseSlug: row.course_slug,
    lessonTagIds: row.lesson_tag_ids ?? [],
    module: {
      visibleToBasic: row.m_basic,
      visibleToPremium: row.m_premium,
      tagIds: row.module_tag_ids ?? [],
      releaseAfterDays: row.m_release_after_days,
      releaseAt: row.m_release_at,
    },
    course:
      row.course_id === null
        ? null
        : {
            status: row.c_status ?? 'DRAFT',
            visibleToBasic: row.c_basic ?? false,
            visibleToPremium: row.c_premium ?? false,
            tagIds: row.course_tag_ids ?? [],
          },
  };
}

export interface LessonWrite {
  title: string;
  content: string;
  /** undefined keeps the lesson's video as it is (a client that does not know the field). */
  videoUrl: string | null | undefined;
  moduleId: number;
  position: number | undefined;
  /** undefined keeps the lesson's quiz as it is, null removes it. */
  quiz: Quiz | null | undefined;
}

const quizColumn = (quiz: Quiz | null) => (quiz === null ? null : JSON.stringify(quiz));

export async function insertLesson(db: CoursesDb, fields: LessonWrite): Promise<number> {
  const row = await db
    .insertInto('lessons')
    .values({
      title: fields.title,
      content: fields.content,
      video_url: fields.videoUrl ?? null,
      module_id: fields.moduleId,
      position: fields.position,
      quiz: quizColumn(fields.quiz ?? null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLesson(db: CoursesDb, id: number, fields: LessonWrite): Promise<void> {
  await db
    .updateTable('lessons')
    .set({
      title: fields.title,
      content: fields.content,
      ...(fields.videoUrl !== undefined ? { video_url: fields.videoUrl } : {}),
      ...(fields.quiz !== undefined ? { quiz: quizColumn(fields.quiz) } : {}),
      module_id: fields.moduleId,
      ...(fields.position !== undefined ? { position: fields.position } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function replaceLessonTags(db: CoursesDb, lessonId: number, tags: readonly TagRef[]): Promise<void> {
  await db.deleteFrom('lesson_tags').where('lesson_id', '=', lessonId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('lesson_tags')
    .values(tags.map((t) => ({ lesson_id: lessonId, tag_id: t.id, tag_name: t.name })))
    .execute();
}

export async function deleteLesson(db: CoursesDb, id: number): Promise<boolean> {
  const result = await db.deleteFrom('lessons').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Locks the lessons of these modules and returns them per module in (position, id) order. */
export async function lockLessonsOfModules(
  db: CoursesDb,
  moduleIds: readonly number[],
): Promise<Map<number, { id: number; position: number }[]>> {
  const byModule = new Map<number, { id: number; position: number }[]>(moduleIds.map((id) => [id, []]));
  if (moduleIds.length === 0) return byModule;
  const rows = await db
    .selectFrom('lessons')
    .select(['id', 'module_id', 'position'])
    .where('module_id', 'in', [...moduleIds])
    .orderBy('module_id')
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const row of rows) byModule.get(row.module_id)?.push({ id: row.id, position: row.position });
  return byModule;
}

export interface LessonListFilters {
  moduleId?: number | undefined;
  courseId?: number | undefined;
  search?: string | undefined;
  limit: number;
}

/** Admin listing: lessons without their content, in catalogue order (free modules' lessons last). */
export async function listLessons(db: CoursesDb, filters: LessonListFilters) {
  let query = db
    .selectFrom('lessons as l')
    .innerJoin('modules as m', 'm.id', 'l.module_id')
    .leftJoin('courses as c', 'c.id', 'm.course_id')
    .select([
      'l.id',
      'l.title',
      'l.module_id',
      'l.position',
      'm.title as module_title',
      'm.course_id',
      'c.title as course_title',
    ]);
  if (filters.moduleId !== undefined) query = query.where('l.module_id', '=', filters.moduleId);
  if (filters.courseId !== undefined) query = query.where('m.course_id', '=', filters.courseId);
  if (filters.search) {
    const search = filters.search;
    query = query.where((eb) => eb.or(titlePatterns(search).map((pattern) => eb('l.title', 'ilike', pattern))));
  }
  const rows = await query
    .orderBy('c.position')
    .orderBy('m.course_id')
    .orderBy('m.position')
    .orderBy('m.id')
    .orderBy('l.position')
    .orderBy('l.id')
    .limit(filters.limit)
    .execute();
  const tags = await lessonTags(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] }));
}

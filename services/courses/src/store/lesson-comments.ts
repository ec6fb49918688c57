/**
 * Lesson discussions' rows: comments (one level of replies), the per-lesson count of visible comments, and what a
 * notice about a comment needs (the lesson, its course, the thread's people). Every write of a lesson's discussion
 * first takes its count row (`lockDiscussion`), so writes of one discussion queue and each recount sees them all.
 */
import { sql } from '@rainmakers/kit';
import type { CoursesDb } from './db';

export interface CommentRecord {
  id: number;
  lessonId: number;
  parentId: number | null;
  authorId: number | null;
  body: string;
  answer: boolean;
  hidden: boolean;
  deleted: boolean;
  createdAt: Date;
  editedAt: Date | null;
}

const COMMENT_COLUMNS = [
  'c.id',
  'c.lesson_id',
  'c.parent_id',
  'c.author_id',
  'c.body',
  'c.answer',
  'c.hidden',
  'c.deleted_at',
  'c.created_at',
  'c.edited_at',
] as const;

/** The same columns for INSERT/UPDATE ... RETURNING (no alias there). */
const RETURNED = [
  'id',
  'lesson_id',
  'parent_id',
  'author_id',
  'body',
  'answer',
  'hidden',
  'deleted_at',
  'created_at',
  'edited_at',
] as const;

type CommentRow = {
  id: number;
  lesson_id: number;
  parent_id: number | null;
  author_id: number | null;
  body: string;
  answer: boolean;
  hidden: boolean;
  deleted_at: Date | null;
  created_at: Date;
  edited_at: Date | null;
};

const toRecord = (row: CommentRow): CommentRecord => ({
  id: row.id,
  lessonId: row.lesson_id,
  parentId: row.parent_id,
  authorId: row.author_id,
  body: row.deleted_at ? '' : row.body,
  answer: row.answer,
  hidden: row.hidden,
  deleted: row.deleted_at !== null,
  createdAt: row.created_at,
  editedAt: row.edited_at,
});

/**
 * Takes the lesson's discussion row (made at the first write) for the rest of the transaction; false when the
 * lesson does not exist.
 */
export async function lockDiscussion(trx: CoursesDb, lessonId: number): Promise<boolean> {
  const row = await trx
    .insertInto('lesson_comment_counts')
    .columns(['lesson_id'])
    .expression((eb) => eb.selectFrom('lessons').select('id').where('id', '=', lessonId))
    .onConflict((oc) => oc.column('lesson_id').doUpdateSet({ count: sql<number>`lesson_comment_counts.count` }))
    .returning('lesson_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts the lesson's visible comments again (not hidden, not deleted, not in a hidden thread). */
export async function recountDiscussion(trx: CoursesDb, lessonId: number): Promise<number> {
  const row = await trx
    .updateTable('lesson_comment_counts')
    .set({
      count: sql<number>`(
        SELECT count(*)::int FROM lesson_comments c LEFT JOIN lesson_comments p ON p.id = c.parent_id
        WHERE c.lesson_id = ${lessonId} AND NOT c.hidden AND c.deleted_at IS NULL AND NOT coalesce(p.hidden, false)
      )`,
    })
    .where('lesson_id', '=', lessonId)
    .returning('count')
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The lesson's visible comments (0 before the first). */
export async function commentCount(db: CoursesDb, lessonId: number): Promise<number> {
  const row = await db
    .selectFrom('lesson_comment_counts')
    .select('count')
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Visible comments per lesson of a course (lessons with none are left out): the course outline's counts. */
export async function commentCountsOfCourse(db: CoursesDb, courseId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('lesson_comment_counts as n')
    .innerJoin('lessons as l', 'l.id', 'n.lesson_id')
    .innerJoin('modules as m', 'm.id', 'l.module_id')
    .select(['n.lesson_id', 'n.count'])
    .where('m.course_id', '=', courseId)
    .where('n.count', '>', 0)
    .execute();
  return new Map(rows.map((r) => [r.lesson_id, r.count]));
}

export async function findComment(db: CoursesDb, lessonId: number, id: number): Promise<CommentRecord | null> {
  const row = await db
    .selectFrom('lesson_comments as c')
    .select(COMMENT_COLUMNS)
    .where('c.id', '=', id)
    .where('c.lesson_id', '=', lessonId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function insertComment(
  trx: CoursesDb,
  fields: { lessonId: number; parentId: number | null; authorId: number; body: string },
): Promise<CommentRecord> {
  const row = await trx
    .insertInto('lesson_comments')
    .values({ lesson_id: fields.lessonId, parent_id: fields.parentId, author_id: fields.authorId, body: fields.body })
    .returning(RETURNED)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function updateCommentBody(trx: CoursesDb, id: number, body: string): Promise<CommentRecord> {
  const row = await trx
    .updateTable('lesson_comments')
    .set({ body, edited_at: new Date() })
    .where('id', '=', id)
    .returning(RETURNED)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/**
 * Deletes a comment. A top-level one with replies left stays as its thread's place (body emptied, no author kept);
 * a reply whose going leaves a deleted top comment without replies takes that place with it.
 */
export async function deleteComment(trx: CoursesDb, comment: { id: number; parentId: number | null }): Promise<void> {
  if (comment.parentId === null) {
    const reply = await trx
      .selectFrom('lesson_comments')
      .select('id')
      .where('parent_id', '=', comment.id)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (reply) {
      await trx
        .updateTable('lesson_comments')
        .set({ body: '', deleted_at: new Date(), author_id: null })
        .where('id', '=', comment.id)
        .execute();
      return;
    }
    await trx.deleteFrom('lesson_comments').where('id', '=', comment.id).execute();
    return;
  }
  await trx.deleteFrom('lesson_comments').where('id', '=', comment.id).execute();
  await removeEmptyPlaces(trx, [comment.parentId]);
}

/** Deleted top comments among `ids` that no longer have a reply go. */
async function removeEmptyPlaces(trx: CoursesDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('lesson_comments as t')
    .where('t.id', 'in', ids)
    .where('t.deleted_at', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('lesson_comments as r').select('r.id').whereRef('r.parent_id', '=', 't.id'))),
    )
    .execute();
}

/** Marks a reply as its thread's answer (the thread's other answer, if any, stops being one), or unmarks it. */
export async function setAnswer(trx: CoursesDb, reply: { id: number; parentId: number }, answer: boolean) {
  if (answer) {
    await trx
      .updateTable('lesson_comments')
      .set({ answer: false })
      .where('parent_id', '=', reply.parentId)
      .where('answer', '=', true)
      .where('id', '!=', reply.id)
      .execute();
  }
  await trx.updateTable('lesson_comments').set({ answer }).where('id', '=', reply.id).execute();
}

export async function setHidden(trx: CoursesDb, id: number, hidden: boolean): Promise<void> {
  await trx.updateTable('lesson_comments').set({ hidden }).where('id', '=', id).execute();
}

/**
 * A page of the lesson's threads, newest first, and their replies (oldest first). Without `withHidden`, hidden top
 * comments are skipped here, so a page is as long as asked; deleted ones only count while they have a reply.
 * Answers `limit + 1` top comments at most: the extra one says there is a next page.
 */
export async function pageOfThreads(
  db: CoursesDb,
  lessonId: number,
  page: { limit: number; before?: number; withHidden: boolean },
): Promise<{ tops: CommentRecord[]; replies: CommentRecord[] }> {
  let query = db
    .selectFrom('lesson_comments as c')
    .select(COMMENT_COLUMNS)
    .where('c.lesson_id', '=', lessonId)
    .where('c.parent_id', 'is', null)
    .where(({ or, eb, exists, selectFrom }) =>
      or([
        eb('c.deleted_at', 'is', null),
        exists(
          selectFrom('lesson_comments as r')
            .select('r.id')
            .whereRef('r.parent_id', '=', 'c.id')
            .where('r.deleted_at', 'is', null),
        ),
      ]),
    );
  if (!page.withHidden) query = query.where('c.hidden', '=', false);
  if (page.before !== undefined) query = query.where('c.id', '<', page.before);
  const tops = await query
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const ids = tops.slice(0, page.limit).map((t) => t.id);
  if (ids.length === 0) return { tops: tops.map(toRecord), replies: [] };
  let replies = db
    .selectFrom('lesson_comments as c')
    .select(COMMENT_COLUMNS)
    .where('c.parent_id', 'in', ids)
    .where('c.deleted_at', 'is', null);
  if (!page.withHidden) replies = replies.where('c.hidden', '=', false);
  const rows = await replies.orderBy('c.parent_id').orderBy('c.id').execute();
  return { tops: tops.map(toRecord), replies: rows.map(toRecord) };
}

/** Who wrote in a thread (its top comment and its replies), each once; deleted comments have no author. */
export async function threadAuthorIds(db: CoursesDb, topId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lesson_comments')
    .select('author_id')
    .distinct()
    .where((eb) => eb.or([eb('id', '=', topId), eb('parent_id', '=', topId)]))
    .where('author_id', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.author_id === null ? [] : [r.author_id]));
}

/** How many comments the person wrote since `since`, counted under her own lock (the posting limit). */
export async function commentsPostedSince(trx: CoursesDb, authorId: number, since: Date): Promise<number> {
  // Her posts queue on this lock for the rest of their transactions, so two at once cannot both pass the limit.
  await sql`SELECT pg_advisory_xact_lock(hashtext('lesson-comments-posting'), ${authorId})`.execute(trx);
  const row = await trx
    .selectFrom('lesson_comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('author_id', '=', authorId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface DiscussionPerson {
  userId: number;
  fullName: string;
  photoUrl: string | null;
  role: string;
  tagIds: number[];
}

/** The courses service's copy of these people (someone not yet copied is missing from the map). */
export async function discussionPeople(db: CoursesDb, ids: readonly number[]): Promise<Map<number, DiscussionPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('people')
    .select(['user_id', 'full_name', 'photo_url', 'role', 'tag_ids'])
    .where('user_id', 'in', unique)
    .execute();
  return new Map(
    rows.map((r) => [
      r.user_id,
      { userId: r.user_id, fullName: r.full_name, photoUrl: r.photo_url, role: r.role, tagIds: r.tag_ids },
    ]),
  );
}

/** The people a comment can @mention: coaches and admins (the people who answer questions). */
export async function mentionablePeople(db: CoursesDb): Promise<DiscussionPerson[]> {
  const rows = await db
    .selectFrom('people')
    .select(['user_id', 'full_name', 'photo_url', 'role', 'tag_ids'])
    .where('role', 'in', ['coach', 'admin'])
    .orderBy('user_id')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    fullName: r.full_name,
    photoUrl: r.photo_url,
    role: r.role,
    tagIds: r.tag_ids,
  }));
}

/** What a notice about a lesson's comment says and links to: the lesson, its module and course, its author. */
export async function lessonNoticeContext(db: CoursesDb, lessonId: number) {
  const row = await db
    .selectFrom('lessons as l')
    .innerJoin('modules as m', 'm.id', 'l.module_id')
    .leftJoin('courses as c', 'c.id', 'm.course_id')
    .select(['l.title', 'l.created_by', 'l.module_id', 'c.title as course_title', 'c.slug as course_slug'])
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
  return row
    ? {
        lessonTitle: row.title,
        createdBy: row.created_by,
        moduleId: row.module_id,
        courseTitle: row.course_title ?? '',
        courseSlug: row.course_slug,
      }
    : null;
}

/** The lesson upsert records who created a lesson (its "author" for the discussion's notices). */
export async function setLessonCreator(trx: CoursesDb, lessonId: number, userId: number): Promise<void> {
  await trx.updateTable('lessons').set({ created_by: userId }).where('id', '=', lessonId).execute();
}

/**
 * A deleted person's comments: her replies go, her top comments with replies stay as "[deleted]" places, the
 * others go; lessons she created forget her. The touched lessons are recounted.
 */
export async function deleteCommentsOf(trx: CoursesDb, userId: number): Promise<void> {
  const own = await trx
    .selectFrom('lesson_comments')
    .select(['id', 'lesson_id', 'parent_id'])
    .where('author_id', '=', userId)
    .execute();
  await trx.updateTable('lessons').set({ created_by: null }).where('created_by', '=', userId).execute();
  if (own.length === 0) return;
  const lessons = [...new Set(own.map((c) => c.lesson_id))].sort((a, b) => a - b);
  for (const lessonId of lessons) await lockDiscussion(trx, lessonId);
  const replies = own.filter((c) => c.parent_id !== null);
  if (replies.length > 0) {
    await trx
      .deleteFrom('lesson_comments')
      .where(
        'id',
        'in',
        replies.map((c) => c.id),
      )
      .execute();
  }
  const tops = own.filter((c) => c.parent_id === null).map((c) => c.id);
  if (tops.length > 0) {
    await trx
      .updateTable('lesson_comments')
      .set({ body: '', deleted_at: new Date(), author_id: null })
      .where('id', 'in', tops)
      .execute();
  }
  await removeEmptyPlaces(trx, [...tops, ...replies.flatMap((c) => (c.parent_id === null ? [] : [c.parent_id]))]);
  for (const lessonId of lessons) await recountDiscussion(trx, lessonId);
}

/** Her own comments, for her export. */
export async function ownComments(db: CoursesDb, userId: number) {
  return db
    .selectFrom('lesson_comments as c')
    .innerJoin('lessons as l', 'l.id', 'c.lesson_id')
    .select(['c.id', 'c.lesson_id', 'l.title as lesson_title', 'c.parent_id', 'c.body', 'c.created_at', 'c.edited_at'])
    .where('c.author_id', '=', userId)
    .orderBy('c.id')
    .execute();
}

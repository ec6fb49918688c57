/**
 * Lesson discussions (docs/decisions.md "Lesson discussions"). The lesson's visibility is the discussion's: a lesson
 * the person cannot open answers exactly like an unknown one (404 'Lesson not found') on every route. Each write is
 * one transaction that takes the lesson's discussion row first, writes, recounts the lesson's visible comments and,
 * for a new comment, writes its notices (courses.learning-notice) to the outbox; moderation is audited
 * (audit.recorded) in the same transaction.
 */
import {
  type Actor,
  COMMENT_EXCERPT_MAX,
  COMMENTS_PER_MINUTE,
  type CommentCreateInput,
  type CommentsQuery,
  DISCUSSION_MESSAGES,
  LESSON_NOT_FOUND,
  type LessonComment,
  type LessonCommentsResponse,
  type LessonReply,
  staffAction,
  textExcerpt,
} from '@rainmakers/contracts';
import { badRequest, forbidden, notFound, type TransactionEffects, tooBusy, withEvents } from '@rainmakers/kit';
import type { RouteDeps } from '../deps';
import { findMentions, noticeTargets, shapeThreads, threadOf } from '../domain/discussion';
import {
  canBeToldOfDiscussion,
  canDeleteOwnComment,
  canEditOwnComment,
  canHideComment,
  canMarkAnswer,
  canModerateDiscussions,
  canPostComment,
  canReadDiscussion,
  isMentionable,
  type LessonChain,
} from '../policies';
import type { CoursesDb } from '../store/db';
import {
  type CommentRecord,
  commentCount,
  commentsPostedSince,
  type DiscussionPerson,
  deleteComment,
  discussionPeople,
  findComment,
  insertComment,
  lessonNoticeContext,
  lockDiscussion,
  mentionablePeople,
  pageOfThreads,
  recountDiscussion,
  setAnswer,
  setHidden,
  threadAuthorIds,
  updateCommentBody,
} from '../store/lesson-comments';
import { forgetCommentCounts } from './comment-counts';
import { chainForPolicy } from './course-page';
import { assertLessonOpen } from './drip';
import { chainOfLesson, pinned } from './shared-reads';

type DiscussionDeps = Pick<RouteDeps, 'store' | 'events' | 'catalogue'>;

/** People one courses.learning-notice names (learningNoticeSchema's bound). */
const NOTICE_RECIPIENTS_MAX = 1000;

/** The lesson's access chain when the person may do `allowed` with its discussion; 404 as for an unknown lesson. */
async function openChain(
  deps: DiscussionDeps,
  actor: Actor,
  lessonId: number,
  allowed: (actor: Actor, chain: LessonChain) => boolean,
): Promise<LessonChain> {
  const chain = await chainOfLesson(await pinned(deps), lessonId);
  const policyChain = chain ? chainForPolicy(chain) : null;
  if (!chain || !policyChain || !allowed(actor, policyChain)) throw notFound(LESSON_NOT_FOUND);
  // A lesson of a module that opens later (drip) has no discussion for her yet either.
  await assertLessonOpen(deps.store.db, actor, chain);
  return policyChain;
}

/** One discussion write: the lesson's discussion row first (404 when the lesson went), then `work`, then a recount. */
function discussionWrite<R>(
  deps: DiscussionDeps,
  lessonId: number,
  work: (trx: CoursesDb, effects: TransactionEffects) => Promise<R>,
): Promise<R> {
  return withEvents(deps.store.db, deps.events, async (trx, effects) => {
    if (!(await lockDiscussion(trx, lessonId))) throw notFound(LESSON_NOT_FOUND);
    const result = await work(trx, effects);
    await recountDiscussion(trx, lessonId);
    effects.afterCommit(forgetCommentCounts);
    return result;
  });
}

async function commentOf(db: CoursesDb, lessonId: number, commentId: number): Promise<CommentRecord> {
  const comment = await findComment(db, lessonId, commentId);
  if (!comment || comment.deleted) throw notFound(DISCUSSION_MESSAGES.commentNotFound);
  return comment;
}

// ------------------------------------------------------------------------------------------------------ reading

/** GET /api/lesson/{id}/comments: a page of threads, newest first, each with its answer first. */
export async function readDiscussion(
  deps: DiscussionDeps,
  actor: Actor,
  lessonId: number,
  query: CommentsQuery,
): Promise<LessonCommentsResponse> {
  const chain = await openChain(deps, actor, lessonId, canReadDiscussion);
  const moderates = canHideComment(actor, chain);
  const db = deps.store.db;
  const [page, count] = await Promise.all([
    pageOfThreads(db, lessonId, { limit: query.limit, before: query.before, withHidden: moderates }),
    commentCount(db, lessonId),
  ]);
  const threads = shapeThreads(page.tops.slice(0, query.limit), page.replies, { moderates });
  const people = await discussionPeople(
    db,
    [...threads.flatMap((t) => [t.comment.authorId, ...t.replies.map((r) => r.authorId)])].filter(
      (id): id is number => id !== null,
    ),
  );
  const present = (row: CommentRecord) => presentComment(row, people, actor, chain);
  const comments: LessonComment[] = threads.map((t) => ({
    ...present(t.comment),
    replies: t.replies.map(present),
    replyCount: t.replyCount,
  }));
  const last = page.tops[query.limit - 1];
  return {
    comments,
    count,
    nextBefore: page.tops.length > query.limit && last ? last.id : null,
    abilities: { post: canPostComment(actor, chain), moderate: moderates },
  };
}

function presentComment(
  row: CommentRecord,
  people: Map<number, DiscussionPerson>,
  actor: Actor,
  chain: LessonChain,
): LessonReply {
  const person = row.authorId === null ? undefined : people.get(row.authorId);
  return {
    id: row.id,
    author:
      row.deleted || row.authorId === null
        ? null
        : { id: row.authorId, fullName: person?.fullName ?? 'A member', photoUrl: person?.photoUrl ?? null },
    body: row.deleted ? '' : row.body,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    answer: row.answer,
    hidden: row.hidden,
    deleted: row.deleted,
    abilities: {
      edit: !row.deleted && canEditOwnComment(actor, chain, row),
      delete: !row.deleted && canDeleteOwnComment(actor, chain, row),
    },
  };
}

async function presentOne(deps: DiscussionDeps, actor: Actor, chain: LessonChain, row: CommentRecord) {
  const people = await discussionPeople(deps.store.db, row.authorId === null ? [] : [row.authorId]);
  return presentComment(row, people, actor, chain);
}

// ------------------------------------------------------------------------------------------------------ writing

/**
 * POST /api/lesson/{id}/comments: a question, or a reply (to a reply: joins its thread). Past COMMENTS_PER_MINUTE
 * of hers in the last minute: 429. Tells the @mentioned coaches and admins, and on a reply the lesson's author and
 * the thread's people who can open the lesson, each once, never herself.
 */
export async function postComment(
  deps: DiscussionDeps,
  actor: Actor,
  lessonId: number,
  input: CommentCreateInput,
): Promise<LessonReply> {
  const chain = await openChain(deps, actor, lessonId, canPostComment);
  const candidates = input.body.includes('@') ? (await mentionablePeople(deps.store.db)).filter(isMentionable) : [];
  const mentioned = findMentions(input.body, candidates);
  const row = await discussionWrite(deps, lessonId, async (trx, effects) => {
    const since = new Date(Date.now() - 60_000);
    if ((await commentsPostedSince(trx, actor.userId, since)) >= COMMENTS_PER_MINUTE) {
      throw tooBusy(60, DISCUSSION_MESSAGES.tooMany);
    }
    let parentId: number | null = null;
    if (input.parentId !== null) {
      // A comment the person cannot see (deleted, hidden, in a hidden thread) is not one she can reply to.
      const parent = await findComment(trx, lessonId, input.parentId);
      const top = parent?.parentId ? await findComment(trx, lessonId, parent.parentId) : parent;
      const unseen = (c: CommentRecord | null) => !c || c.deleted || (c.hidden && !canModerateDiscussions(actor));
      if (!parent || unseen(parent) || (top !== parent && top?.hidden && !canModerateDiscussions(actor))) {
        throw badRequest(DISCUSSION_MESSAGES.parentNotFound, { parentId: DISCUSSION_MESSAGES.parentNotFound });
      }
      parentId = threadOf(parent);
    }
    const comment = await insertComment(trx, { lessonId, parentId, authorId: actor.userId, body: input.body });
    await publishNotices(trx, effects, { comment, lessonId, actor, chain, mentioned });
    return comment;
  });
  return presentOne(deps, actor, chain, row);
}

/** The comment's courses.learning-notice events: one per kind that tells anybody. */
async function publishNotices(
  trx: CoursesDb,
  effects: TransactionEffects,
  input: { comment: CommentRecord; lessonId: number; actor: Actor; chain: LessonChain; mentioned: readonly number[] },
): Promise<void> {
  const { comment, lessonId, actor } = input;
  const context = await lessonNoticeContext(trx, lessonId);
  if (!context || context.courseSlug === null) return;
  const targets = noticeTargets({
    authorId: actor.userId,
    isReply: comment.parentId !== null,
    mentioned: input.mentioned,
    lessonAuthorId: context.createdBy,
    threadAuthorIds: comment.parentId === null ? [] : await threadAuthorIds(trx, comment.parentId),
  });
  const everyone = [...targets.reply, ...targets.mention];
  if (everyone.length === 0) return;
  // Only people who can open the lesson now are told (a member whose tag was removed, a coach on a tagged lesson).
  const people = await discussionPeople(trx, [...everyone, actor.userId]);
  const mayOpen = (id: number) => {
    const person = people.get(id);
    return person !== undefined && canBeToldOfDiscussion(person, input.chain);
  };
  const base = {
    actorId: actor.userId,
    actorName: people.get(actor.userId)?.fullName ?? 'A member',
    courseTitle: context.courseTitle,
    title: context.lessonTitle,
    text: textExcerpt(comment.body, COMMENT_EXCERPT_MAX),
    link: `/courses/${context.courseSlug}/${context.moduleId}/${lessonId}`,
    lessonId,
    moduleId: context.moduleId,
  };
  // One event per kind, so a mentioned person gets the mention and not the reply too; keys name the comment once.
  // An event holds at most NOTICE_RECIPIENTS_MAX people (the contract's bound): a thread of more is told in parts.
  for (const [kind, userIds] of [
    ['reply', targets.reply.filter(mayOpen)],
    ['mention', targets.mention.filter(mayOpen)],
  ] as const) {
    for (let part = 0; part * NOTICE_RECIPIENTS_MAX < userIds.length; part++) {
      await effects.publish('courses.learning-notice', {
        ...base,
        key: `lesson-comment-${comment.id}-${kind}${part === 0 ? '' : `-${part + 1}`}`,
        kind: kind === 'reply' ? 'lesson-reply' : 'lesson-mention',
        userIds: userIds.slice(part * NOTICE_RECIPIENTS_MAX, (part + 1) * NOTICE_RECIPIENTS_MAX),
      });
    }
  }
}

/** PATCH /api/lesson/{id}/comments/{commentId}: her own comment's body (an edit tells nobody again). */
export async function editComment(
  deps: DiscussionDeps,
  actor: Actor,
  lessonId: number,
  commentId: number,
  body: string,
): Promise<LessonReply> {
  const chain = await openChain(deps, actor, lessonId, canReadDiscussion);
  const row = await discussionWrite(deps, lessonId, async (trx) => {
    const comment = await visibleComment(trx, actor, chain, lessonId, commentId);
    if (!canEditOwnComment(actor, chain, comment)) throw forbidden('You can only edit your own comments');
    return updateCommentBody(trx, comment.id, body);
  });
  return presentOne(deps, actor, chain, row);
}

/** DELETE /api/lesson/{id}/comments/{commentId}: her own comment (a question with replies stays as "[deleted]"). */
export async function removeComment(deps: DiscussionDeps, actor: Actor, lessonId: number, commentId: number) {
  const chain = await openChain(deps, actor, lessonId, canReadDiscussion);
  await discussionWrite(deps, lessonId, async (trx) => {
    const comment = await visibleComment(trx, actor, chain, lessonId, commentId);
    if (!canDeleteOwnComment(actor, chain, comment)) throw forbidden('You can only delete your own comments');
    await deleteComment(trx, comment);
  });
}

/** A comment of the lesson the person can see: a hidden one is unknown to whoever does not moderate. */
async function visibleComment(
  trx: CoursesDb,
  actor: Actor,
  chain: LessonChain,
  lessonId: number,
  commentId: number,
): Promise<CommentRecord> {
  const comment = await commentOf(trx, lessonId, commentId);
  if (comment.hidden && !canHideComment(actor, chain)) throw notFound(DISCUSSION_MESSAGES.commentNotFound);
  if (comment.parentId !== null && !canHideComment(actor, chain)) {
    const parent = await findComment(trx, lessonId, comment.parentId);
    if (parent?.hidden) throw notFound(DISCUSSION_MESSAGES.commentNotFound);
  }
  return comment;
}

/** POST /api/lesson/{id}/comments/{commentId}/answer: a reply becomes (or stops being) its thread's answer. */
export async function markAnswer(
  deps: DiscussionDeps,
  actor: Actor,
  lessonId: number,
  commentId: number,
  answer: boolean,
): Promise<LessonReply> {
  const chain = await openChain(deps, actor, lessonId, canMarkAnswer);
  const row = await discussionWrite(deps, lessonId, async (trx, effects) => {
    const comment = await commentOf(trx, lessonId, commentId);
    if (comment.parentId === null) {
      throw badRequest(DISCUSSION_MESSAGES.onlyReplies, { commentId: DISCUSSION_MESSAGES.onlyReplies });
    }
    if (comment.answer !== answer) {
      await setAnswer(trx, { id: comment.id, parentId: comment.parentId }, answer);
      await audited(trx, effects, actor, lessonId, 'lesson.comment-answer', comment, { answer });
    }
    return commentOf(trx, lessonId, commentId);
  });
  return presentOne(deps, actor, chain, row);
}

/** POST /api/lesson/{id}/comments/{commentId}/hide: members stop (or start again) receiving the comment. */
export async function hideComment(
  deps: DiscussionDeps,
  actor: Actor,
  lessonId: number,
  commentId: number,
  hidden: boolean,
): Promise<LessonReply> {
  const chain = await openChain(deps, actor, lessonId, canHideComment);
  const row = await discussionWrite(deps, lessonId, async (trx, effects) => {
    const comment = await commentOf(trx, lessonId, commentId);
    if (comment.hidden !== hidden) {
      await setHidden(trx, comment.id, hidden);
      await audited(trx, effects, actor, lessonId, 'lesson.comment-hide', comment, { hidden });
    }
    return commentOf(trx, lessonId, commentId);
  });
  return presentOne(deps, actor, chain, row);
}

/** The audit entry of a moderation: about the lesson, naming the comment, its author and its start. */
async function audited(
  trx: CoursesDb,
  effects: TransactionEffects,
  actor: Actor,
  lessonId: number,
  action: 'lesson.comment-answer' | 'lesson.comment-hide',
  comment: CommentRecord,
  after: { answer: boolean } | { hidden: boolean },
): Promise<void> {
  const context = await lessonNoticeContext(trx, lessonId);
  const people = await discussionPeople(trx, comment.authorId === null ? [] : [comment.authorId]);
  const about = {
    commentId: comment.id,
    author: comment.authorId === null ? null : (people.get(comment.authorId)?.fullName ?? `#${comment.authorId}`),
    excerpt: textExcerpt(comment.body, COMMENT_EXCERPT_MAX),
  };
  const before = 'answer' in after ? { answer: comment.answer } : { hidden: comment.hidden };
  await effects.publish(
    'audit.recorded',
    staffAction(
      actor,
      action,
      { type: 'lesson', id: lessonId, name: context?.lessonTitle ?? null },
      { before: { ...about, ...before }, after: { ...about, ...after } },
    ),
  );
}

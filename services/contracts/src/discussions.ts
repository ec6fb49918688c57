/**
 * Lesson discussions: questions and replies under a lesson (docs/decisions.md "Lesson discussions"). Whoever can
 * open the lesson reads and writes its discussion; coaches and admins mark a reply as the answer or hide a comment.
 * Bodies are Markdown, stored as written and rendered through the lesson renderer and sanitiser (the web's
 * components/Markdown), exactly as lesson content is.
 */
import { z } from 'zod';

/** Characters of a comment's body. */
export const COMMENT_BODY_MAX = 5000;
/** Top-level comments per page: the default and the most one call may ask for. */
export const COMMENTS_PAGE_DEFAULT = 20;
export const COMMENTS_PAGE_MAX = 50;
/** Replies one thread answers with (its answer always among them); the rest are counted in `replyCount`. */
export const COMMENT_REPLIES_MAX = 100;
/** Comments one person may post in a minute, over every lesson (429 past it, Retry-After). */
export const COMMENTS_PER_MINUTE = 10;
/** People one comment may @mention (names past this are left as text). */
export const COMMENT_MENTIONS_MAX = 20;
/** Characters of a comment a notification carries. */
export const COMMENT_EXCERPT_MAX = 200;

export const DISCUSSION_MESSAGES = {
  emptyBody: 'Write something first',
  longBody: `A comment can be at most ${COMMENT_BODY_MAX} characters`,
  commentNotFound: 'Comment not found',
  parentNotFound: 'The comment you are replying to is gone',
  onlyReplies: 'Only a reply can be marked as the answer',
  tooMany: 'You are posting quickly: wait a minute and try again',
  deleted: '[deleted]',
} as const;

export const commentBodyField = z
  .string({ error: DISCUSSION_MESSAGES.emptyBody })
  .trim()
  .min(1, DISCUSSION_MESSAGES.emptyBody)
  .max(COMMENT_BODY_MAX, DISCUSSION_MESSAGES.longBody);

const commentId = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .positive('Invalid id')
  .max(2_147_483_647, 'Invalid id');

/** POST /api/lesson/{id}/comments. A reply to a reply is attached to the top comment of its thread. */
export const commentCreateSchema = z.object({
  body: commentBodyField,
  parentId: commentId.nullish().transform((v) => v ?? null),
});
export type CommentCreateInput = z.infer<typeof commentCreateSchema>;

/** PATCH /api/lesson/{id}/comments/{commentId}: one's own comment. */
export const commentEditSchema = z.object({ body: commentBodyField });
export type CommentEditInput = z.infer<typeof commentEditSchema>;

/** POST /api/lesson/{id}/comments/{commentId}/answer (coaches and admins). */
export const commentAnswerSchema = z.object({
  answer: z.boolean({ error: 'answer must be true or false' }),
});
/** POST /api/lesson/{id}/comments/{commentId}/hide (coaches and admins). */
export const commentHideSchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});

/** GET /api/lesson/{id}/comments: newest threads first; `before` is the `nextBefore` of the previous page. */
export const commentsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit is 1 to ${COMMENTS_PAGE_MAX}`)
    .max(COMMENTS_PAGE_MAX, `limit is 1 to ${COMMENTS_PAGE_MAX}`)
    .default(COMMENTS_PAGE_DEFAULT),
  before: commentId.optional(),
});
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;

export const commentAuthorSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  photoUrl: z.string().nullable(),
});

/** What the caller may do with one comment. */
export const commentAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean() });

const commentFields = {
  id: z.number().int(),
  /** null for a deleted comment kept as the place of its replies. */
  author: commentAuthorSchema.nullable(),
  /** Markdown; '' for a deleted comment. */
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** A reply a coach or an admin marked as the thread's answer (shown first among the replies). */
  answer: z.boolean(),
  /** Hidden by a coach or an admin: only they receive it (flagged); members never do. */
  hidden: z.boolean(),
  /** Deleted by its author while it had replies: kept as "[deleted]" so the replies keep their place. */
  deleted: z.boolean(),
  abilities: commentAbilitiesSchema,
};

export const lessonReplySchema = z.object(commentFields);
export type LessonReply = z.infer<typeof lessonReplySchema>;

export const lessonCommentSchema = z.object({
  ...commentFields,
  /** The answer first, then oldest first; at most COMMENT_REPLIES_MAX. */
  replies: z.array(lessonReplySchema),
  /** Replies the caller may read, including any past COMMENT_REPLIES_MAX. */
  replyCount: z.number().int(),
});
export type LessonComment = z.infer<typeof lessonCommentSchema>;

export const discussionAbilitiesSchema = z.object({
  /** Ask and reply (whoever can open the lesson). */
  post: z.boolean(),
  /** Mark answers and hide comments (coaches and admins). */
  moderate: z.boolean(),
});
export type DiscussionAbilities = z.infer<typeof discussionAbilitiesSchema>;

export const lessonCommentsResponseSchema = z.object({
  comments: z.array(lessonCommentSchema),
  /** Visible comments of the lesson (not hidden, not deleted), replies included: the heading's count. */
  count: z.number().int(),
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: z.number().int().nullable(),
  abilities: discussionAbilitiesSchema,
});
export type LessonCommentsResponse = z.infer<typeof lessonCommentsResponseSchema>;

/** The answer of a create or an edit: the comment as the caller now sees it (a reply without its thread). */
export const lessonCommentResponseSchema = z.object({ comment: lessonReplySchema });
export type LessonCommentResponse = z.infer<typeof lessonCommentResponseSchema>;

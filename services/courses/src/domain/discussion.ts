/**
 * Lesson discussions, pure: which thread a reply joins, how a thread reads (answer first, hidden comments only for
 * moderators, deleted top comments kept as their replies' place), who is @mentioned, and who is told about a new
 * comment. docs/decisions.md "Lesson discussions".
 */
import { COMMENT_MENTIONS_MAX, COMMENT_REPLIES_MAX } from '@rainmakers/contracts';

/** A stored comment as the discussion's rules need it. */
export interface CommentRow {
  id: number;
  parentId: number | null;
  authorId: number | null;
  answer: boolean;
  hidden: boolean;
  deleted: boolean;
}

/** One level of replies: a reply to a reply joins the thread of the comment it answers. */
export const threadOf = (target: { id: number; parentId: number | null }): number => target.parentId ?? target.id;

export interface Thread<T extends CommentRow> {
  comment: T;
  /** The answer first, then oldest first; at most COMMENT_REPLIES_MAX. */
  replies: T[];
  /** Replies the reader may see, including any past the cap. */
  replyCount: number;
}

/**
 * The threads of a page as a reader sees them. `tops` are in page order (newest first); `replies` in any order.
 * A reader who does not moderate never receives a hidden comment, nor the replies of a hidden top comment; a
 * deleted top comment stays only while it has replies the reader sees.
 */
export function shapeThreads<T extends CommentRow>(
  tops: readonly T[],
  replies: readonly T[],
  reader: { moderates: boolean },
): Thread<T>[] {
  const seen = (row: T) => reader.moderates || !row.hidden;
  const byParent = new Map<number, T[]>();
  for (const reply of replies) {
    if (reply.parentId === null || reply.deleted || !seen(reply)) continue;
    const list = byParent.get(reply.parentId) ?? [];
    list.push(reply);
    byParent.set(reply.parentId, list);
  }
  const threads: Thread<T>[] = [];
  for (const top of tops) {
    if (!seen(top)) continue;
    const own = (byParent.get(top.id) ?? []).sort(answerFirst);
    if (top.deleted && own.length === 0) continue;
    threads.push({ comment: top, replies: own.slice(0, COMMENT_REPLIES_MAX), replyCount: own.length });
  }
  return threads;
}

/** The answer first, then by id (the order they were written). */
export function answerFirst(a: CommentRow, b: CommentRow): number {
  if (a.answer !== b.answer) return a.answer ? -1 : 1;
  return a.id - b.id;
}

export interface Mentionable {
  userId: number;
  fullName: string;
}

/**
 * The people a body @mentions by full name ("@Jane Coach"), case-insensitively, a name ending where a word does
 * (so "@Ann" does not match "@Anne"). Longer names are tried first, so "@Ann Lee" is Ann Lee and not Ann. Code
 * spans and blocks are skipped (an example is not a mention). Each person once, at most COMMENT_MENTIONS_MAX.
 */
/** How many @ signs of one comment are read for mentions (a comment of 5,000 @ signs costs no more). */
const MENTION_SIGNS_READ = 100;

export function findMentions(body: string, people: readonly Mentionable[]): number[] {
  const text = body.replace(/```[\s\S]*?(```|$)/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const candidates = people
    .filter((p) => p.fullName.trim().length > 0)
    .map((p) => ({ userId: p.userId, name: p.fullName.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US') }))
    .sort((a, b) => b.name.length - a.name.length);
  const lower = text.replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
  const found: number[] = [];
  let at = lower.indexOf('@');
  // Bounded work whatever the body holds: at most MENTION_SIGNS_READ signs, each compared in place (no copies).
  for (let read = 0; at !== -1 && found.length < COMMENT_MENTIONS_MAX && read < MENTION_SIGNS_READ; read++) {
    // An @ inside a word (an e-mail address) is not a mention.
    const before = at === 0 ? ' ' : lower[at - 1]!;
    if (!isWordCharacter(before)) {
      const start = at + 1;
      const match = candidates.find(
        (c) => lower.startsWith(c.name, start) && !isWordCharacter(lower.charAt(start + c.name.length) || ' '),
      );
      if (match && !found.includes(match.userId)) found.push(match.userId);
    }
    at = lower.indexOf('@', at + 1);
  }
  return found;
}

const isWordCharacter = (char: string) => /[\p{L}\p{N}_]/u.test(char);

export interface NoticeTargets {
  /** Told of the reply ('lesson-reply'). */
  reply: number[];
  /** Told of the mention ('lesson-mention'), and then not of the reply as well. */
  mention: number[];
}

/**
 * Who a new comment tells: the @mentioned coaches and admins ('lesson-mention'); for a reply, also the lesson's
 * author and everyone who wrote in the thread ('lesson-reply'). Never the comment's author; a person is told once,
 * the mention winning. People who may no longer open the lesson are left out by the caller.
 */
export function noticeTargets(input: {
  authorId: number;
  isReply: boolean;
  mentioned: readonly number[];
  lessonAuthorId: number | null;
  threadAuthorIds: readonly (number | null)[];
}): NoticeTargets {
  const mention = [...new Set(input.mentioned)].filter((id) => id !== input.authorId);
  const told = new Set<number>([input.authorId, ...mention]);
  const reply: number[] = [];
  if (input.isReply) {
    for (const id of [input.lessonAuthorId, ...input.threadAuthorIds]) {
      if (id === null || told.has(id)) continue;
      told.add(id);
      reply.push(id);
    }
  }
  return { reply, mention };
}

/** The coaches' review queue: the cards waiting in members' FOR REVIEW lists, in one query. */
import { MEMBERSHIP_CUTOFF_DATE } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { BoardDb } from './db';

export const FOR_REVIEW_LIST_NAME = 'FOR REVIEW';

export interface ReviewQueueRow {
  id: number;
  title: string;
  boardId: number;
  ownerId: number;
  memberName: string;
  listId: number;
  listName: string;
  enteredListAt: Date;
  latestComment: { id: number; text: string; authorName: string; createdAt: Date } | null;
}

type Row = {
  id: number;
  title: string;
  board_id: number;
  owner_id: number;
  member_name: string;
  list_id: number;
  list_name: string;
  list_entered_at: Date;
  comment_id: number | null;
  comment_text: string | null;
  comment_author: string | null;
  comment_at: Date | null;
  total: number;
};

/**
 * Whose boards are reviewed, in SQL over `people p`: the same people as policies.isReviewedMember (premium members
 * the 2025-02-13 cut-off leaves a board; test/review-queue.test.ts checks the two agree). Coaches' own boards and
 * the Master Template are not reviewed. The weekly digest (store/digests.ts) picks its members by it too.
 */
export const reviewedOwner = sql`p.role = 'premium' AND p.account_created_at < ${`${MEMBERSHIP_CUTOFF_DATE}T00:00:00Z`}::timestamptz`;

/**
 * One page of cards in the FOR REVIEW lists of reviewed members' boards that no coach has reviewed since they
 * entered it, oldest waiting first (list_entered_at, then id), with the latest comment of each and the total
 * count. Indexes: board_lists_for_review finds the lists, cards_awaiting_review their unreviewed cards in order.
 */
export async function reviewQueue(
  db: BoardDb,
  page: { limit: number; offset: number },
): Promise<{ cards: ReviewQueueRow[]; total: number }> {
  const result = await reviewQueueStatement(page).execute(db);
  const total = result.rows[0]?.total ?? (page.offset > 0 ? await reviewQueueCount(db) : 0);
  return {
    total,
    cards: result.rows.map(toQueueRow),
  };
}

/** The queue's page statement (the bench EXPLAINs it as the service runs it: scripts/bench/review.ts). */
export function reviewQueueStatement(page: { limit: number; offset: number }) {
  // The page is chosen first (the count rides on it), then only its rows look up their latest comment: looking it
  // up for every waiting card before the LIMIT cost a comment read per card in the queue.
  return sql<Row>`
    WITH page AS (
      SELECT c.id, c.title, b.id AS board_id, b.user_id AS owner_id, p.full_name AS member_name,
             l.id AS list_id, l.name AS list_name, c.list_entered_at,
             count(*) OVER ()::integer AS total
      FROM board_lists l
      JOIN boards b ON b.id = l.board_id AND NOT b.is_template
      JOIN people p ON p.user_id = b.user_id
      JOIN cards c ON c.list_id = l.id
      WHERE l.fixed AND l.name = ${FOR_REVIEW_LIST_NAME} AND ${reviewedOwner} AND c.reviewed_at IS NULL
      ORDER BY c.list_entered_at, c.id
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT w.id, w.title, w.board_id, w.owner_id, w.member_name, w.list_id, w.list_name, w.list_entered_at,
           lc.id AS comment_id, lc.comment AS comment_text, lc.author_name AS comment_author,
           lc.created_at AS comment_at, w.total
    FROM page w
    LEFT JOIN LATERAL (
      SELECT m.id, m.comment, m.created_at, coalesce(a.full_name, '') AS author_name
      FROM comments m LEFT JOIN people a ON a.user_id = m.author_id
      WHERE m.card_id = w.id
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT 1
    ) lc ON true
    ORDER BY w.list_entered_at, w.id`;
}

function toQueueRow(r: Row): ReviewQueueRow {
  return {
    id: r.id,
    title: r.title,
    boardId: r.board_id,
    ownerId: r.owner_id,
    memberName: r.member_name,
    listId: r.list_id,
    listName: r.list_name,
    enteredListAt: r.list_entered_at,
    latestComment:
      r.comment_id === null
        ? null
        : {
            id: r.comment_id,
            text: r.comment_text ?? '',
            authorName: r.comment_author ?? '',
            createdAt: r.comment_at ?? r.list_entered_at,
          },
  };
}

/** The count alone (a page past the end has no row to carry it). */
async function reviewQueueCount(db: BoardDb): Promise<number> {
  const result = await sql<{ total: number }>`
    SELECT count(*)::integer AS total
    FROM board_lists l
    JOIN boards b ON b.id = l.board_id AND NOT b.is_template
    JOIN people p ON p.user_id = b.user_id
    JOIN cards c ON c.list_id = l.id
    WHERE l.fixed AND l.name = ${FOR_REVIEW_LIST_NAME} AND ${reviewedOwner} AND c.reviewed_at IS NULL`.execute(db);
  return result.rows[0]?.total ?? 0;
}

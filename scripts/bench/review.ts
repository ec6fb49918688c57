/**
 * The coaches' review and a card's history:
 *  - `review-queue` (one connection; `review-queue-10`, ten): GET /api/move-the-needle/review-queue (an admin) with
 *    1,000 premium members'
 *    boards in the board database, each with a card waiting in FOR REVIEW, a reviewed one beside it and a comment.
 *    Before measuring, the queue's page statement is EXPLAINed (ANALYZE, BUFFERS) exactly as the board service
 *    builds it (services/board/src/store/review.ts) and the run says whether it read cards_awaiting_review. On
 *    1,000 boards (2,000 cards) PostgreSQL rightly reads the small tables whole (the count needs every waiting
 *    card): 10 ms on a busy machine, the latest comment looked up for the page's 20 rows only.
 *  - `card-activity`: GET /api/move-the-needle/card/{id}/activity on a card holding 300 history entries (the
 *    answer is the newest 200), read by its owner at one connection (`card-activity-10`: ten).
 * The members are written straight into the board database (people, boards, lists, cards): the board service only
 * reads them, and 1,000 sign-ups through the gateway would take minutes.
 */
import { CARD_ACTIVITY_LIMIT } from '@rainmakers/contracts';
import { createDatabase } from '@rainmakers/kit';
import { reviewQueueStatement } from '../../services/board/src/store/review';
import type { BoardDatabase } from '../../services/board/src/store/schema';
import type { GatewaySession } from '../seed/context';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

export const REVIEW_P95_TARGETS_MS = { 'review-queue': 50, 'card-activity': 30 } as const;
export const REVIEW_MEMBERS = 1_000;
/** History entries the measured card holds (more than the answer's CARD_ACTIVITY_LIMIT). */
export const ACTIVITY_ENTRIES = 300;
/** The bench members' user ids start here (far from the seeded and generated people). */
const FIRST_MEMBER_ID = 7_000_001;

export interface PreparedQueue {
  members: number;
  waiting: number;
  /** The page statement's plan, its execution time first. */
  plan: string[];
  /** Whether the plan reads cards through cards_awaiting_review. */
  usesIndex: boolean;
}

/** Tops the board database up to REVIEW_MEMBERS reviewed members with a waiting card each, then EXPLAINs. */
export async function prepareReviewQueue(boardDb: string): Promise<PreparedQueue> {
  const database = createDatabase<BoardDatabase>(boardDb, { max: 1 });
  try {
    const pool = database.pool;
    const ids = Array.from({ length: REVIEW_MEMBERS }, (_, k) => FIRST_MEMBER_ID + k);
    await pool.query(
      `INSERT INTO people (user_id, full_name, email, role, account_created_at, version)
       SELECT id, 'Bench member ' || id, 'bench-' || id || '@example.com', 'premium', '2024-03-01T00:00:00Z', 1
       FROM unnest($1::int[]) AS id ON CONFLICT (user_id) DO NOTHING`,
      [ids],
    );
    await pool.query(
      `INSERT INTO boards (user_id) SELECT id FROM unnest($1::int[]) AS id ON CONFLICT (user_id) DO NOTHING`,
      [ids],
    );
    // Two of the fixed lists per board are enough for the queue (it reads FOR REVIEW only).
    await pool.query(
      `INSERT INTO board_lists (board_id, name, position, fixed)
       SELECT b.id, n.name, n.position, true FROM boards b
       CROSS JOIN (VALUES ('IN PROGRESS', 1), ('FOR REVIEW', 4)) AS n(name, position)
       WHERE b.user_id = ANY($1::int[])
       ON CONFLICT DO NOTHING`,
      [ids],
    );
    // Per board: one card waiting (spread over the last 30 days), one reviewed, each with a comment.
    await pool.query(
      `INSERT INTO cards (list_id, title, position, list_entered_at, reviewed_at, reviewed_by)
       SELECT l.id, 'Bench card ' || k, k, now() - make_interval(secs => ((l.id * 7919 + k) % (30 * 86400))::float8),
              CASE WHEN k = 1 THEN now() END, CASE WHEN k = 1 THEN $2::int END
       FROM board_lists l JOIN boards b ON b.id = l.board_id
       CROSS JOIN generate_series(0, 1) AS k
       WHERE b.user_id = ANY($1::int[]) AND l.name = 'FOR REVIEW'
         AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.list_id = l.id)`,
      [ids, FIRST_MEMBER_ID],
    );
    await pool.query(
      `INSERT INTO comments (card_id, author_id, comment)
       SELECT c.id, b.user_id, 'Ready for a look' FROM cards c
       JOIN board_lists l ON l.id = c.list_id JOIN boards b ON b.id = l.board_id
       WHERE b.user_id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM comments m WHERE m.card_id = c.id)`,
      [ids],
    );
    await pool.query('ANALYZE people, boards, board_lists, cards, comments');
    const compiled = reviewQueueStatement({ limit: 20, offset: 0 }).compile(database.db);
    const explained = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`,
      compiled.parameters as unknown[],
    );
    const lines = explained.rows.map((r) => r['QUERY PLAN']);
    const timing = lines.filter((line) => /^(Planning|Execution) Time/.test(line));
    const waiting = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cards c JOIN board_lists l ON l.id = c.list_id
       WHERE l.fixed AND l.name = 'FOR REVIEW' AND c.reviewed_at IS NULL`,
    );
    return {
      members: ids.length,
      waiting: waiting.rows[0]?.n ?? 0,
      plan: [...timing, ...lines],
      usesIndex: lines.some((line) => line.includes('cards_awaiting_review')),
    };
  } finally {
    await database.close();
  }
}

/**
 * One connection is what a coach opening the queue waits for (the target, as the dashboard's); ten are ten
 * reviewers at once, for the cost.
 */
export function reviewQueueScenario(gatewayUrl: string, reviewer: SessionHeaders, connections: 1 | 10): ScenarioPlan {
  return {
    key: connections === 1 ? 'review-queue' : 'review-queue-10',
    name: `review queue (admin, ${connections} conn)`,
    description:
      `GET /api/move-the-needle/review-queue (first page of 20) with ${REVIEW_MEMBERS} premium members' boards, ` +
      'each with a card waiting in FOR REVIEW and a reviewed one (board service: one statement on the partial ' +
      'index of unreviewed cards, the latest comment of each)',
    origin: gatewayUrl,
    connections,
    targets: connections === 1 ? [{ p95BelowMs: REVIEW_P95_TARGETS_MS['review-queue'] }] : [],
    next: () => ({
      method: 'GET',
      path: '/api/move-the-needle/review-queue?cardsPerPage=20',
      headers: { ...reviewer.read, 'accept-encoding': 'gzip, deflate, br' },
    }),
  };
}

interface ListAnswer {
  lists: { id: number; name: string; Cards: { id: number }[] }[];
}

/** Gives a card of `owner`'s board ACTIVITY_ENTRIES history entries (once); returns the card's id. */
export async function prepareCardActivity(owner: GatewaySession, ownerId: number, boardDb: string): Promise<number> {
  const board = await owner.get<ListAnswer>(`/api/move-the-needle/list/read-many?userId=${ownerId}`);
  const card = board.lists.flatMap((l) => l.Cards)[0];
  if (!card) throw new Error('The bench board has no card to hold a history');
  const database = createDatabase<BoardDatabase>(boardDb, { max: 1 });
  try {
    await database.pool.query(
      `INSERT INTO card_activity (card_id, type, actor_id, actor_name, details, created_at)
       SELECT $1, 'moved', $2, 'Bench owner', '{"from": "IN PROGRESS", "to": "ON HOLD"}',
              now() - make_interval(mins => n)
       FROM generate_series(1, $3::int - (SELECT count(*)::int FROM card_activity WHERE card_id = $1)) AS n`,
      [card.id, ownerId, ACTIVITY_ENTRIES],
    );
  } finally {
    await database.close();
  }
  return card.id;
}

/** One connection (the target) is a member opening a card; ten, for the cost. */
export function cardActivityScenario(
  gatewayUrl: string,
  owner: SessionHeaders,
  cardId: number,
  connections: 1 | 10,
): ScenarioPlan {
  return {
    key: connections === 1 ? 'card-activity' : 'card-activity-10',
    name: `a card's history (premium, ${connections} conn)`,
    description:
      `GET /api/move-the-needle/card/{id}/activity on a card holding ${ACTIVITY_ENTRIES} entries: the newest ` +
      `${CARD_ACTIVITY_LIMIT}, newest first (board service: the card's board and policy, then one read of ` +
      'card_activity_card with the actors joined)',
    origin: gatewayUrl,
    connections,
    targets: connections === 1 ? [{ p95BelowMs: REVIEW_P95_TARGETS_MS['card-activity'] }] : [],
    next: () => ({
      method: 'GET',
      path: `/api/move-the-needle/card/${cardId}/activity`,
      headers: { ...owner.read, 'accept-encoding': 'gzip, deflate, br' },
    }),
  };
}

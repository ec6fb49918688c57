/**
 * The weekly digest: who is owed one now, the record of those done, and what each says (docs/decisions.md "Weekly
 * digest").
 */
import { COMPLETED_LIST_NAME, FALLBACK_TIME_ZONE, FOR_REVIEW_LIST_NAME } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import {
  type CoachDigest,
  DIGEST_FROM_HOUR,
  DIGEST_ISO_WEEKDAY,
  DIGEST_MEMBER_LIMIT,
  DIGEST_SECTION_LIMIT,
  DIGEST_WINDOW_MS,
  type MemberDigest,
} from '../domain/digest';
import type { BoardDb, BoardTx } from './db';
import { reviewedOwner } from './review';

export interface DigestCandidate {
  userId: number;
  fullName: string;
  email: string;
  timeZone: string | null;
  kind: 'member' | 'coach';
  /** That Monday in her zone, YYYY-MM-DD: the week's key. */
  weekStart: string;
}

/**
 * People owed this week's digest at `now`: coaches, and reviewed members (the review queue's rule), with the digest
 * on (no settings row: on), for whom it is Monday from 08:00 in their zone and whose week has no row yet; by user
 * id, at most `limit`. A zone PostgreSQL does not list (none yet, or a name its tz data lacks) reads as UTC, so one
 * odd zone never fails the statement for everyone. Nobody is owed a past Monday: a sweep that misses the whole day
 * leaves that week out.
 */
export async function digestCandidates(db: BoardDb, now: Date, limit: number): Promise<DigestCandidate[]> {
  const { rows } = await sql<{
    user_id: number;
    full_name: string;
    email: string;
    time_zone: string | null;
    kind: 'member' | 'coach';
    week_start: string;
  }>`
    WITH zones AS (
      SELECT name FROM pg_timezone_names
      WHERE name IN (SELECT DISTINCT time_zone FROM people WHERE time_zone IS NOT NULL)
    ),
    local AS (
      SELECT p.user_id, p.full_name, p.email, p.time_zone,
             CASE WHEN p.role = 'coach' THEN 'coach' ELSE 'member' END AS kind,
             ${now}::timestamptz AT TIME ZONE coalesce(z.name, ${FALLBACK_TIME_ZONE}) AS local_now
      FROM people p
      LEFT JOIN zones z ON z.name = p.time_zone
      LEFT JOIN notification_settings s ON s.user_id = p.user_id
      WHERE (p.role = 'coach' OR (${reviewedOwner})) AND coalesce(s.email_digest, true)
    )
    SELECT l.user_id, l.full_name, l.email, l.time_zone, l.kind, to_char(l.local_now, 'YYYY-MM-DD') AS week_start
    FROM local l
    WHERE extract(isodow FROM l.local_now) = ${DIGEST_ISO_WEEKDAY}
      AND extract(hour FROM l.local_now) >= ${DIGEST_FROM_HOUR}
      AND NOT EXISTS (SELECT 1 FROM weekly_digests w
                      WHERE w.user_id = l.user_id AND w.week_start = l.local_now::date)
    ORDER BY l.user_id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    fullName: r.full_name,
    email: r.email,
    timeZone: r.time_zone,
    kind: r.kind,
    weekStart: r.week_start,
  }));
}

/**
 * Records the person's digest for the week if absent: true when this call recorded it (it may mail), false when
 * another sweep did. A concurrent sweep's insert of the same key waits for this transaction and then finds the row.
 */
export async function claimWeeklyDigest(trx: BoardTx, userId: number, weekStart: string): Promise<boolean> {
  const { rows } = await sql<{ user_id: number }>`
    INSERT INTO weekly_digests (user_id, week_start) VALUES (${userId}, ${weekStart}::date)
    ON CONFLICT DO NOTHING
    RETURNING user_id`.execute(trx);
  return rows.length > 0;
}

/**
 * What a member's digest says at `now`: the moves on her board in the 7 days before, her cards due in the 7 days
 * after or overdue (not in COMPLETED), and the comments and reviews others wrote on her cards in the 7 days before;
 * each at most DIGEST_SECTION_LIMIT lines with its total. Her cards are those of her own board (never the Master
 * Template). A review with a comment is written as two entries at the same instant (commands/board.ts reviewCard):
 * the review alone stands for both.
 */
export async function memberDigestOf(trx: BoardTx, userId: number, now: Date): Promise<MemberDigest> {
  const since = new Date(now.getTime() - DIGEST_WINDOW_MS);
  const horizon = new Date(now.getTime() + DIGEST_WINDOW_MS);
  const limit = DIGEST_SECTION_LIMIT;
  const moved = await sql<{ title: string; from_list: string | null; to_list: string | null; total: number }>`
    SELECT c.title, a.details->>'from' AS from_list, a.details->>'to' AS to_list, count(*) OVER ()::integer AS total
    FROM boards b
    JOIN board_lists l ON l.board_id = b.id
    JOIN cards c ON c.list_id = l.id
    JOIN card_activity a ON a.card_id = c.id
    WHERE b.user_id = ${userId} AND NOT b.is_template
      AND a.type = 'moved' AND a.created_at > ${since} AND a.created_at <= ${now}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${limit}`.execute(trx);
  const due = await sql<{ title: string; due_at: Date; total: number }>`
    SELECT c.title, c.due_at, count(*) OVER ()::integer AS total
    FROM boards b
    JOIN board_lists l ON l.board_id = b.id
    JOIN cards c ON c.list_id = l.id
    WHERE b.user_id = ${userId} AND NOT b.is_template
      AND c.due_at IS NOT NULL AND c.due_at <= ${horizon}
      AND NOT (l.fixed AND l.name = ${COMPLETED_LIST_NAME})
    ORDER BY c.due_at, c.id
    LIMIT ${limit}`.execute(trx);
  const feedback = await sql<{ type: string; author: string; title: string; excerpt: string | null; total: number }>`
    SELECT a.type, coalesce(p.full_name, a.actor_name) AS author, c.title,
           coalesce(a.details->>'excerpt', a.details->>'comment') AS excerpt, count(*) OVER ()::integer AS total
    FROM boards b
    JOIN board_lists l ON l.board_id = b.id
    JOIN cards c ON c.list_id = l.id
    JOIN card_activity a ON a.card_id = c.id
    LEFT JOIN people p ON p.user_id = a.actor_id
    WHERE b.user_id = ${userId} AND NOT b.is_template
      AND a.type IN ('comment.added', 'reviewed') AND a.actor_id <> ${userId}
      AND a.created_at > ${since} AND a.created_at <= ${now}
      AND NOT (a.type = 'comment.added' AND EXISTS (
        SELECT 1 FROM card_activity r
        WHERE r.card_id = a.card_id AND r.type = 'reviewed' AND r.actor_id = a.actor_id AND r.created_at = a.created_at))
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${limit}`.execute(trx);
  return {
    moved: {
      items: moved.rows.map((r) => ({ title: r.title, from: r.from_list ?? '', to: r.to_list ?? '' })),
      total: moved.rows[0]?.total ?? 0,
    },
    due: {
      items: due.rows.map((r) => ({ title: r.title, dueAt: r.due_at })),
      total: due.rows[0]?.total ?? 0,
    },
    feedback: {
      items: feedback.rows.map((r) => ({
        kind: r.type === 'reviewed' ? ('review' as const) : ('comment' as const),
        author: r.author,
        title: r.title,
        excerpt: r.excerpt ?? '',
      })),
      total: feedback.rows[0]?.total ?? 0,
    },
  };
}

/**
 * What every coach's digest says at `now` (coaches are not assigned: each reviews every reviewed member): per
 * reviewed member, her cards waiting for review (in FOR REVIEW, not reviewed) and overdue (not in COMPLETED); the
 * members with either, most waiting first, then most overdue, at most DIGEST_MEMBER_LIMIT, with the totals.
 */
export async function coachDigestOf(trx: BoardTx, now: Date): Promise<CoachDigest> {
  const { rows } = await sql<{
    full_name: string;
    waiting: number;
    overdue: number;
    members: number;
    total_waiting: number;
    total_overdue: number;
  }>`
    WITH counts AS (
      SELECT p.user_id, p.full_name,
             count(*) FILTER (WHERE l.fixed AND l.name = ${FOR_REVIEW_LIST_NAME} AND c.reviewed_at IS NULL)::integer
               AS waiting,
             count(*) FILTER (WHERE c.due_at < ${now} AND NOT (l.fixed AND l.name = ${COMPLETED_LIST_NAME}))::integer
               AS overdue
      FROM people p
      JOIN boards b ON b.user_id = p.user_id AND NOT b.is_template
      JOIN board_lists l ON l.board_id = b.id
      JOIN cards c ON c.list_id = l.id
      WHERE ${reviewedOwner}
        AND ((l.fixed AND l.name = ${FOR_REVIEW_LIST_NAME} AND c.reviewed_at IS NULL)
             OR (c.due_at < ${now} AND NOT (l.fixed AND l.name = ${COMPLETED_LIST_NAME})))
      GROUP BY p.user_id, p.full_name
    )
    SELECT full_name, waiting, overdue, count(*) OVER ()::integer AS members,
           (sum(waiting) OVER ())::integer AS total_waiting, (sum(overdue) OVER ())::integer AS total_overdue
    FROM counts
    ORDER BY waiting DESC, overdue DESC, full_name, user_id
    LIMIT ${DIGEST_MEMBER_LIMIT}`.execute(trx);
  const first = rows[0];
  return {
    members: {
      items: rows.map((r) => ({ fullName: r.full_name, waiting: r.waiting, overdue: r.overdue })),
      total: first?.members ?? 0,
    },
    waiting: first?.total_waiting ?? 0,
    overdue: first?.total_overdue ?? 0,
  };
}

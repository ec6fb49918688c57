/** Due-date reminders: the cards owed one, and the record of what was sent (docs/decisions.md "Due dates and reminders"). */
import { COMPLETED_LIST_NAME, DUE_SOON_MS } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { ReminderKind } from '../domain/due-dates';
import type { BoardDb, BoardTx } from './db';

export interface ReminderCandidate {
  cardId: number;
  title: string;
  dueAt: Date;
  ownerId: number;
  /** The kinds already sent for this due date. */
  sent: ReminderKind[];
}

/**
 * Cards of members' boards (never the Master Template), not in COMPLETED, due before now + 24 h and not yet sent the
 * reminder their due date calls for now; earliest due first, at most `limit`.
 */
export async function reminderCandidates(db: BoardDb, now: Date, limit: number): Promise<ReminderCandidate[]> {
  const horizon = new Date(now.getTime() + DUE_SOON_MS);
  const { rows } = await sql<{ id: number; title: string; due_at: Date; owner_id: number; sent: ReminderKind[] }>`
    SELECT c.id, c.title, c.due_at, b.user_id AS owner_id,
      COALESCE((SELECT array_agg(r.kind ORDER BY r.kind) FROM card_reminders r
                WHERE r.card_id = c.id AND r.due_at = c.due_at), '{}') AS sent
    FROM cards c
    JOIN board_lists l ON l.id = c.list_id
    JOIN boards b ON b.id = l.board_id
    WHERE c.due_at IS NOT NULL AND c.due_at <= ${horizon}
      AND b.user_id IS NOT NULL
      AND NOT (l.fixed AND l.name = ${COMPLETED_LIST_NAME})
      AND NOT EXISTS (SELECT 1 FROM card_reminders r
                      WHERE r.card_id = c.id AND r.due_at = c.due_at
                        AND r.kind = CASE WHEN c.due_at <= ${now} THEN 'overdue' ELSE 'due-soon' END)
    ORDER BY c.due_at, c.id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ cardId: r.id, title: r.title, dueAt: r.due_at, ownerId: r.owner_id, sent: r.sent }));
}

/**
 * Records the reminder if absent, and only while the card still has this due date: true when this call recorded it
 * (it may send), false when another sweep did or the date changed meanwhile. A concurrent sweep's insert of the same
 * key waits for this transaction and then finds the row.
 */
export async function claimReminder(trx: BoardTx, cardId: number, dueAt: Date, kind: ReminderKind): Promise<boolean> {
  const { rows } = await sql<{ card_id: number }>`
    INSERT INTO card_reminders (card_id, due_at, kind)
    SELECT id, due_at, ${kind} FROM cards WHERE id = ${cardId} AND due_at = ${dueAt}
    ON CONFLICT DO NOTHING
    RETURNING card_id`.execute(trx);
  return rows.length > 0;
}

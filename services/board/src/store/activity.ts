/** A card's history (card_activity) and its review columns. */
import type { CardActivityType } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { NewActivity } from '../domain/activity';
import type { BoardDb, BoardTx } from './db';

export interface ActivityRecord {
  type: CardActivityType;
  at: Date;
  actorId: number;
  actorName: string;
  details: Record<string, unknown>;
}

/**
 * Records entries on a card in the caller's transaction. The actor's name is taken from the board's copy of people
 * in the same statement and kept (the person may go later).
 */
export async function insertActivity(
  trx: BoardTx,
  cardId: number,
  actorId: number,
  entries: readonly (NewActivity | null)[],
): Promise<void> {
  const rows = entries.filter((e): e is NewActivity => e !== null);
  if (rows.length === 0) return;
  await sql`
    INSERT INTO card_activity (card_id, type, actor_id, actor_name, details)
    SELECT ${cardId}, v.type, ${actorId},
           coalesce((SELECT full_name FROM people WHERE user_id = ${actorId}), ''), v.details::jsonb
    FROM unnest(${rows.map((r) => r.type)}::text[], ${rows.map((r) => JSON.stringify(r.details))}::text[])
      WITH ORDINALITY AS v(type, details, n)
    ORDER BY v.n`.execute(trx);
}

/** The newest `limit` entries of a card, newest first (card_activity_card), with the actor's current name. */
export async function activityOfCard(db: BoardDb, cardId: number, limit: number): Promise<ActivityRecord[]> {
  const rows = await db
    .selectFrom('card_activity as a')
    .leftJoin('people as p', 'p.user_id', 'a.actor_id')
    .select(['a.type', 'a.created_at', 'a.actor_id', 'a.actor_name', 'a.details', 'p.full_name'])
    .where('a.card_id', '=', cardId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    type: r.type as CardActivityType,
    at: r.created_at,
    actorId: r.actor_id,
    actorName: r.full_name ?? r.actor_name,
    details: r.details,
  }));
}

/** The card's list (name, whether fixed) and review, under the card's row lock. Null when the card is gone. */
export async function lockCardForReview(
  trx: BoardTx,
  cardId: number,
): Promise<{ title: string; listName: string; listFixed: boolean; reviewedAt: Date | null } | null> {
  const row = await trx
    .selectFrom('cards as c')
    .innerJoin('board_lists as l', 'l.id', 'c.list_id')
    .select(['c.title', 'c.reviewed_at', 'l.name', 'l.fixed'])
    .where('c.id', '=', cardId)
    .modifyEnd(sql`FOR UPDATE OF c`)
    .executeTakeFirst();
  return row ? { title: row.title, listName: row.name, listFixed: row.fixed, reviewedAt: row.reviewed_at } : null;
}

export async function setReview(trx: BoardTx, cardId: number, reviewerId: number, at: Date): Promise<void> {
  await trx
    .updateTable('cards')
    .set({ reviewed_at: at, reviewed_by: reviewerId, updated_at: at })
    .where('id', '=', cardId)
    .execute();
}

/** Moving a card into FOR REVIEW again puts it back in the queue. */
export async function clearReview(trx: BoardTx, cardId: number): Promise<void> {
  await trx
    .updateTable('cards')
    .set({ reviewed_at: null, reviewed_by: null })
    .where('id', '=', cardId)
    .where('reviewed_at', 'is not', null)
    .execute();
}

/** Cards and what hangs on them: labels, attachments, comments (with mentions), checklists and items. */
import { sql } from '@rainmakers/kit';
import type { Placement } from '../domain/positions';
import type { BoardDb, BoardTx } from './db';

export interface LabelRow {
  id: number;
  board_id: number;
  name: string;
  color: string;
}
export interface AttachmentRow {
  id: number;
  card_id: number;
  file_url: string;
  file_name: string;
  created_at: Date;
}
export interface CommentRecord {
  id: number;
  cardId: number;
  authorId: number;
  comment: string;
  createdAt: Date;
  mentionedUserIds: number[];
}
export interface ChecklistItemRow {
  id: number;
  checklist_id: number;
  title: string;
  completed: boolean;
}
export interface ChecklistRecord {
  id: number;
  cardId: number;
  title: string;
  items: ChecklistItemRow[];
}
export interface CardRecord {
  id: number;
  listId: number;
  title: string;
  description: string;
  position: number;
  coverPhotoUrl: string | null;
  labels: LabelRow[];
  attachments: AttachmentRow[];
  /** Newest first. */
  comments: CommentRecord[];
  checklists: ChecklistRecord[];
}

function group<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Cards of these lists (or these cards) in (position, id) order, with everything on them. */
export async function readCards(db: BoardDb, where: { listIds: readonly number[] } | { cardIds: readonly number[] }) {
  const ids = 'listIds' in where ? where.listIds : where.cardIds;
  if (ids.length === 0) return [];
  const cards = await db
    .selectFrom('cards')
    .select(['id', 'list_id', 'title', 'description', 'position', 'cover_photo_url'])
    .where('listIds' in where ? 'list_id' : 'id', 'in', [...ids])
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (cards.length === 0) return [];
  const cardIds = cards.map((c) => c.id);
  // One query after another, not five at once: a board read holds one pooled connection at a time.
  const labels = await db
    .selectFrom('card_labels as cl')
    .innerJoin('labels as l', 'l.id', 'cl.label_id')
    .select(['cl.card_id', 'l.id', 'l.board_id', 'l.name', 'l.color'])
    .where('cl.card_id', 'in', cardIds)
    .orderBy('l.id')
    .execute();
  const attachments = await db
    .selectFrom('attachments')
    .select(['id', 'card_id', 'file_url', 'file_name', 'created_at'])
    .where('card_id', 'in', cardIds)
    .orderBy('id')
    .execute();
  const comments = await db
    .selectFrom('comments')
    .select(['id', 'card_id', 'author_id', 'comment', 'created_at'])
    .where('card_id', 'in', cardIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const mentions = await db
    .selectFrom('comment_mentions as m')
    .innerJoin('comments as c', 'c.id', 'm.comment_id')
    .select(['m.comment_id', 'm.user_id'])
    .where('c.card_id', 'in', cardIds)
    .orderBy('m.user_id')
    .execute();
  const checklists = await db
    .selectFrom('checklists')
    .select(['id', 'card_id', 'title'])
    .where('card_id', 'in', cardIds)
    .orderBy('id')
    .execute();
  const items =
    checklists.length === 0
      ? []
      : await db
          .selectFrom('checklist_items')
          .select(['id', 'checklist_id', 'title', 'completed'])
          .where(
            'checklist_id',
            'in',
            checklists.map((c) => c.id),
          )
          .orderBy('id')
          .execute();
  const labelsBy = group(labels, (l) => l.card_id);
  const attachmentsBy = group(attachments, (a) => a.card_id);
  const mentionsBy = group(mentions, (m) => m.comment_id);
  const commentsBy = group(comments, (c) => c.card_id);
  const itemsBy = group(items, (i) => i.checklist_id);
  const checklistsBy = group(checklists, (c) => c.card_id);
  return cards.map(
    (c): CardRecord => ({
      id: c.id,
      listId: c.list_id,
      title: c.title,
      description: c.description,
      position: c.position,
      coverPhotoUrl: c.cover_photo_url,
      labels: (labelsBy.get(c.id) ?? []).map((l) => ({ id: l.id, board_id: l.board_id, name: l.name, color: l.color })),
      attachments: attachmentsBy.get(c.id) ?? [],
      comments: (commentsBy.get(c.id) ?? []).map((m) => ({
        id: m.id,
        cardId: m.card_id,
        authorId: m.author_id,
        comment: m.comment,
        createdAt: m.created_at,
        mentionedUserIds: (mentionsBy.get(m.id) ?? []).map((x) => x.user_id),
      })),
      checklists: (checklistsBy.get(c.id) ?? []).map((k) => ({
        id: k.id,
        cardId: k.card_id,
        title: k.title,
        items: itemsBy.get(k.id) ?? [],
      })),
    }),
  );
}

export async function readCard(db: BoardDb, cardId: number): Promise<CardRecord | null> {
  return (await readCards(db, { cardIds: [cardId] }))[0] ?? null;
}

/** Card counts per list (for progress). */
export async function cardCounts(db: BoardDb, listIds: readonly number[]): Promise<Map<number, number>> {
  if (listIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('cards')
    .select(['list_id', sql<number>`count(*)::integer`.as('n')])
    .where('list_id', 'in', [...listIds])
    .groupBy('list_id')
    .execute();
  return new Map(rows.map((r) => [r.list_id, r.n]));
}

// ---------------------------------------------------------------------------------------------------------
// Positions (the caller holds the lists' locks)

/** The card ids of a list in (position, id) order, with where each one is now. */
export async function cardOrder(trx: BoardTx, listId: number): Promise<{ id: number; position: number }[]> {
  return trx
    .selectFrom('cards')
    .select(['id', 'position'])
    .where('list_id', '=', listId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Moves and renumbers cards in one statement (the unique (list, position) check runs at commit). A card that
 * changes list has entered the new one now (the review queue's order).
 */
export async function setPlacements(trx: BoardTx, placements: readonly Placement[]): Promise<void> {
  if (placements.length === 0) return;
  await sql`
    UPDATE cards AS c SET list_id = v.list_id, position = v.position, updated_at = now(),
      list_entered_at = CASE WHEN c.list_id <> v.list_id THEN now() ELSE c.list_entered_at END
    FROM unnest(
      ${placements.map((p) => p.id)}::integer[],
      ${placements.map((p) => p.listId)}::integer[],
      ${placements.map((p) => p.position)}::integer[]
    ) AS v(id, list_id, position)
    WHERE c.id = v.id`.execute(trx);
}

export async function insertCard(
  trx: BoardTx,
  fields: { listId: number; title: string; description: string; position: number },
): Promise<number> {
  const row = await trx
    .insertInto('cards')
    .values({
      list_id: fields.listId,
      title: fields.title,
      description: fields.description,
      position: fields.position,
      cover_photo_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCard(
  trx: BoardTx,
  id: number,
  fields: { title: string; description: string | undefined; coverPhotoUrl: string | null | undefined },
): Promise<void> {
  await trx
    .updateTable('cards')
    .set({
      title: fields.title,
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.coverPhotoUrl !== undefined ? { cover_photo_url: fields.coverPhotoUrl } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function cardListId(db: BoardDb, cardId: number): Promise<number | null> {
  const row = await db.selectFrom('cards').select('list_id').where('id', '=', cardId).executeTakeFirst();
  return row?.list_id ?? null;
}

export async function deleteCardRow(trx: BoardTx, cardId: number): Promise<void> {
  await trx.deleteFrom('cards').where('id', '=', cardId).execute();
}

export async function cardTitle(db: BoardDb, cardId: number): Promise<string | null> {
  const row = await db.selectFrom('cards').select('title').where('id', '=', cardId).executeTakeFirst();
  return row?.title ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Labels

export async function labelsOfBoard(db: BoardDb, boardId: number): Promise<LabelRow[]> {
  return db
    .selectFrom('labels')
    .select(['id', 'board_id', 'name', 'color'])
    .where('board_id', '=', boardId)
    .orderBy('id')
    .execute();
}

export async function findLabel(db: BoardDb, id: number): Promise<LabelRow | null> {
  const row = await db
    .selectFrom('labels')
    .select(['id', 'board_id', 'name', 'color'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertLabel(trx: BoardTx, boardId: number, name: string, color: string): Promise<number> {
  const row = await trx
    .insertInto('labels')
    .values({ board_id: boardId, name, color })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLabel(trx: BoardTx, id: number, name: string, color: string): Promise<void> {
  await trx.updateTable('labels').set({ name, color }).where('id', '=', id).execute();
}

export async function addCardLabel(trx: BoardTx, cardId: number, labelId: number): Promise<void> {
  await trx
    .insertInto('card_labels')
    .values({ card_id: cardId, label_id: labelId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeCardLabel(trx: BoardTx, cardId: number, labelId: number): Promise<void> {
  await trx.deleteFrom('card_labels').where('card_id', '=', cardId).where('label_id', '=', labelId).execute();
}

// ---------------------------------------------------------------------------------------------------------
// Attachments

export async function findAttachment(db: BoardDb, id: number): Promise<AttachmentRow | null> {
  const row = await db
    .selectFrom('attachments')
    .select(['id', 'card_id', 'file_url', 'file_name', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function attachmentUrlsOfCard(db: BoardDb, cardId: number): Promise<string[]> {
  const rows = await db.selectFrom('attachments').select('file_url').where('card_id', '=', cardId).execute();
  return rows.map((r) => r.file_url);
}

export async function insertAttachment(
  trx: BoardTx,
  cardId: number,
  fileUrl: string,
  fileName: string,
): Promise<number> {
  const row = await trx
    .insertInto('attachments')
    .values({ card_id: cardId, file_url: fileUrl, file_name: fileName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAttachment(trx: BoardTx, id: number, fileUrl: string, fileName: string): Promise<void> {
  await trx.updateTable('attachments').set({ file_url: fileUrl, file_name: fileName }).where('id', '=', id).execute();
}

/** Locks the card row (cover and attachments change together). */
export async function lockCard(trx: BoardTx, cardId: number): Promise<{ cover_photo_url: string | null } | null> {
  const row = await trx
    .selectFrom('cards')
    .select('cover_photo_url')
    .where('id', '=', cardId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteAttachmentRow(trx: BoardTx, id: number): Promise<void> {
  await trx.deleteFrom('attachments').where('id', '=', id).execute();
}

/** Clears the card's cover when it shows `fileUrl` and no other attachment of the card holds that file. */
export async function clearCoverIfUnattached(trx: BoardTx, cardId: number, fileUrl: string): Promise<void> {
  await sql`
    UPDATE cards SET cover_photo_url = NULL, updated_at = now()
    WHERE id = ${cardId} AND cover_photo_url = ${fileUrl}
      AND NOT EXISTS (SELECT 1 FROM attachments WHERE card_id = ${cardId} AND file_url = ${fileUrl})`.execute(trx);
}

// ---------------------------------------------------------------------------------------------------------
// Comments

export async function findComment(
  db: BoardDb,
  id: number,
): Promise<{ id: number; card_id: number; author_id: number } | null> {
  const row = await db
    .selectFrom('comments')
    .select(['id', 'card_id', 'author_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertComment(
  trx: BoardTx,
  fields: { cardId: number; authorId: number; comment: string; mentionedUserIds: readonly number[] },
): Promise<number> {
  const row = await trx
    .insertInto('comments')
    .values({ card_id: fields.cardId, author_id: fields.authorId, comment: fields.comment })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fields.mentionedUserIds.length > 0) {
    await trx
      .insertInto('comment_mentions')
      .values(fields.mentionedUserIds.map((userId) => ({ comment_id: row.id, user_id: userId })))
      .execute();
  }
  return row.id;
}

export async function updateComment(trx: BoardTx, id: number, comment: string): Promise<void> {
  await trx.updateTable('comments').set({ comment, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteCommentRow(trx: BoardTx, id: number): Promise<void> {
  await trx.deleteFrom('comments').where('id', '=', id).execute();
}

export async function readComment(db: BoardDb, id: number): Promise<CommentRecord | null> {
  const row = await db
    .selectFrom('comments')
    .select(['id', 'card_id', 'author_id', 'comment', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const mentions = await db
    .selectFrom('comment_mentions')
    .select('user_id')
    .where('comment_id', '=', id)
    .orderBy('user_id')
    .execute();
  return {
    id: row.id,
    cardId: row.card_id,
    authorId: row.author_id,
    comment: row.comment,
    createdAt: row.created_at,
    mentionedUserIds: mentions.map((m) => m.user_id),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Checklists

export async function findChecklist(db: BoardDb, id: number): Promise<{ id: number; card_id: number } | null> {
  const row = await db.selectFrom('checklists').select(['id', 'card_id']).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

export async function readChecklist(db: BoardDb, id: number): Promise<ChecklistRecord | null> {
  const row = await db
    .selectFrom('checklists')
    .select(['id', 'card_id', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const items = await db
    .selectFrom('checklist_items')
    .select(['id', 'checklist_id', 'title', 'completed'])
    .where('checklist_id', '=', id)
    .orderBy('id')
    .execute();
  return { id: row.id, cardId: row.card_id, title: row.title, items };
}

export async function insertChecklist(trx: BoardTx, cardId: number, title: string): Promise<number> {
  const row = await trx
    .insertInto('checklists')
    .values({ card_id: cardId, title })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateChecklist(trx: BoardTx, id: number, title: string): Promise<void> {
  await trx.updateTable('checklists').set({ title }).where('id', '=', id).execute();
}

export async function deleteChecklistRow(trx: BoardTx, id: number): Promise<void> {
  await trx.deleteFrom('checklists').where('id', '=', id).execute();
}

export async function findChecklistItem(db: BoardDb, id: number): Promise<ChecklistItemRow | null> {
  const row = await db
    .selectFrom('checklist_items')
    .select(['id', 'checklist_id', 'title', 'completed'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertChecklistItem(
  trx: BoardTx,
  checklistId: number,
  title: string,
  completed: boolean,
): Promise<number> {
  const row = await trx
    .insertInto('checklist_items')
    .values({ checklist_id: checklistId, title, completed })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateChecklistItem(trx: BoardTx, id: number, title: string, completed: boolean): Promise<void> {
  await trx.updateTable('checklist_items').set({ title, completed }).where('id', '=', id).execute();
}

export async function deleteChecklistItemRow(trx: BoardTx, id: number): Promise<void> {
  await trx.deleteFrom('checklist_items').where('id', '=', id).execute();
}

/** The newest change of a card or comment in these lists (the member page's "last activity"); null when none. */
export async function lastActivityOfLists(db: BoardDb, listIds: readonly number[]): Promise<Date | null> {
  if (listIds.length === 0) return null;
  const ids = [...listIds];
  const row = await db
    .selectFrom('cards')
    .select([
      sql<Date | null>`max(cards.updated_at)`.as('cards_at'),
      sql<Date | null>`(SELECT max(cm.created_at) FROM comments cm JOIN cards c2 ON c2.id = cm.card_id
                        WHERE c2.list_id = ANY(${ids}::int[]))`.as('comments_at'),
    ])
    .where('list_id', 'in', ids)
    .executeTakeFirst();
  const times = [row?.cards_at, row?.comments_at].filter((t): t is Date => !!t).map((t) => new Date(t).getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

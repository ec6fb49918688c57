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
  dueAt: Date | null;
  /** The review while the card waits in FOR REVIEW (both null until then). */
  reviewedAt: Date | null;
  reviewedBy: number | null;
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
    .select([
      'id',
      'list_id',
      'title',
      'description',
      'position',
      'cover_photo_url',
      'due_at',
      'reviewed_at',
      'reviewed_by',
    ])
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
      ...cardColumns(c),
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

interface CardJsonRow {
  id: number;
  list_id: number;
  title: string;
  description: string;
  position: number;
  cover_photo_url: string | null;
  due_at: Date | null;
  reviewed_at: Date | null;
  reviewed_by: number | null;
  labels: LabelRow[];
  attachments: (Omit<AttachmentRow, 'created_at'> & { created_at: string })[];
  comments: { id: number; author_id: number; comment: string; created_at: string; mentioned: number[] }[];
  checklists: { id: number; title: string; items: ChecklistItemRow[] }[];
}

/**
 * One card with everything on it in ONE statement (what a card write answers): readCards' six statements cost six
 * round trips for a single card (decisions.md, "A card write answers its card from one statement"). Same order as
 * readCards: labels and attachments by id, comments newest first, mentions by user id, checklists and items by id.
 */
export async function readCard(db: BoardDb, cardId: number): Promise<CardRecord | null> {
  const { rows } = await sql<CardJsonRow>`
    SELECT c.id, c.list_id, c.title, c.description, c.position, c.cover_photo_url, c.due_at, c.reviewed_at, c.reviewed_by,
      COALESCE((SELECT json_agg(json_build_object('id', l.id, 'board_id', l.board_id, 'name', l.name,
                                                  'color', l.color) ORDER BY l.id)
                FROM card_labels cl JOIN labels l ON l.id = cl.label_id WHERE cl.card_id = c.id), '[]') AS labels,
      COALESCE((SELECT json_agg(json_build_object('id', a.id, 'card_id', a.card_id, 'file_url', a.file_url,
                                                  'file_name', a.file_name, 'created_at', a.created_at) ORDER BY a.id)
                FROM attachments a WHERE a.card_id = c.id), '[]') AS attachments,
      COALESCE((SELECT json_agg(json_build_object('id', m.id, 'author_id', m.author_id, 'comment', m.comment,
                                                  'created_at', m.created_at,
                                                  'mentioned', (SELECT COALESCE(json_agg(x.user_id ORDER BY x.user_id), '[]')
                                                                FROM comment_mentions x WHERE x.comment_id = m.id))
                                ORDER BY m.created_at DESC, m.id DESC)
                FROM comments m WHERE m.card_id = c.id), '[]') AS comments,
      COALESCE((SELECT json_agg(json_build_object('id', k.id, 'title', k.title,
                                                  'items', (SELECT COALESCE(json_agg(json_build_object(
                                                              'id', i.id, 'checklist_id', i.checklist_id,
                                                              'title', i.title, 'completed', i.completed) ORDER BY i.id),
                                                              '[]')
                                                            FROM checklist_items i WHERE i.checklist_id = k.id))
                                ORDER BY k.id)
                FROM checklists k WHERE k.card_id = c.id), '[]') AS checklists
    FROM cards c WHERE c.id = ${cardId}`.execute(db);
  const c = rows[0];
  if (!c) return null;
  return {
    ...cardColumns(c),
    labels: c.labels,
    attachments: c.attachments.map((a) => ({ ...a, created_at: new Date(a.created_at) })),
    comments: c.comments.map((m) => ({
      id: m.id,
      cardId: c.id,
      authorId: m.author_id,
      comment: m.comment,
      createdAt: new Date(m.created_at),
      mentionedUserIds: m.mentioned,
    })),
    checklists: c.checklists.map((k) => ({ id: k.id, cardId: c.id, title: k.title, items: k.items })),
  };
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
  fields: { listId: number; title: string; description: string; position: number; dueAt: Date | null },
): Promise<number> {
  const row = await trx
    .insertInto('cards')
    .values({
      list_id: fields.listId,
      title: fields.title,
      description: fields.description,
      position: fields.position,
      cover_photo_url: null,
      due_at: fields.dueAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Updates the card in one statement and answers its title before the change (the history's rename), or null when
 * the card is gone (deleted meanwhile). The sub-select takes the row lock, so the old title is the one replaced.
 */
export async function updateCard(
  trx: BoardTx,
  id: number,
  fields: {
    title: string;
    description: string | undefined;
    coverPhotoUrl: string | null | undefined;
    dueAt: Date | null | undefined;
  },
): Promise<{ oldTitle: string } | null> {
  const { rows } = await sql<{ old_title: string }>`
    UPDATE cards AS c SET title = ${fields.title},
      description = ${fields.description === undefined ? sql`c.description` : fields.description},
      cover_photo_url = ${fields.coverPhotoUrl === undefined ? sql`c.cover_photo_url` : fields.coverPhotoUrl},
      due_at = ${fields.dueAt === undefined ? sql`c.due_at` : fields.dueAt},
      updated_at = now()
    FROM (SELECT id, title FROM cards WHERE id = ${id} FOR UPDATE) AS old
    WHERE c.id = old.id
    RETURNING old.title AS old_title`.execute(trx);
  const row = rows[0];
  return row ? { oldTitle: row.old_title } : null;
}

/** Locks the card's row and answers its due date (undefined: no such card). */
export async function lockCardDueAt(trx: BoardTx, id: number): Promise<{ dueAt: Date | null } | undefined> {
  const row = await trx.selectFrom('cards').select('due_at').where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? { dueAt: row.due_at } : undefined;
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

/** What the history says of a check item (its checklist's title and card); the item is locked when named. */
export async function checkItemContext(
  trx: BoardTx,
  target: { itemId: number } | { checklistId: number },
): Promise<{ cardId: number; checklist: string; wasDone: boolean | null } | null> {
  if ('checklistId' in target) {
    const row = await trx
      .selectFrom('checklists')
      .select(['card_id', 'title'])
      .where('id', '=', target.checklistId)
      .executeTakeFirst();
    return row ? { cardId: row.card_id, checklist: row.title, wasDone: null } : null;
  }
  const row = await trx
    .selectFrom('checklist_items as i')
    .innerJoin('checklists as k', 'k.id', 'i.checklist_id')
    .select(['k.card_id', 'k.title', 'i.completed'])
    .where('i.id', '=', target.itemId)
    .modifyEnd(sql`FOR UPDATE OF i`)
    .executeTakeFirst();
  return row ? { cardId: row.card_id, checklist: row.title, wasDone: row.completed } : null;
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

/** A card row's own columns, as a CardRecord names them. */
function cardColumns(c: {
  id: number;
  list_id: number;
  title: string;
  description: CardRecord['description'];
  position: number;
  cover_photo_url: CardRecord['coverPhotoUrl'];
  due_at: Date | null;
  reviewed_at: Date | null;
  reviewed_by: number | null;
}): Pick<
  CardRecord,
  'id' | 'listId' | 'title' | 'description' | 'position' | 'coverPhotoUrl' | 'dueAt' | 'reviewedAt' | 'reviewedBy'
> {
  return {
    id: c.id,
    listId: c.list_id,
    title: c.title,
    description: c.description,
    position: c.position,
    coverPhotoUrl: c.cover_photo_url,
    dueAt: c.due_at,
    reviewedAt: c.reviewed_at,
    reviewedBy: c.reviewed_by,
  };
}

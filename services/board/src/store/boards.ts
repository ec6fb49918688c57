/** Boards, the Master Template, lists, and the chain from any record to its board (for the policies). */
import { FIXED_LIST_NAMES } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { BoardRef } from '../policies';
import type { BoardDb, BoardTx } from './db';

type BoardRow = { id: number; user_id: number | null; is_template: boolean };
const toRef = (r: BoardRow): BoardRef => ({ id: r.id, userId: r.user_id, isTemplate: r.is_template });

export async function findBoardOfUser(db: BoardDb, userId: number): Promise<BoardRef | null> {
  const row = await db
    .selectFrom('boards')
    .select(['id', 'user_id', 'is_template'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toRef(row) : null;
}

export async function findTemplate(db: BoardDb): Promise<BoardRef | null> {
  const row = await db
    .selectFrom('boards')
    .select(['id', 'user_id', 'is_template'])
    .where('is_template', '=', true)
    .executeTakeFirst();
  return row ? toRef(row) : null;
}

async function insertFixedLists(trx: BoardTx, boardId: number): Promise<void> {
  await trx
    .insertInto('board_lists')
    .values(FIXED_LIST_NAMES.map((name, position) => ({ board_id: boardId, name, position, fixed: true })))
    .execute();
}

/** The Master Template, created with the seven fixed lists the first time anyone needs it. */
export async function ensureTemplate(trx: BoardTx): Promise<BoardRef> {
  const inserted = await sql<BoardRow>`
    INSERT INTO boards (user_id, is_template) VALUES (NULL, true)
    ON CONFLICT (is_template) WHERE is_template DO NOTHING
    RETURNING id, user_id, is_template`.execute(trx);
  const row = inserted.rows[0];
  if (row) {
    await insertFixedLists(trx, row.id);
    return toRef(row);
  }
  const existing = await findTemplate(trx);
  if (!existing) throw new Error('The Master Template vanished while being created');
  return existing;
}

/**
 * Creates the board of `userId` from the current template unless it exists. Two first opens at once: the
 * second INSERT waits for the first and does nothing; both then read the same board.
 */
export async function createBoardFromTemplate(trx: BoardTx, userId: number): Promise<BoardRef> {
  const inserted = await sql<BoardRow>`
    INSERT INTO boards (user_id, is_template) VALUES (${userId}, false)
    ON CONFLICT (user_id) DO NOTHING
    RETURNING id, user_id, is_template`.execute(trx);
  const row = inserted.rows[0];
  if (!row) {
    const existing = await findBoardOfUser(trx, userId);
    if (!existing) throw new Error('A board vanished while being created');
    return existing;
  }
  const template = await ensureTemplate(trx);
  await copyBoardContent(trx, template.id, row.id);
  return toRef(row);
}

/** Locks the board row: resets of one board run one at a time. */
export async function lockBoard(trx: BoardTx, boardId: number): Promise<void> {
  await trx.selectFrom('boards').select('id').where('id', '=', boardId).forUpdate().execute();
}

/** Empties a board (lists with their cards, labels). */
export async function clearBoard(trx: BoardTx, boardId: number): Promise<void> {
  // Lists in id order, like every other multi-list lock, so a concurrent move waits instead of deadlocking.
  await trx.selectFrom('board_lists').select('id').where('board_id', '=', boardId).orderBy('id').forUpdate().execute();
  await trx.deleteFrom('board_lists').where('board_id', '=', boardId).execute();
  await trx.deleteFrom('labels').where('board_id', '=', boardId).execute();
}

export async function deleteBoardOfUser(trx: BoardTx, userId: number): Promise<boolean> {
  const result = await trx.deleteFrom('boards').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** `count` fresh ids of a serial column, so copied rows can be linked before they are inserted. */
async function allocateIds(trx: BoardTx, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::integer AS id FROM generate_series(1, ${count})`.execute(
    trx,
  );
  return result.rows.map((r) => r.id);
}

function mapIds<T extends { id: number }>(rows: readonly T[], fresh: readonly number[]): Map<number, number> {
  return new Map(rows.map((r, i) => [r.id, fresh[i] as number]));
}

/** Copies lists, cards, labels and their links, attachments, checklists and items (never comments). */
export async function copyBoardContent(trx: BoardTx, fromBoardId: number, toBoardId: number): Promise<void> {
  const lists = await trx
    .selectFrom('board_lists')
    .select(['id', 'name', 'position', 'fixed'])
    .where('board_id', '=', fromBoardId)
    .orderBy('id')
    .execute();
  const listIds = mapIds(lists, await allocateIds(trx, 'board_lists', lists.length));
  if (lists.length > 0) {
    await trx
      .insertInto('board_lists')
      .values(
        lists.map((l) => ({
          id: listIds.get(l.id) as number,
          board_id: toBoardId,
          name: l.name,
          position: l.position,
          fixed: l.fixed,
        })),
      )
      .execute();
  }

  const labels = await trx
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('board_id', '=', fromBoardId)
    .orderBy('id')
    .execute();
  const labelIds = mapIds(labels, await allocateIds(trx, 'labels', labels.length));
  if (labels.length > 0) {
    await trx
      .insertInto('labels')
      .values(
        labels.map((l) => ({ id: labelIds.get(l.id) as number, board_id: toBoardId, name: l.name, color: l.color })),
      )
      .execute();
  }

  if (lists.length === 0) return;
  const cards = await trx
    .selectFrom('cards')
    .select(['id', 'list_id', 'title', 'description', 'position', 'cover_photo_url'])
    .where(
      'list_id',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('id')
    .execute();
  if (cards.length === 0) return;
  const cardIds = mapIds(cards, await allocateIds(trx, 'cards', cards.length));
  await trx
    .insertInto('cards')
    .values(
      cards.map((c) => ({
        id: cardIds.get(c.id) as number,
        list_id: listIds.get(c.list_id) as number,
        title: c.title,
        description: c.description,
        position: c.position,
        cover_photo_url: c.cover_photo_url,
      })),
    )
    .execute();
  const oldCardIds = cards.map((c) => c.id);

  const links = await trx
    .selectFrom('card_labels')
    .select(['card_id', 'label_id'])
    .where('card_id', 'in', oldCardIds)
    .execute();
  if (links.length > 0) {
    await trx
      .insertInto('card_labels')
      .values(
        links.map((l) => ({ card_id: cardIds.get(l.card_id) as number, label_id: labelIds.get(l.label_id) as number })),
      )
      .execute();
  }

  const attachments = await trx
    .selectFrom('attachments')
    .select(['card_id', 'file_url', 'file_name'])
    .where('card_id', 'in', oldCardIds)
    .orderBy('id')
    .execute();
  if (attachments.length > 0) {
    await trx
      .insertInto('attachments')
      .values(
        attachments.map((a) => ({
          card_id: cardIds.get(a.card_id) as number,
          file_url: a.file_url,
          file_name: a.file_name,
        })),
      )
      .execute();
  }

  const checklists = await trx
    .selectFrom('checklists')
    .select(['id', 'card_id', 'title'])
    .where('card_id', 'in', oldCardIds)
    .orderBy('id')
    .execute();
  if (checklists.length === 0) return;
  const checklistIds = mapIds(checklists, await allocateIds(trx, 'checklists', checklists.length));
  await trx
    .insertInto('checklists')
    .values(
      checklists.map((c) => ({
        id: checklistIds.get(c.id) as number,
        card_id: cardIds.get(c.card_id) as number,
        title: c.title,
      })),
    )
    .execute();
  const items = await trx
    .selectFrom('checklist_items')
    .select(['checklist_id', 'title', 'completed'])
    .where(
      'checklist_id',
      'in',
      checklists.map((c) => c.id),
    )
    .orderBy('id')
    .execute();
  if (items.length > 0) {
    await trx
      .insertInto('checklist_items')
      .values(
        items.map((i) => ({
          checklist_id: checklistIds.get(i.checklist_id) as number,
          title: i.title,
          completed: i.completed,
        })),
      )
      .execute();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Lists

export interface ListRow {
  id: number;
  board_id: number;
  name: string;
  position: number;
  fixed: boolean;
}

export async function listsOfBoard(db: BoardDb, boardId: number): Promise<ListRow[]> {
  return db
    .selectFrom('board_lists')
    .select(['id', 'board_id', 'name', 'position', 'fixed'])
    .where('board_id', '=', boardId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The board's lists with the number of cards on each, in one statement (the dashboard's donut reads no card). */
export async function listsWithCardCounts(db: BoardDb, boardId: number): Promise<(ListRow & { cardCount: number })[]> {
  const { rows } = await sql<ListRow & { card_count: number }>`
    SELECT l.id, l.board_id, l.name, l.position, l.fixed,
           (SELECT count(*)::integer FROM cards c WHERE c.list_id = l.id) AS card_count
    FROM board_lists l WHERE l.board_id = ${boardId} ORDER BY l.position, l.id`.execute(db);
  return rows.map(({ card_count, ...list }) => ({ ...list, cardCount: card_count }));
}

export async function findList(db: BoardDb, listId: number): Promise<ListRow | null> {
  const row = await db
    .selectFrom('board_lists')
    .select(['id', 'board_id', 'name', 'position', 'fixed'])
    .where('id', '=', listId)
    .executeTakeFirst();
  return row ?? null;
}

/** Locks lists in id order (every multi-list lock does, against deadlocks); returns those that exist. */
export async function lockLists(trx: BoardTx, listIds: readonly number[]): Promise<ListRow[]> {
  if (listIds.length === 0) return [];
  return trx
    .selectFrom('board_lists')
    .select(['id', 'board_id', 'name', 'position', 'fixed'])
    .where(
      'id',
      'in',
      [...new Set(listIds)].sort((a, b) => a - b),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** A new list at the highest position + 1; the board row is locked so two new lists never share a position. */
export async function insertList(trx: BoardTx, boardId: number, name: string): Promise<number> {
  await lockBoard(trx, boardId);
  const row = await trx
    .insertInto('board_lists')
    .values((eb) => ({
      board_id: boardId,
      name,
      position: eb
        .selectFrom('board_lists')
        .select(sql<number>`coalesce(max(position) + 1, 0)`.as('next'))
        .where('board_id', '=', boardId),
      fixed: false,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameList(trx: BoardTx, listId: number, name: string): Promise<void> {
  await trx.updateTable('board_lists').set({ name, updated_at: new Date() }).where('id', '=', listId).execute();
}

export async function deleteList(trx: BoardTx, listId: number): Promise<void> {
  await trx.deleteFrom('board_lists').where('id', '=', listId).execute();
}

// ---------------------------------------------------------------------------------------------------------
// The board of a record (one query each; null when the record does not exist)

const first = (result: { rows: BoardRow[] }): BoardRef | null => {
  const row = result.rows[0];
  return row ? toRef(row) : null;
};

export const boardOfList = async (db: BoardDb, id: number) =>
  first(
    await sql<BoardRow>`SELECT b.id, b.user_id, b.is_template FROM board_lists l JOIN boards b ON b.id = l.board_id
                        WHERE l.id = ${id}`.execute(db),
  );

export const boardOfCard = async (db: BoardDb, id: number) =>
  first(
    await sql<BoardRow>`SELECT b.id, b.user_id, b.is_template FROM cards c JOIN board_lists l ON l.id = c.list_id
                        JOIN boards b ON b.id = l.board_id WHERE c.id = ${id}`.execute(db),
  );

export const boardOfLabel = async (db: BoardDb, id: number) =>
  first(
    await sql<BoardRow>`SELECT b.id, b.user_id, b.is_template FROM labels x JOIN boards b ON b.id = x.board_id
                        WHERE x.id = ${id}`.execute(db),
  );

const viaCard = async (table: 'attachments' | 'comments' | 'checklists', db: BoardDb, id: number) =>
  first(
    await sql<BoardRow>`SELECT b.id, b.user_id, b.is_template FROM ${sql.table(table)} x
                        JOIN cards c ON c.id = x.card_id JOIN board_lists l ON l.id = c.list_id
                        JOIN boards b ON b.id = l.board_id WHERE x.id = ${id}`.execute(db),
  );
export const boardOfAttachment = (db: BoardDb, id: number) => viaCard('attachments', db, id);
export const boardOfComment = (db: BoardDb, id: number) => viaCard('comments', db, id);
export const boardOfChecklist = (db: BoardDb, id: number) => viaCard('checklists', db, id);

export const boardOfChecklistItem = async (db: BoardDb, id: number) =>
  first(
    await sql<BoardRow>`SELECT b.id, b.user_id, b.is_template FROM checklist_items i
                        JOIN checklists k ON k.id = i.checklist_id JOIN cards c ON c.id = k.card_id
                        JOIN board_lists l ON l.id = c.list_id JOIN boards b ON b.id = l.board_id
                        WHERE i.id = ${id}`.execute(db),
  );

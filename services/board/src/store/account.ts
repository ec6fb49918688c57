/**
 * What the board holds about one person, for her own export (her board whole, her notifications and settings, the
 * comments she wrote on other boards), and what goes of it beyond her board when her account is deleted.
 */
import type { BoardDb, BoardTx } from './db';
import { emailSettingsOf } from './notifications';

export async function ownBoardFacts(db: BoardDb, userId: number) {
  const board = await db
    .selectFrom('boards')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('is_template', '=', false)
    .executeTakeFirst();
  const boardId = board?.id ?? -1;
  const cardsOfBoard = db
    .selectFrom('cards')
    .innerJoin('board_lists', 'board_lists.id', 'cards.list_id')
    .select('cards.id')
    .where('board_lists.board_id', '=', boardId);
  const [lists, cards, labels, cardLabels, attachments, comments, checklists, items] = await Promise.all([
    db
      .selectFrom('board_lists')
      .select(['id', 'name', 'position', 'fixed', 'created_at'])
      .where('board_id', '=', boardId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('cards')
      .innerJoin('board_lists', 'board_lists.id', 'cards.list_id')
      .select([
        'cards.id',
        'cards.list_id',
        'cards.title',
        'cards.description',
        'cards.position',
        'cards.cover_photo_url',
        'cards.created_at',
        'cards.updated_at',
      ])
      .where('board_lists.board_id', '=', boardId)
      .orderBy('cards.list_id')
      .orderBy('cards.position')
      .orderBy('cards.id')
      .execute(),
    db.selectFrom('labels').select(['id', 'name', 'color']).where('board_id', '=', boardId).orderBy('id').execute(),
    db.selectFrom('card_labels').select(['card_id', 'label_id']).where('card_id', 'in', cardsOfBoard).execute(),
    db
      .selectFrom('attachments')
      .select(['id', 'card_id', 'file_name', 'file_url', 'created_at'])
      .where('card_id', 'in', cardsOfBoard)
      .orderBy('id')
      .execute(),
    // Authors by name only (the board's copy of people): another person's e-mail never leaves with her file.
    db
      .selectFrom('comments')
      .leftJoin('people', 'people.user_id', 'comments.author_id')
      .select([
        'comments.id',
        'comments.card_id',
        'comments.author_id',
        'people.full_name as author_name',
        'comments.comment',
        'comments.created_at',
        'comments.updated_at',
      ])
      .where('comments.card_id', 'in', cardsOfBoard)
      .orderBy('comments.id')
      .execute(),
    db
      .selectFrom('checklists')
      .select(['id', 'card_id', 'title', 'created_at'])
      .where('card_id', 'in', cardsOfBoard)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('checklist_items')
      .innerJoin('checklists', 'checklists.id', 'checklist_items.checklist_id')
      .select([
        'checklist_items.id',
        'checklist_items.checklist_id',
        'checklist_items.title',
        'checklist_items.completed',
        'checklist_items.created_at',
      ])
      .where('checklists.card_id', 'in', cardsOfBoard)
      .orderBy('checklist_items.id')
      .execute(),
  ]);
  const [notifications, settings, commentsElsewhere] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['kind', 'actor_name', 'text', 'created_at', 'read_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    // Every e-mail setting, as GET /api/notifications/settings answers them (defaults included).
    emailSettingsOf(db, userId),
    // Her words on other people's boards: the text and when, not the card or its owner (theirs).
    db
      .selectFrom('comments')
      .select(['comment', 'created_at', 'updated_at'])
      .where('author_id', '=', userId)
      .where('card_id', 'not in', cardsOfBoard)
      .orderBy('id')
      .execute(),
  ]);
  return {
    board: board ? { createdAt: board.created_at } : null,
    lists,
    cards,
    labels,
    cardLabels,
    attachments,
    comments,
    checklists,
    items,
    notifications,
    settings,
    commentsElsewhere,
  };
}

export type OwnBoardFacts = Awaited<ReturnType<typeof ownBoardFacts>>;

/**
 * Her traces beyond her own board once her account is deleted: the comments she wrote on other boards, her mentions
 * and the notifications her comments caused. Returns how many comments went.
 */
export async function deleteTracesOf(trx: BoardTx, userId: number): Promise<number> {
  await trx.deleteFrom('comment_mentions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notifications').where('actor_id', '=', userId).execute();
  // Her entries in the history of others' cards go with her comments (card_activity_actor).
  await trx.deleteFrom('card_activity').where('actor_id', '=', userId).execute();
  const result = await trx.deleteFrom('comments').where('author_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * /api/move-the-needle/*: every board call of spec §7, each as parse -> find the board and authorize (policies;
 * hidden means missing) -> command -> presenter. Calls whose spec response is "none" answer 204, except the
 * reorder and the move, which send the new places of the cards they touched (the client cache is corrected in
 * one step).
 */
import {
  activityUpsertSchema,
  attachmentUpsertSchema,
  BOARD_ERRORS,
  boardResetSchema,
  boardUserQuerySchema,
  bodyIdSchema,
  CARD_ACTIVITY_LIMIT,
  cardLabelSchema,
  cardMoveSchema,
  cardReorderSchema,
  cardReviewSchema,
  cardUpsertSchema,
  checkListItemUpsertSchema,
  checkListUpsertSchema,
  idParam,
  labelUpsertSchema,
  listUpsertSchema,
  reviewQueueQuerySchema,
} from '@rainmakers/contracts';
import { answerOnce, badRequest, forbidden, notFound, parse, requireActor } from '@rainmakers/kit';
import { type Response, Router } from 'express';
import { boardOfRecord, openBoardOf, ownerIdOf, requireBoardAccess } from '../commands/access';
import {
  moveCard,
  removeAttachment,
  removeCard,
  removeChecklist,
  removeChecklistItem,
  removeComment,
  removeList,
  reorderCards,
  resetBoard,
  reviewCard,
  setCardLabel,
  upsertAttachment,
  upsertCard,
  upsertChecklist,
  upsertChecklistItem,
  upsertComment,
  upsertLabel,
  upsertList,
} from '../commands/board';
import type { BoardDeps } from '../deps';
import type { Placement } from '../domain/positions';
import { boardProgress, statusShares } from '../domain/progress';
import {
  boardAbilities,
  canComment,
  canDeleteCard,
  canDeleteComment,
  canDeleteList,
  canEditBoard,
  canEditComment,
  canListCoaches,
  canReadReviewQueue,
  canResetBoard,
  canReviewCard,
} from '../policies';
import {
  peopleOfCards,
  presentActivity,
  presentAttachment,
  presentCard,
  presentCardActivity,
  presentChecklist,
  presentItem,
  presentLabel,
  presentList,
  presentPerson,
  presentReviewCard,
  presentSummary,
} from '../presenters';
import { activityOfCard } from '../store/activity';
import {
  boardOfAttachment,
  boardOfCard,
  boardOfChecklist,
  boardOfChecklistItem,
  boardOfComment,
  boardOfLabel,
  boardOfList,
  listsOfBoard,
  listsWithCardCounts,
} from '../store/boards';
import {
  cardListId,
  cardTitle,
  findAttachment,
  findChecklist,
  findChecklistItem,
  findComment,
  findLabel,
  labelsOfBoard,
  readCard,
  readCards,
  readChecklist,
  readComment,
} from '../store/cards';
import { findPeople, findPerson, listCoaches } from '../store/people';
import { reviewQueue } from '../store/review';

const E = BOARD_ERRORS;

const sendPlacements = (res: Response, placements: readonly Placement[]) =>
  res.json({ cards: placements.map((p) => ({ id: p.id, ListId: p.listId, position: p.position })) });

export function boardRoutes(deps: BoardDeps): Router {
  const { db } = deps;
  const router = Router();

  // ------------------------------------------------------------------------------------------------- lists
  router.get('/list/read-many', async (req, res) => {
    const actor = requireActor(req);
    const { userId } = parse(boardUserQuerySchema, req.query);
    const opened = await openBoardOf(deps, actor, userId);
    const lists = await listsOfBoard(db, opened.board.id);
    const cards = await readCards(db, { listIds: lists.map((l) => l.id) });
    const [people, labels] = await Promise.all([
      findPeople(db, peopleOfCards(cards)),
      labelsOfBoard(db, opened.board.id),
    ]);
    const byList = new Map(lists.map((l) => [l.id, cards.filter((c) => c.listId === l.id)]));
    res.json({
      lists: lists.map((l) => presentList(l, byList.get(l.id) ?? [], opened.userId, people)),
      board: presentSummary({
        userId: opened.userId,
        fullName: opened.ownerName,
        isTemplate: opened.board.isTemplate,
        totalProgress: boardProgress(lists.map((l) => ({ ...l, cardCount: byList.get(l.id)?.length ?? 0 }))),
        labelCount: labels.length,
        abilities: boardAbilities(actor, opened.board, labels.length, opened.owner),
      }),
    });
  });

  /** The dashboard's donut: card counts and shares of the four status lists, without reading the cards. */
  router.get('/summary', async (req, res) => {
    const actor = requireActor(req);
    const { userId } = parse(boardUserQuerySchema, req.query);
    const opened = await openBoardOf(deps, actor, userId, { ownerName: false });
    const counted = await listsWithCardCounts(db, opened.board.id);
    res.json({ summary: { totalProgress: boardProgress(counted), ...statusShares(counted) } });
  });

  router.post('/list/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(listUpsertSchema, req.body);
    const { board, userId } = await openBoardOf(deps, actor, input.userId);
    if (!canEditBoard(actor, board)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const { id, isNew } = await upsertList(deps, board, input);
      const list = (await listsOfBoard(db, board.id)).find((l) => l.id === id);
      if (!list) throw notFound(E.listNotFound);
      const cards = await readCards(db, { listIds: [id] });
      const people = await findPeople(db, peopleOfCards(cards));
      return { status: isNew ? 201 : 200, body: { list: presentList(list, cards, userId, people), isNew } };
    });
  });

  router.delete('/list/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    const board = await boardOfRecord(actor, () => boardOfList(db, id), E.listNotFound);
    if (!canDeleteList(actor, board)) throw forbidden();
    await removeList(deps, board, id, actor);
    res.status(204).end();
  });

  // ------------------------------------------------------------------------------------------------- cards
  router.post('/card/reorder', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(cardReorderSchema, req.body);
    const board = await boardOfRecord(actor, () => boardOfList(db, input.ListId), E.listNotFound);
    if (!canEditBoard(actor, board)) throw forbidden();
    sendPlacements(res, await reorderCards(deps, board, input));
  });

  router.post('/card/move', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(cardMoveSchema, req.body);
    const board = await boardOfRecord(actor, () => boardOfCard(db, input.cardId), E.cardNotFound);
    if (!canEditBoard(actor, board)) throw forbidden();
    sendPlacements(res, await moveCard(deps, board, actor, input));
  });

  router.post('/card/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(cardUpsertSchema, req.body);
    const existing = input.id;
    const board =
      existing === undefined
        ? await boardOfRecord(actor, () => boardOfList(db, input.ListId), E.listNotFound)
        : await boardOfRecord(actor, () => boardOfCard(db, existing), E.cardNotFound);
    if (!canEditBoard(actor, board)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const { id, isNew } = await upsertCard(deps, board, actor, input);
      const card = await readCard(db, id);
      if (!card) throw notFound(E.cardNotFound);
      const people = await findPeople(db, peopleOfCards([card]));
      return { status: isNew ? 201 : 200, body: { card: presentCard(card, ownerIdOf(board, actor), people), isNew } };
    });
  });

  router.delete('/card/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    const board = await boardOfRecord(actor, () => boardOfCard(db, id), E.cardNotFound);
    if (!canDeleteCard(actor, board)) throw forbidden();
    const listId = await cardListId(db, id);
    if (listId === null) throw notFound(E.cardNotFound);
    await removeCard(deps, board, id, listId, actor);
    res.status(204).end();
  });

  /**
   * A coach's (or admin's) review of a card waiting in FOR REVIEW: the card leaves the review queue and answers
   * with reviewedAt/reviewedBy. A card that is not waiting (elsewhere, or reviewed meanwhile) answers 409.
   */
  router.post('/card/review', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(cardReviewSchema, req.body);
    const board = await boardOfRecord(actor, () => boardOfCard(db, input.cardId), E.cardNotFound);
    const owner = board.userId === null ? null : await findPerson(db, board.userId);
    if (!canReviewCard(actor, board, owner)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      await reviewCard(deps, board, actor, input);
      const card = await readCard(db, input.cardId);
      if (!card) throw notFound(E.cardNotFound);
      const people = await findPeople(db, peopleOfCards([card]));
      return { status: 200, body: { card: presentCard(card, ownerIdOf(board, actor), people) } };
    });
  });

  /** The card's history, newest first (the latest CARD_ACTIVITY_LIMIT entries): whoever may see the card. */
  router.get('/card/:id/activity', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    await boardOfRecord(actor, () => boardOfCard(db, id), E.cardNotFound);
    const activity = await activityOfCard(db, id, CARD_ACTIVITY_LIMIT);
    res.json({ activity: activity.map(presentCardActivity) });
  });

  // ------------------------------------------------------------------------------------------------- reset
  router.put('/reset', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(boardResetSchema, req.body);
    const { board } = await openBoardOf(deps, actor, id);
    if (!canResetBoard(actor, board)) throw forbidden(board.isTemplate ? E.templateReset : undefined);
    await resetBoard(deps, board);
    res.status(204).end();
  });

  // ------------------------------------------------------------------------------------------------- labels
  router.get('/label/read-many', async (req, res) => {
    const actor = requireActor(req);
    const { userId } = parse(boardUserQuerySchema, req.query);
    const opened = await openBoardOf(deps, actor, userId);
    const labels = await labelsOfBoard(db, opened.board.id);
    res.json({ labels: labels.map((l) => presentLabel(l, opened.userId)) });
  });

  router.post('/label/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(labelUpsertSchema, req.body);
    const { board, userId } = await openBoardOf(deps, actor, input.userId);
    if (!canEditBoard(actor, board)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const { id, isNew } = await upsertLabel(deps, board, input);
      const label = await findLabel(db, id);
      if (!label) throw notFound(E.labelNotFound);
      return { status: isNew ? 201 : 200, body: { label: presentLabel(label, userId), isNew } };
    });
  });

  for (const [path, on] of [
    ['/label/add', true],
    ['/label/remove', false],
  ] as const) {
    router.post(path, async (req, res) => {
      const actor = requireActor(req);
      const input = parse(cardLabelSchema, req.body);
      const board = await boardOfRecord(actor, () => boardOfCard(db, input.CardId), E.cardNotFound);
      const labelBoard = await boardOfRecord(actor, () => boardOfLabel(db, input.LabelId), E.labelNotFound);
      if (!canEditBoard(actor, board)) throw forbidden();
      if (labelBoard.id !== board.id) throw badRequest(E.labelOtherBoard);
      await setCardLabel(deps, board, input.CardId, input.LabelId, on);
      res.status(204).end();
    });
  }

  // ------------------------------------------------------------------------------------------------- attachments
  router.post('/attachment/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(attachmentUpsertSchema, req.body);
    const board = await boardOfRecord(actor, () => boardOfCard(db, input.CardId), E.cardNotFound);
    if (input.id !== undefined) {
      const existing = await findAttachment(db, input.id);
      if (!existing || existing.card_id !== input.CardId) throw notFound(E.attachmentNotFound);
    }
    if (!canEditBoard(actor, board)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const id = await upsertAttachment(deps, board, actor, input);
      const attachment = await findAttachment(db, id);
      if (!attachment) throw notFound(E.attachmentNotFound);
      return { status: input.id === undefined ? 201 : 200, body: { attachment: presentAttachment(attachment) } };
    });
  });

  router.delete('/attachment/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    const board = await boardOfRecord(actor, () => boardOfAttachment(db, id), E.attachmentNotFound);
    if (!canEditBoard(actor, board)) throw forbidden();
    const attachment = await findAttachment(db, id);
    if (!attachment) throw notFound(E.attachmentNotFound);
    await removeAttachment(deps, board, attachment);
    res.status(204).end();
  });

  // ------------------------------------------------------------------------------------------------- comments
  router.post('/activity/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(activityUpsertSchema, req.body);
    const board = await boardOfRecord(actor, () => boardOfCard(db, input.CardId), E.cardNotFound);
    if (input.id !== undefined) {
      const existing = await findComment(db, input.id);
      if (!existing || existing.card_id !== input.CardId) throw notFound(E.activityNotFound);
      if (!canEditComment(actor, board, existing.author_id)) throw forbidden();
    } else if (!canComment(actor, board)) throw forbidden();
    const title = await cardTitle(db, input.CardId);
    if (title === null) throw notFound(E.cardNotFound);
    await answerOnce(req, res, db, async () => {
      const id = await upsertComment(deps, board, actor, { id: input.CardId, title }, input);
      const comment = await readComment(db, id);
      if (!comment) throw notFound(E.activityNotFound);
      const people = await findPeople(db, [comment.authorId, ...comment.mentionedUserIds]);
      return { status: input.id === undefined ? 201 : 200, body: { activity: presentActivity(comment, people) } };
    });
  });

  /** One's own comment; an admin may delete any. Answers like the other deletes (204). */
  router.delete('/activity/:id', async (req, res) => {
    const actor = requireActor(req);
    const id = parse(idParam, req.params.id);
    const board = await boardOfRecord(actor, () => boardOfComment(db, id), E.activityNotFound);
    const comment = await findComment(db, id);
    if (!comment) throw notFound(E.activityNotFound);
    if (!canDeleteComment(actor, board, comment.author_id)) throw forbidden();
    await removeComment(deps, board, comment);
    res.status(204).end();
  });

  // ------------------------------------------------------------------------------------------------- review queue
  /** The cards waiting in members' FOR REVIEW lists, oldest first (coaches and admins). */
  router.get('/review-queue', async (req, res) => {
    const actor = requireActor(req);
    requireBoardAccess(actor);
    if (!canReadReviewQueue(actor)) throw forbidden();
    const query = parse(reviewQueueQuerySchema, req.query);
    const page = await reviewQueue(db, {
      limit: query.cardsPerPage,
      offset: (query.page - 1) * query.cardsPerPage,
    });
    res.json({ cards: page.cards.map(presentReviewCard), total: page.total });
  });

  // ------------------------------------------------------------------------------------------------- checklists
  router.post('/checkList/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(checkListUpsertSchema, req.body);
    const existing = input.id;
    const board =
      existing === undefined
        ? await boardOfRecord(actor, () => boardOfCard(db, input.CardId), E.cardNotFound)
        : await boardOfRecord(actor, () => boardOfChecklist(db, existing), E.checklistNotFound);
    if (existing !== undefined && (await findChecklist(db, existing))?.card_id !== input.CardId) {
      throw notFound(E.checklistNotFound);
    }
    if (!canEditBoard(actor, board)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const id = await upsertChecklist(deps, board, input);
      const checklist = await readChecklist(db, id);
      if (!checklist) throw notFound(E.checklistNotFound);
      return { status: existing === undefined ? 201 : 200, body: { checklist: presentChecklist(checklist) } };
    });
  });

  router.delete('/checkList', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(bodyIdSchema, req.body ?? {});
    const board = await boardOfRecord(actor, () => boardOfChecklist(db, id), E.checklistNotFound);
    if (!canEditBoard(actor, board)) throw forbidden();
    await removeChecklist(deps, board, id);
    res.status(204).end();
  });

  router.post('/checkListItem/upsert', async (req, res) => {
    const actor = requireActor(req);
    const input = parse(checkListItemUpsertSchema, req.body);
    const existing = input.id;
    const board =
      existing === undefined
        ? await boardOfRecord(actor, () => boardOfChecklist(db, input.CheckListId), E.checklistNotFound)
        : await boardOfRecord(actor, () => boardOfChecklistItem(db, existing), E.checklistItemNotFound);
    if (existing !== undefined && (await findChecklistItem(db, existing))?.checklist_id !== input.CheckListId) {
      throw notFound(E.checklistItemNotFound);
    }
    if (!canEditBoard(actor, board)) throw forbidden();
    await answerOnce(req, res, db, async () => {
      const id = await upsertChecklistItem(deps, board, actor, input);
      const item = await findChecklistItem(db, id);
      if (!item) throw notFound(E.checklistItemNotFound);
      return { status: existing === undefined ? 201 : 200, body: { item: presentItem(item) } };
    });
  });

  router.delete('/checkListItem', async (req, res) => {
    const actor = requireActor(req);
    const { id } = parse(bodyIdSchema, req.body ?? {});
    const board = await boardOfRecord(actor, () => boardOfChecklistItem(db, id), E.checklistItemNotFound);
    if (!canEditBoard(actor, board)) throw forbidden();
    await removeChecklistItem(deps, board, id);
    res.status(204).end();
  });

  // ------------------------------------------------------------------------------------------------- people
  router.get('/coaches', async (req, res) => {
    const actor = requireActor(req);
    requireBoardAccess(actor);
    if (!canListCoaches(actor)) throw forbidden();
    res.json({ coaches: (await listCoaches(db)).map(presentPerson) });
  });

  return router;
}

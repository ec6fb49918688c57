/**
 * Every write on a board, one transaction each through withEvents: positions under row locks, events in the
 * outbox, and the live notice (SSE) after the commit. Authorization happened before (routes + policies); these
 * check what only the data can say (fixed lists, positions in range, cover among the card's attachments...).
 * Locks: board row, then lists in id order, then cards; every path takes them in that order.
 */
import {
  type ActivityUpsertInput,
  type Actor,
  type AttachmentUpsertInput,
  BOARD_ERRORS,
  type CardMoveInput,
  type CardReorderInput,
  type CardReviewInput,
  type CardUpsertInput,
  type CheckListItemUpsertInput,
  type CheckListUpsertInput,
  type LabelUpsertInput,
  staffAction,
} from '@rainmakers/contracts';
import {
  badRequest,
  conflict,
  fieldError,
  foreignKeyViolation,
  notFound,
  type Publish,
  uniqueViolation,
  withEvents,
} from '@rainmakers/kit';
import type { BoardDeps } from '../deps';
import {
  attachmentActivity,
  checklistItemActivity,
  commentActivity,
  createdActivity,
  dueDateActivity,
  movedActivity,
  moveReopensReview,
  renamedActivity,
  reviewedActivity,
  reviewRefusal,
} from '../domain/activity';
import { type DueDateChange, dueDateChange } from '../domain/due-dates';
import { canAddLabel, colorIsFree } from '../domain/labels';
import { commentTargets, entersList, excerpt } from '../domain/notifications';
import { changedPlacements, closeGap, moveAcrossLists, type Placement, reorderWithinList } from '../domain/positions';
import { type BoardRef, isMentionable, isReviewedMember, isReviewer } from '../policies';
import { clearReview, insertActivity, lockCardForReview, setReview } from '../store/activity';
import {
  clearBoard,
  copyBoardContent,
  deleteList as deleteListRow,
  ensureTemplate,
  insertList,
  lockBoard,
  lockLists,
  renameList,
} from '../store/boards';
import {
  addCardLabel,
  attachmentUrlsOfCard,
  cardOrder,
  checkItemContext,
  clearCoverIfUnattached,
  deleteAttachmentRow,
  deleteCardRow,
  deleteChecklistItemRow,
  deleteChecklistRow,
  deleteCommentRow,
  insertAttachment,
  insertCard,
  insertChecklist,
  insertChecklistItem,
  insertComment,
  insertLabel,
  labelsOfBoard,
  lockCard,
  lockCardDueAt,
  readCard,
  removeCardLabel,
  setPlacements,
  updateAttachment,
  updateCard,
  updateChecklist,
  updateChecklistItem,
  updateComment,
  updateLabel,
} from '../store/cards';
import type { BoardTx } from '../store/db';
import { coachIds, insertNotifications, type NewNotification } from '../store/notifications';
import { findPeople, findPerson } from '../store/people';
import { FOR_REVIEW_LIST_NAME } from '../store/review';
import { MASTER_TEMPLATE_NAME } from './access';

/** `notify` stores notifications in the transaction; their people hear of it after the commit. */
type Work<R> = (
  trx: BoardTx,
  publish: Publish,
  notify: (rows: readonly NewNotification[]) => Promise<void>,
) => Promise<R>;

/** One transaction on one board; the board's watchers (and anyone notified) hear of it after the commit. */
function onBoard<R>(deps: BoardDeps, boardId: number, type: string, work: Work<R>): Promise<R> {
  return withEvents(deps.db, deps.events, async (trx, { publish, afterCommit }) => {
    const told = new Set<number>();
    const result = await work(trx, publish, async (rows) => {
      await insertNotifications(trx, rows);
      for (const row of rows) told.add(row.userId);
    });
    afterCommit(() => deps.changes.changed(boardId, type));
    if (told.size > 0) afterCommit(() => deps.changes.notificationsChanged([...told]));
    return result;
  });
}

/**
 * A delete by staff (an admin or coach) on someone else's board, or on the Master Template, goes to the users
 * service's audit log (audit.recorded, in the delete's transaction), with the names as they are now.
 */
async function auditStaffDelete(
  trx: BoardTx,
  publish: Publish,
  actor: Actor | undefined,
  board: BoardRef,
  action: 'board.list-delete' | 'board.card-delete',
  subject: { type: 'list' | 'card'; id: number; name: string | null; list?: string | null },
): Promise<void> {
  if (!actor || board.userId === actor.userId) return;
  const people = await findPeople(trx, [actor.userId, ...(board.userId === null ? [] : [board.userId])]);
  const owner = board.userId === null ? MASTER_TEMPLATE_NAME : (people.get(board.userId)?.fullName ?? null);
  const before = { title: subject.name, owner, ...(subject.list ? { list: subject.list } : {}) };
  const data = staffAction(actor, action, subject, { before, after: null }, people.get(actor.userId)?.fullName ?? null);
  await publish('audit.recorded', data);
}

// ---------------------------------------------------------------------------------------------------------
// Lists

export async function upsertList(
  deps: BoardDeps,
  board: BoardRef,
  input: { id?: number | undefined; name: string },
): Promise<{ id: number; isNew: boolean }> {
  return onBoard(deps, board.id, input.id ? 'list.updated' : 'list.created', async (trx) => {
    if (input.id === undefined) return { id: await insertList(trx, board.id, input.name), isNew: true };
    const [list] = await lockLists(trx, [input.id]);
    if (!list || list.board_id !== board.id) throw notFound(BOARD_ERRORS.listNotFound);
    if (list.fixed && list.name !== input.name) throw fieldError('name', BOARD_ERRORS.fixedListRename);
    await renameList(trx, list.id, input.name);
    return { id: list.id, isNew: false };
  });
}

export async function removeList(deps: BoardDeps, board: BoardRef, listId: number, actor?: Actor): Promise<void> {
  await onBoard(deps, board.id, 'list.deleted', async (trx, publish) => {
    const [list] = await lockLists(trx, [listId]);
    if (!list || list.board_id !== board.id) throw notFound(BOARD_ERRORS.listNotFound);
    if (list.fixed) throw badRequest(BOARD_ERRORS.fixedList);
    await deleteListRow(trx, listId);
    await auditStaffDelete(trx, publish, actor, board, 'board.list-delete', {
      type: 'list',
      id: listId,
      name: list.name,
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Card positions

const outOfRange = () => badRequest(BOARD_ERRORS.positionOutOfRange);

/** POST card/reorder: the card at startPosition goes to endPosition; the cards between shift by one. */
export async function reorderCards(deps: BoardDeps, board: BoardRef, input: CardReorderInput): Promise<Placement[]> {
  return onBoard(deps, board.id, 'card.moved', async (trx) => {
    const [list] = await lockLists(trx, [input.ListId]);
    if (!list || list.board_id !== board.id) throw notFound(BOARD_ERRORS.listNotFound);
    const cards = await cardOrder(trx, list.id);
    const result = reorderWithinList(
      list.id,
      cards.map((c) => c.id),
      input.startPosition,
      input.endPosition,
    );
    if (!result.ok) throw outOfRange();
    const current = new Map(cards.map((c) => [c.id, { listId: list.id, position: c.position }]));
    await setPlacements(trx, changedPlacements(result.placements, current));
    return result.placements;
  });
}

/**
 * POST card/move. The card is named by id; it must still be on sourceListId (409 otherwise: another tab moved
 * it), and positionOnSourceList is informative (the card's real place counts). The destination position may be
 * the end of the list (its count).
 */
export async function moveCard(
  deps: BoardDeps,
  board: BoardRef,
  actor: Actor,
  input: CardMoveInput,
): Promise<Placement[]> {
  return onBoard(deps, board.id, 'card.moved', async (trx, publish, notify) => {
    const lists = await lockLists(trx, [input.sourceListId, input.destListId]);
    const source = lists.find((l) => l.id === input.sourceListId);
    const dest = lists.find((l) => l.id === input.destListId);
    if (!source || source.board_id !== board.id || !dest || dest.board_id !== board.id) {
      throw notFound(BOARD_ERRORS.listNotFound);
    }
    const sourceCards = await cardOrder(trx, source.id);
    if (!sourceCards.some((c) => c.id === input.cardId)) throw conflict(BOARD_ERRORS.cardMoved);
    const destCards = source.id === dest.id ? sourceCards : await cardOrder(trx, dest.id);
    const result = moveAcrossLists(
      { id: source.id, ordered: sourceCards.map((c) => c.id) },
      { id: dest.id, ordered: destCards.map((c) => c.id) },
      input.cardId,
      input.positionOnDestList,
    );
    if (!result.ok) throw outOfRange();
    const current = new Map([
      ...sourceCards.map((c) => [c.id, { listId: source.id, position: c.position }] as const),
      ...destCards.map((c) => [c.id, { listId: dest.id, position: c.position }] as const),
    ]);
    await setPlacements(trx, changedPlacements(result.placements, current));
    await insertActivity(trx, input.cardId, actor.userId, [movedActivity(source, dest)]);
    // Back in FOR REVIEW, the card waits for a new review (decisions.md, "Reviews and card history").
    if (moveReopensReview(source.id, dest)) await clearReview(trx, input.cardId);
    // Analytics counts moves from one list to another (a reorder within a list is not progress).
    if (source.id !== dest.id) {
      await publish('board.card-moved', {
        cardId: input.cardId,
        boardUserId: board.userId,
        actorId: actor.userId,
        fromListId: source.id,
        toListId: dest.id,
        at: new Date().toISOString(),
      });
    }
    // A member putting her card up for review tells every coach; other moves read nothing more.
    const ownerId = board.userId;
    const owner =
      ownerId !== null && ownerId === actor.userId && entersList(source.id, dest, FOR_REVIEW_LIST_NAME)
        ? await findPerson(trx, ownerId)
        : null;
    if (owner && isReviewedMember(owner)) {
      const coaches = await coachIds(trx, actor.userId);
      await notify(
        coaches.map((userId) => ({
          userId,
          kind: 'review',
          cardId: input.cardId,
          boardOwnerId: owner.userId,
          actorId: actor.userId,
          actorName: owner.fullName,
          text: '',
        })),
      );
    }
    return result.placements;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Cards

/** The cover must be the file of an attachment of the card (every uploaded file is an image), or null. */
async function checkCover(trx: BoardTx, cardId: number | null, cover: string | null | undefined): Promise<void> {
  if (cover === undefined || cover === null) return;
  const urls = cardId === null ? [] : await attachmentUrlsOfCard(trx, cardId);
  if (!urls.includes(cover)) throw fieldError('coverPhotoUrl', BOARD_ERRORS.coverNotAttachment);
}

export async function upsertCard(
  deps: BoardDeps,
  board: BoardRef,
  actor: Actor,
  input: CardUpsertInput,
): Promise<{ id: number; isNew: boolean; dueChange: DueDateChange | null }> {
  return onBoard(deps, board.id, input.id ? 'card.updated' : 'card.created', async (trx) => {
    if (input.id !== undefined) {
      // ListId and position are ignored on an update (card/move and card/reorder place cards). The card row is
      // locked first only when a cover must be checked against its attachments; otherwise the UPDATE takes the same
      // row lock itself and answers the title it replaced (one statement, not two), or nothing when the card is gone.
      if (typeof input.coverPhotoUrl === 'string') {
        if (!(await lockCard(trx, input.id))) throw notFound(BOARD_ERRORS.cardNotFound);
        await checkCover(trx, input.id, input.coverPhotoUrl);
      }
      // A sent dueAt reads the old one under the row lock first: the one place a due-date change shows (old vs
      // new), where the card's history can record it. Reminders re-arm by themselves (keyed by the due date).
      let dueChange: DueDateChange | null = null;
      if (input.dueAt !== undefined) {
        const before = await lockCardDueAt(trx, input.id);
        if (!before) throw notFound(BOARD_ERRORS.cardNotFound);
        dueChange = dueDateChange(before.dueAt, input.dueAt);
      }
      const updated = await updateCard(trx, input.id, {
        title: input.title,
        description: input.description,
        coverPhotoUrl: input.coverPhotoUrl,
        dueAt: input.dueAt,
      });
      if (!updated) throw notFound(BOARD_ERRORS.cardNotFound);
      await insertActivity(trx, input.id, actor.userId, [
        renamedActivity(updated.oldTitle, input.title),
        dueChange && dueDateActivity(dueChange.before, dueChange.after),
      ]);
      return { id: input.id, isNew: false, dueChange };
    }
    const [list] = await lockLists(trx, [input.ListId]);
    if (!list || list.board_id !== board.id) throw notFound(BOARD_ERRORS.listNotFound);
    await checkCover(trx, null, input.coverPhotoUrl);
    const count = (await cardOrder(trx, list.id)).length;
    const id = await insertCard(trx, {
      listId: list.id,
      title: input.title,
      description: input.description ?? '',
      position: count,
      dueAt: input.dueAt ?? null,
    });
    const dueChange = dueDateChange(null, input.dueAt ?? null);
    await insertActivity(trx, id, actor.userId, [
      createdActivity(list.name),
      dueChange && dueDateActivity(dueChange.before, dueChange.after),
    ]);
    return { id, isNew: true, dueChange };
  });
}

export async function removeCard(
  deps: BoardDeps,
  board: BoardRef,
  cardId: number,
  listId: number,
  actor?: Actor,
): Promise<void> {
  await onBoard(deps, board.id, 'card.deleted', async (trx, publish) => {
    const [list] = await lockLists(trx, [listId]);
    const cards = list ? await cardOrder(trx, list.id) : [];
    // Moved or deleted meanwhile.
    if (!list || !cards.some((c) => c.id === cardId)) throw conflict(BOARD_ERRORS.cardMoved);
    const card = await readCard(trx, cardId);
    await deleteCardRow(trx, cardId);
    await auditStaffDelete(trx, publish, actor, board, 'board.card-delete', {
      type: 'card',
      id: cardId,
      name: card?.title ?? null,
      list: list.name,
    });
    const remaining = cards.filter((c) => c.id !== cardId);
    const current = new Map(remaining.map((c) => [c.id, { listId: list.id, position: c.position }]));
    await setPlacements(
      trx,
      changedPlacements(
        closeGap(
          list.id,
          remaining.map((c) => c.id),
        ),
        current,
      ),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------
// Reset to the Master Template

export async function resetBoard(deps: BoardDeps, board: BoardRef): Promise<void> {
  if (board.isTemplate) throw badRequest(BOARD_ERRORS.templateReset);
  await onBoard(deps, board.id, 'board.reset', async (trx) => {
    const template = await ensureTemplate(trx);
    await lockBoard(trx, board.id);
    await clearBoard(trx, board.id);
    await copyBoardContent(trx, template.id, board.id);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Labels

export async function upsertLabel(
  deps: BoardDeps,
  board: BoardRef,
  input: LabelUpsertInput,
): Promise<{ id: number; isNew: boolean }> {
  try {
    return await onBoard(deps, board.id, 'label.saved', async (trx) => {
      // The board row serializes label changes: the count and the colours are checked against a stable set.
      await lockBoard(trx, board.id);
      const labels = await labelsOfBoard(trx, board.id);
      if (input.id !== undefined && !labels.some((l) => l.id === input.id)) throw notFound(BOARD_ERRORS.labelNotFound);
      if (input.id === undefined && !canAddLabel(labels.length)) throw badRequest(BOARD_ERRORS.tooManyLabels);
      if (!colorIsFree(labels, input.color, input.id ?? null)) throw fieldError('color', BOARD_ERRORS.colorTaken);
      if (input.id !== undefined) {
        await updateLabel(trx, input.id, input.name, input.color);
        return { id: input.id, isNew: false };
      }
      return { id: await insertLabel(trx, board.id, input.name, input.color), isNew: true };
    });
  } catch (error) {
    if (uniqueViolation(error)) throw fieldError('color', BOARD_ERRORS.colorTaken);
    throw error;
  }
}

export async function setCardLabel(
  deps: BoardDeps,
  board: BoardRef,
  cardId: number,
  labelId: number,
  on: boolean,
): Promise<void> {
  await onBoard(deps, board.id, on ? 'label.added' : 'label.removed', async (trx) => {
    if (!(await lockCard(trx, cardId))) throw notFound(BOARD_ERRORS.cardNotFound);
    if (on) await addCardLabel(trx, cardId, labelId);
    else await removeCardLabel(trx, cardId, labelId);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Attachments

export async function upsertAttachment(
  deps: BoardDeps,
  board: BoardRef,
  actor: Actor,
  input: AttachmentUpsertInput,
): Promise<number> {
  return onBoard(deps, board.id, 'attachment.saved', async (trx) => {
    if (!(await lockCard(trx, input.CardId))) throw notFound(BOARD_ERRORS.cardNotFound);
    if (input.id === undefined) {
      const id = await insertAttachment(trx, input.CardId, input.fileUrl, input.fileName);
      await insertActivity(trx, input.CardId, actor.userId, [attachmentActivity(input.fileName)]);
      return id;
    }
    await updateAttachment(trx, input.id, input.fileUrl, input.fileName);
    return input.id;
  });
}

/** Deleting the attachment that is the cover clears the cover (spec §4), in the same transaction. */
export async function removeAttachment(
  deps: BoardDeps,
  board: BoardRef,
  attachment: { id: number; card_id: number; file_url: string },
): Promise<void> {
  await onBoard(deps, board.id, 'attachment.deleted', async (trx) => {
    if (!(await lockCard(trx, attachment.card_id))) throw notFound(BOARD_ERRORS.attachmentNotFound);
    await deleteAttachmentRow(trx, attachment.id);
    await clearCoverIfUnattached(trx, attachment.card_id, attachment.file_url);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Comments

/**
 * A new comment, or the author's edit of one. Mentions name coaches only (the picker lists coaches); a new
 * comment that mentions someone publishes board.comment-mentioned in its transaction (the mail worker e-mails
 * them). An edit changes the text only: mentions and e-mails stay those of the first post.
 */
export async function upsertComment(
  deps: BoardDeps,
  board: BoardRef,
  actor: Actor,
  card: { id: number; title: string },
  input: ActivityUpsertInput,
): Promise<number> {
  if (input.id !== undefined) {
    const id = input.id;
    await onBoard(deps, board.id, 'comment.updated', (trx) => updateComment(trx, id, input.comment));
    return id;
  }
  const people = await findPeople(deps.db, [
    ...input.mentionedUsers,
    actor.userId,
    ...(board.userId ? [board.userId] : []),
  ]);
  const notCoach = input.mentionedUsers.filter((id) => {
    const person = people.get(id);
    return !person || !isMentionable(person);
  });
  if (notCoach.length > 0) throw fieldError('mentionedUsers', BOARD_ERRORS.mentionNotCoach);
  return onBoard(deps, board.id, 'comment.created', async (trx, publish, notify) => {
    if (!(await lockCard(trx, card.id))) throw notFound(BOARD_ERRORS.cardNotFound);
    const id = await insertComment(trx, {
      cardId: card.id,
      authorId: actor.userId,
      comment: input.comment,
      mentionedUserIds: input.mentionedUsers,
    });
    await insertActivity(trx, card.id, actor.userId, [commentActivity(input.comment)]);
    const targets = commentTargets({
      authorId: actor.userId,
      authorIsReviewer: isReviewer(actor),
      ownerId: board.isTemplate ? null : board.userId,
      mentionedUserIds: input.mentionedUsers,
    });
    const ownerId = board.userId;
    if (ownerId !== null) {
      const text = excerpt(input.comment);
      const actorName = people.get(actor.userId)?.fullName ?? '';
      await notify(
        targets.map((t) => ({ ...t, cardId: card.id, boardOwnerId: ownerId, actorId: actor.userId, actorName, text })),
      );
    }
    if (input.mentionedUsers.length > 0 && board.userId !== null) {
      await publish('board.comment-mentioned', {
        commentId: id,
        cardId: card.id,
        cardTitle: card.title,
        boardUserId: board.userId,
        memberName: people.get(board.userId)?.fullName ?? 'A member',
        authorId: actor.userId,
        authorName: people.get(actor.userId)?.fullName ?? 'A member',
        comment: input.comment,
        mentionedUserIds: input.mentionedUsers,
      });
    }
    return id;
  });
}

/** Deletes a comment (its author's, or any for an admin: the route decided); its mentions go with it. */
export async function removeComment(deps: BoardDeps, board: BoardRef, comment: { id: number; card_id: number }) {
  await onBoard(deps, board.id, 'comment.deleted', async (trx) => {
    if (!(await lockCard(trx, comment.card_id))) throw notFound(BOARD_ERRORS.activityNotFound);
    await deleteCommentRow(trx, comment.id);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Checklists

export async function upsertChecklist(deps: BoardDeps, board: BoardRef, input: CheckListUpsertInput): Promise<number> {
  return onBoard(deps, board.id, 'checklist.saved', async (trx) => {
    if (input.id !== undefined) {
      await updateChecklist(trx, input.id, input.title);
      return input.id;
    }
    if (!(await lockCard(trx, input.CardId))) throw notFound(BOARD_ERRORS.cardNotFound);
    return insertChecklist(trx, input.CardId, input.title);
  });
}

export async function removeChecklist(deps: BoardDeps, board: BoardRef, id: number): Promise<void> {
  await onBoard(deps, board.id, 'checklist.deleted', (trx) => deleteChecklistRow(trx, id));
}

export async function upsertChecklistItem(
  deps: BoardDeps,
  board: BoardRef,
  actor: Actor,
  input: CheckListItemUpsertInput,
): Promise<number> {
  try {
    return await onBoard(deps, board.id, 'checklist.saved', async (trx) => {
      // Only an item ticked done makes history, so only then is its card and earlier state read.
      const context = input.completed
        ? await checkItemContext(
            trx,
            input.id === undefined ? { checklistId: input.CheckListId } : { itemId: input.id },
          )
        : null;
      let id = input.id;
      if (id !== undefined) await updateChecklistItem(trx, id, input.title, input.completed);
      else id = await insertChecklistItem(trx, input.CheckListId, input.title, input.completed);
      if (context) {
        const done = checklistItemActivity(context.wasDone, input.completed, input.title, context.checklist);
        await insertActivity(trx, context.cardId, actor.userId, [done]);
      }
      return id;
    });
  } catch (error) {
    // The checklist was deleted between the check and the insert.
    if (foreignKeyViolation(error)) throw notFound(BOARD_ERRORS.checklistNotFound);
    throw error;
  }
}

export async function removeChecklistItem(deps: BoardDeps, board: BoardRef, id: number): Promise<void> {
  await onBoard(deps, board.id, 'checklist.saved', (trx) => deleteChecklistItemRow(trx, id));
}

// ---------------------------------------------------------------------------------------------------------
// Reviews (decisions.md, "Reviews and card history")

/**
 * A coach's (or admin's) review of a card waiting in FOR REVIEW: the card leaves the queue, the review is in its
 * history, the comment (if any) is posted as the reviewer's, and the owner is told once: one 'reviewed'
 * notification carrying the comment (not a 'reply' besides) and board.card-reviewed for the e-mail. Refused with
 * 409 when the card is not in FOR REVIEW or has been reviewed meanwhile (two coaches at once: the second is told).
 */
export async function reviewCard(
  deps: BoardDeps,
  board: BoardRef,
  actor: Actor,
  input: CardReviewInput,
): Promise<void> {
  const ownerId = board.userId;
  if (ownerId === null) throw notFound(BOARD_ERRORS.cardNotFound);
  const people = await findPeople(deps.db, [actor.userId, ownerId]);
  const reviewerName = people.get(actor.userId)?.fullName ?? '';
  await onBoard(deps, board.id, 'card.reviewed', async (trx, publish, notify) => {
    const card = await lockCardForReview(trx, input.cardId);
    if (!card) throw notFound(BOARD_ERRORS.cardNotFound);
    const refusal = reviewRefusal({
      inForReview: card.listFixed && card.listName === FOR_REVIEW_LIST_NAME,
      reviewedAt: card.reviewedAt,
    });
    if (refusal) throw conflict(BOARD_ERRORS[refusal]);
    const at = new Date();
    await setReview(trx, input.cardId, actor.userId, at);
    if (input.comment) {
      await insertComment(trx, {
        cardId: input.cardId,
        authorId: actor.userId,
        comment: input.comment,
        mentionedUserIds: [],
      });
    }
    // The review is written last, so it reads first in the history (newest first, the same instant).
    await insertActivity(trx, input.cardId, actor.userId, [
      input.comment ? commentActivity(input.comment) : null,
      reviewedActivity(input.comment),
    ]);
    if (ownerId !== actor.userId) {
      await notify([
        {
          userId: ownerId,
          kind: 'reviewed',
          cardId: input.cardId,
          boardOwnerId: ownerId,
          actorId: actor.userId,
          actorName: reviewerName,
          text: input.comment ? excerpt(input.comment) : '',
        },
      ]);
      await publish('board.card-reviewed', {
        cardId: input.cardId,
        cardTitle: card.title,
        boardUserId: ownerId,
        reviewerId: actor.userId,
        reviewerName,
        comment: input.comment ?? null,
        reviewedAt: at.toISOString(),
      });
    }
  });
}

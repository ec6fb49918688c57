/**
 * A card's history and its review: which entry a change makes (or none), and whether a card can be reviewed.
 * Pure: the commands call these with the values before and after, and store what they return in the change's
 * transaction (decisions.md, "Reviews and card history").
 */
import {
  CARD_ACTIVITY_EXCERPT_LENGTH,
  type CardActivityDetails,
  type CardActivityType,
  FOR_REVIEW_LIST_NAME,
} from '@rainmakers/contracts';
import { entersList, excerpt } from './notifications';

/** An entry to record: its type and the particulars that type carries (contracts' cardActivityEntrySchema). */
export type NewActivity = { [T in CardActivityType]: { type: T; details: CardActivityDetails<T> } }[CardActivityType];

export const createdActivity = (listName: string): NewActivity => ({ type: 'created', details: { list: listName } });

/** A move to another list (by list names); a reorder within the list is no history. */
export function movedActivity(
  from: { id: number; name: string },
  to: { id: number; name: string },
): NewActivity | null {
  return from.id === to.id ? null : { type: 'moved', details: { from: from.name, to: to.name } };
}

export function renamedActivity(from: string, to: string): NewActivity | null {
  return from === to ? null : { type: 'renamed', details: { from, to } };
}

/**
 * The due date's change, for the card upsert that sets `dueAt` (old and new values; null = no due date): set,
 * changed or cleared, or nothing when it stays the same instant.
 */
export function dueDateActivity(from: Date | null, to: Date | null): NewActivity | null {
  if (from === null && to === null) return null;
  if (from !== null && to !== null && from.getTime() === to.getTime()) return null;
  const details = { from: from?.toISOString() ?? null, to: to?.toISOString() ?? null };
  if (from === null) return { type: 'due.set', details };
  if (to === null) return { type: 'due.cleared', details };
  return { type: 'due.changed', details };
}

/** A check item becoming done (`wasDone` null for a new item); unticking one is no history. */
export function checklistItemActivity(
  wasDone: boolean | null,
  done: boolean,
  item: string,
  checklist: string,
): NewActivity | null {
  return done && wasDone !== true ? { type: 'checklist.item-done', details: { item, checklist } } : null;
}

export const commentActivity = (comment: string): NewActivity => ({
  type: 'comment.added',
  details: { excerpt: excerpt(comment, CARD_ACTIVITY_EXCERPT_LENGTH) },
});

export const attachmentActivity = (fileName: string): NewActivity => ({
  type: 'attachment.added',
  details: { fileName },
});

export const reviewedActivity = (comment: string | undefined): NewActivity => ({
  type: 'reviewed',
  details: { comment: comment ? excerpt(comment, CARD_ACTIVITY_EXCERPT_LENGTH) : null },
});

/** Why a card cannot be reviewed now, or null: it must wait in FOR REVIEW and not be reviewed already. */
export function reviewRefusal(card: {
  inForReview: boolean;
  reviewedAt: Date | null;
}): 'notWaitingForReview' | 'alreadyReviewed' | null {
  if (!card.inForReview) return 'notWaitingForReview';
  return card.reviewedAt === null ? null : 'alreadyReviewed';
}

/**
 * Whether a move clears the card's review: entering FOR REVIEW from another list puts it back in the queue (a
 * reorder within FOR REVIEW keeps the review).
 */
export const moveReopensReview = (sourceListId: number, dest: { id: number; name: string; fixed: boolean }) =>
  entersList(sourceListId, dest, FOR_REVIEW_LIST_NAME);

/**
 * The board's constants and texts, read by the board service and the web.
 *
 * No zod and no other import with a runtime cost: the web imports this file (`@rainmakers/contracts/board-constants`)
 * into the board's first load.
 */

/** Every board has these lists, in this order (positions 0..6); they can never be deleted or renamed. */
export const FIXED_LIST_NAMES = [
  'NOT STARTED',
  'IN PROGRESS',
  'COMPLETED',
  'ON HOLD',
  'FOR REVIEW',
  'FUTURE ACTIONS',
  'PERSONAL NOTES',
] as const;
export type FixedListName = (typeof FIXED_LIST_NAMES)[number];

/** Total progress counts COMPLETED cards over the cards of these lists (spec §5). */
export const PROGRESS_LIST_NAMES = ['NOT STARTED', 'IN PROGRESS', 'COMPLETED', 'ON HOLD'] as const;
export const COMPLETED_LIST_NAME = 'COMPLETED';
/** The list a member puts a card in for her coach's review (the review queue, 'Mark reviewed'). */
export const FOR_REVIEW_LIST_NAME = 'FOR REVIEW';

export const LABEL_COLORS = [
  'red-200',
  'pink-200',
  'purple-200',
  'blue-200',
  'green-200',
  'yellow-200',
  'yellow-400',
  'gray-200',
  'indigo-200',
  'purple-400',
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/**
 * 'Create new label' is offered only while a board has fewer than this many labels (spec §5, §9); the server
 * refuses a new label at this count. Colours are unique per board, so in practice ten is the most (decisions.md).
 */
export const LABEL_CREATE_LIMIT = 11;

/** Card positions are zero-based; a new card goes to the list's count, a new list to the highest position + 1. */
export const FIRST_CARD_POSITION = 0;

/** localStorage flag that hides the 'Welcome To The New MTN Tool 2.0' dialog. */
export const DONT_SHOW_MTN_UPGRADE_KEY = 'dontShowMTNUpgrade';
export const MTN_WELCOME_TITLE = 'Welcome To The New MTN Tool 2.0';

/** The toasts of spec §8 that belong to the board. */
export const BOARD_TOASTS = {
  reset: 'MTN reset successfully',
  cardRemoved: 'Card removed successfully',
  cardMoved: 'Card moved',
  cardUpdated: 'Card updated',
  listAdded: 'List added',
  labelUpdated: 'Label updated',
  labelAdded: 'Added label',
  labelRemoved: 'Removed label from card',
  attachmentAdded: 'Attachment added',
  attachmentDeleted: 'Attachment deleted',
  commentAdded: 'Comment added',
  checklistAdded: 'Checklist added',
  checklistUpdated: 'Checklist updated',
  checkItemAdded: 'Check item added',
  checkItemUpdated: 'Check item updated',
  uploadFailed: 'Error uploading file',
} as const;

export const DELETE_CARD_CONFIRMATION = 'Are you sure you want to delete this card?';

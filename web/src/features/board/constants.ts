/**
 * Board constants mirrored from @rainmakers/contracts (board.ts). Importing values from the contracts would pull zod
 * into the download, so they are copied here and checked against the contracts in model.test.ts.
 */
export const FIXED_LIST_NAMES = [
  'NOT STARTED',
  'IN PROGRESS',
  'COMPLETED',
  'ON HOLD',
  'FOR REVIEW',
  'FUTURE ACTIONS',
  'PERSONAL NOTES',
] as const;

/** Total progress counts COMPLETED cards over the cards of these lists (spec part 1 §5). */
export const PROGRESS_LIST_NAMES = ['NOT STARTED', 'IN PROGRESS', 'COMPLETED', 'ON HOLD'] as const;
export const COMPLETED_LIST_NAME = 'COMPLETED';

/** The ten label colours (Tailwind-style names the server stores) and how the screen paints them. */
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
export type LabelColorName = (typeof LABEL_COLORS)[number];

/** Background swatches; every one carries dark text (contrast above 4.5:1 for text-primary). */
export const LABEL_SWATCHES: Record<LabelColorName, { bg: string; name: string }> = {
  'red-200': { bg: '#FECACA', name: 'Red' },
  'pink-200': { bg: '#FBCFE8', name: 'Pink' },
  'purple-200': { bg: '#E9D5FF', name: 'Purple' },
  'blue-200': { bg: '#BFDBFE', name: 'Blue' },
  'green-200': { bg: '#BBF7D0', name: 'Green' },
  'yellow-200': { bg: '#FEF08A', name: 'Yellow' },
  'yellow-400': { bg: '#FACC15', name: 'Gold' },
  'gray-200': { bg: '#E5E7EB', name: 'Grey' },
  'indigo-200': { bg: '#C7D2FE', name: 'Indigo' },
  'purple-400': { bg: '#C084FC', name: 'Violet' },
};

/** 'Create new label' is offered only while a board has fewer labels than this. */
export const LABEL_CREATE_LIMIT = 11;

export const DONT_SHOW_MTN_UPGRADE_KEY = 'dontShowMTNUpgrade';
export const MTN_WELCOME_TITLE = 'Welcome To The New MTN Tool 2.0';
export const DELETE_CARD_CONFIRMATION = 'Are you sure you want to delete this card?';
export const MASTER_TEMPLATE_NAME = 'Master Template';

/** The board's toasts (spec part 1 §8), exact texts. */
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

/** Shown when the server refuses a move (the card goes back to where it was). */
export const MOVE_REFUSED = 'The card could not be moved; it is back where it was.';

/** Read by screen readers, not shown (hints such as "click to edit" inside a button's name). */
export const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

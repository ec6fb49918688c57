/**
 * The board screen's constants: the shared ones come from the zod-free `@rainmakers/contracts/board-constants`
 * (the server reads the same values); the rest are the screen's own.
 */
import type { LabelColor } from '@rainmakers/contracts/board-constants';

export {
  BOARD_TOASTS,
  COMPLETED_LIST_NAME,
  DELETE_CARD_CONFIRMATION,
  DONT_SHOW_MTN_UPGRADE_KEY,
  FIXED_LIST_NAMES,
  FOR_REVIEW_LIST_NAME,
  LABEL_COLORS,
  LABEL_CREATE_LIMIT,
  MTN_WELCOME_TITLE,
  PROGRESS_LIST_NAMES,
} from '@rainmakers/contracts/board-constants';
export type LabelColorName = LabelColor;

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

export const MASTER_TEMPLATE_NAME = 'Master Template';

/** Shown when the server refuses a move (the card goes back to where it was). */
export const MOVE_REFUSED = 'The card could not be moved; it is back where it was.';

/** Phones: one list per screen with the next one peeking in (a share of the scroller, never of the viewport). */
export const COLUMN_WIDTH = { xs: 'calc(100% - 28px)', sm: 288 } as const;

/**
 * The Move the Needle board (spec part 1 §2 board, §3 entities, §4 Board, §5 label/checklist/progress/position
 * rules, §6, §7 "Board", §8 toasts, §9 constants): every payload the web sends to the board service and every
 * answer it reads back. Key names follow the spec (ListId, CardId, LabelId, CheckListId, Cards, Labels,
 * Attachments, Activities, CheckLists, CheckListItems, User, TaggedUsers).
 */
import { z } from 'zod';
import { LABEL_COLORS, LABEL_CREATE_LIMIT } from './board-constants';
import { idParam, isSafeUrl } from './fields';
import { FIELD_REQUIRED } from './messages';
import { UPLOAD_FILE_NAME_PATTERN, UPLOAD_FILES_PATH } from './uploads';

// ---------------------------------------------------------------------------------------------------------
// Constants

export {
  BOARD_TOASTS,
  COMPLETED_LIST_NAME,
  DELETE_CARD_CONFIRMATION,
  DONT_SHOW_MTN_UPGRADE_KEY,
  FIRST_CARD_POSITION,
  FIXED_LIST_NAMES,
  type FixedListName,
  FOR_REVIEW_LIST_NAME,
  LABEL_COLORS,
  LABEL_CREATE_LIMIT,
  type LabelColor,
  MTN_WELCOME_TITLE,
  PROGRESS_LIST_NAMES,
} from './board-constants';

export const labelColorSchema = z.enum(LABEL_COLORS, { error: 'Choose one of the label colours' });

export const BOARD_ERRORS = {
  boardNotFound: 'Board not found',
  listNotFound: 'List not found',
  cardNotFound: 'Card not found',
  labelNotFound: 'Label not found',
  attachmentNotFound: 'Attachment not found',
  activityNotFound: 'Comment not found',
  checklistNotFound: 'Checklist not found',
  checklistItemNotFound: 'Check item not found',
  noBoard: 'The Move the Needle board is not part of your membership',
  fixedList: 'This list cannot be deleted',
  fixedListRename: 'This list cannot be renamed',
  positionOutOfRange: 'Position is out of range',
  cardMoved: 'The card has moved meanwhile; reload the board',
  colorTaken: 'This colour is already used by another label',
  tooManyLabels: `A board can have at most ${LABEL_CREATE_LIMIT} labels`,
  labelOtherBoard: 'The label and the card must be on the same board',
  coverNotAttachment: 'The cover must be an image attached to this card',
  emptyComment: 'Write a comment first',
  mentionNotCoach: 'Only coaches can be mentioned',
  templateReset: 'The Master Template cannot be reset',
  dueAtInvalid: 'Enter the due date as an ISO 8601 date and time with its offset, e.g. 2026-12-01T17:00:00+01:00',
  dueAtRange: 'The due date must be between the years 2000 and 2199',
  notWaitingForReview: 'This card is not waiting for review (it is not in FOR REVIEW)',
  alreadyReviewed: 'This card has been reviewed already',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Field rules

/** Years a due date may fall in: wide enough for any plan, narrow enough that a typo (year 20266) is caught. */
const DUE_AT_MIN = Date.UTC(2000, 0, 1);
const DUE_AT_MAX = Date.UTC(2200, 0, 1);

/** A due date: an ISO 8601 date-time with its offset, answered back as a Date (an instant). */
export const dueAtSchema = z
  .string({ error: BOARD_ERRORS.dueAtInvalid })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: BOARD_ERRORS.dueAtInvalid }))
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), BOARD_ERRORS.dueAtInvalid)
  .refine((date) => date.getTime() >= DUE_AT_MIN && date.getTime() < DUE_AT_MAX, BOARD_ERRORS.dueAtRange);

const id = idParam;
const position = z.coerce
  .number({ error: 'Position must be a number' })
  .int('Position must be a whole number')
  .min(0, BOARD_ERRORS.positionOutOfRange)
  .max(1_000_000, BOARD_ERRORS.positionOutOfRange);
const title = (max: number, what = 'Title') =>
  z
    .string({ error: FIELD_REQUIRED })
    .trim()
    .min(1, FIELD_REQUIRED)
    .max(max, `${what} can be at most ${max} characters`);
/** Markdown text (descriptions): may be empty. */
const markdown = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v ?? undefined);

/** A file stored through POST /upload: `/upload/files/<uuid>.<ext>` (every such file is an image). */
export const uploadedFileUrl = z
  .string({ error: 'Upload a file first' })
  .trim()
  .refine(
    (value) =>
      value.startsWith(UPLOAD_FILES_PATH) && UPLOAD_FILE_NAME_PATTERN.test(value.slice(UPLOAD_FILES_PATH.length)),
    'Attach an image uploaded through /upload',
  );

/** A flag sent as a boolean or as the strings 'true'/'false' (forms). */
const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

// ---------------------------------------------------------------------------------------------------------
// Records sent to the web

/** What the person asking may do with the board and its records (from the service's policies). */
export const boardAbilitiesSchema = z.object({
  /** Add and edit lists, cards, labels, checklists and attachments; reorder and move cards. */
  edit: z.boolean(),
  /** Post comments (the owner, a reviewing coach, admins). */
  comment: z.boolean(),
  /** Delete comments written by others (admins); authors delete their own where they may comment. */
  deleteOthersComments: z.boolean(),
  /** Delete cards (admins). */
  deleteCards: z.boolean(),
  /** Delete lists that are not fixed (admins). */
  deleteLists: z.boolean(),
  /** 'Reset board' (non-admins, own board). */
  reset: z.boolean(),
  /** Offer 'Create new label' (edit, and fewer than LABEL_CREATE_LIMIT labels). */
  createLabel: z.boolean(),
  /** 'Mark reviewed' on the board's cards waiting in FOR REVIEW (the member's coaches, admins). */
  review: z.boolean(),
});
export type BoardAbilities = z.infer<typeof boardAbilitiesSchema>;

export const personRefSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  photoUrl: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

export const labelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: labelColorSchema,
  userId: z.number().int(),
});
export type BoardLabel = z.infer<typeof labelSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  fileUrl: z.string(),
  fileName: z.string(),
  CardId: z.number().int(),
  createdAt: z.string(),
});
export type BoardAttachment = z.infer<typeof attachmentSchema>;

export const activitySchema = z.object({
  id: z.number().int(),
  comment: z.string(),
  CardId: z.number().int(),
  /** The author (null once the person is deleted). */
  User: personRefSchema.nullable(),
  TaggedUsers: z.array(personRefSchema),
  createdAt: z.string(),
});
export type BoardActivity = z.infer<typeof activitySchema>;

export const checkListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  completed: z.boolean(),
  CheckListId: z.number().int(),
});
export type CheckListItem = z.infer<typeof checkListItemSchema>;

export const checkListSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  CardId: z.number().int(),
  CheckListItems: z.array(checkListItemSchema),
  /** Whole-number floor of completed over total items (0 with no items). */
  progress: z.number().int().min(0).max(100),
});
export type CheckList = z.infer<typeof checkListSchema>;

export const cardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  ListId: z.number().int(),
  coverPhotoUrl: z.string().nullable(),
  Labels: z.array(labelSchema),
  Attachments: z.array(attachmentSchema),
  /** Comments, newest first. */
  Activities: z.array(activitySchema),
  CheckLists: z.array(checkListSchema),
  /** When the card is due (ISO 8601, UTC); null: no due date. */
  dueAt: z.string().nullable(),
  /** When a coach or admin reviewed the card in FOR REVIEW (ISO 8601); null until then and once it re-enters FOR REVIEW. */
  reviewedAt: z.string().nullable(),
  /** Who reviewed it (null with reviewedAt). */
  reviewedBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
});
export type BoardCard = z.infer<typeof cardSchema>;

export const listSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  userId: z.number().int(),
  /** One of the seven fixed lists: never deleted or renamed. */
  fixed: z.boolean(),
  /** Cards in (position, id) order. */
  Cards: z.array(cardSchema),
});
export type BoardList = z.infer<typeof listSchema>;

export const boardSummarySchema = z.object({
  userId: z.number().int(),
  /** The owner's full name ('{full name}'s Board'); 'Master Template' for the admins' board. */
  fullName: z.string(),
  isTemplate: z.boolean(),
  /** Spec §5: COMPLETED cards over the cards of the four progress lists, rounded; 0 when none is completed. */
  totalProgress: z.number().int().min(0).max(100),
  labelCount: z.number().int(),
  abilities: boardAbilitiesSchema,
});
export type BoardSummary = z.infer<typeof boardSummarySchema>;

// ---------------------------------------------------------------------------------------------------------
// Calls (spec §7 "Board")

export const boardUserQuerySchema = z.object({ userId: id });

/** GET /api/move-the-needle/list/read-many?userId= */
export const listReadManyResponseSchema = z.object({ lists: z.array(listSchema), board: boardSummarySchema });
export type ListReadManyResponse = z.infer<typeof listReadManyResponseSchema>;

/** POST /api/move-the-needle/list/upsert: a new list (no id) goes to the highest position + 1; an update renames. */
export const listUpsertSchema = z.object({
  id: id.optional(),
  name: title(100, 'Name'),
  /** Ignored: a new list goes last, an update keeps its place (lists have no reorder call). */
  position: z.unknown().optional(),
  userId: id,
});
export type ListUpsertInput = z.infer<typeof listUpsertSchema>;
export const listUpsertResponseSchema = z.object({ list: listSchema, isNew: z.boolean() });

/** POST /api/move-the-needle/card/reorder: the card at startPosition of the list goes to endPosition. */
export const cardReorderSchema = z.object({ ListId: id, startPosition: position, endPosition: position });
export type CardReorderInput = z.infer<typeof cardReorderSchema>;

/** POST /api/move-the-needle/card/move */
export const cardMoveSchema = z.object({
  cardId: id,
  sourceListId: id,
  destListId: id,
  positionOnSourceList: position,
  positionOnDestList: position,
});
export type CardMoveInput = z.infer<typeof cardMoveSchema>;

/** What a reorder or a move changed: every card of the lists touched, with its new position (id order). */
export const cardPlacementsResponseSchema = z.object({
  cards: z.array(z.object({ id: z.number().int(), ListId: z.number().int(), position: z.number().int() })),
});
export type CardPlacementsResponse = z.infer<typeof cardPlacementsResponseSchema>;

/**
 * POST /api/move-the-needle/card/upsert. A new card (no id) goes to the end of ListId (position = the list's
 * count); on an update ListId and position are ignored (card/move and card/reorder place cards), so a dialog
 * closed after another tab moved the card cannot move it back.
 */
export const cardUpsertSchema = z.object({
  id: id.optional(),
  title: title(500),
  description: markdown(20_000),
  ListId: id,
  position: z.unknown().optional(),
  /** null clears the cover; otherwise the fileUrl of an image attached to this card. Absent keeps it. */
  coverPhotoUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isSafeUrl(v), BOARD_ERRORS.coverNotAttachment)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  /** ISO 8601 date-time with an offset (the browser's zone); null clears the due date; absent keeps it. */
  dueAt: dueAtSchema.nullish(),
});
export type CardUpsertInput = z.infer<typeof cardUpsertSchema>;
export const cardUpsertResponseSchema = z.object({ card: cardSchema, isNew: z.boolean() });

/** PUT /api/move-the-needle/reset: body id = the user whose board goes back to the Master Template. */
export const boardResetSchema = z.object({ id });

/** GET /api/move-the-needle/label/read-many?userId= */
export const labelReadManyResponseSchema = z.object({ labels: z.array(labelSchema) });

/** POST /api/move-the-needle/label/upsert: create (no id) or update; a colour is required, the name optional. */
export const labelUpsertSchema = z.object({
  id: id.optional(),
  name: z
    .string({ error: 'Must be text' })
    .trim()
    .max(60, 'Name can be at most 60 characters')
    .nullish()
    .transform((v) => v ?? ''),
  color: labelColorSchema,
  userId: id,
});
export type LabelUpsertInput = z.infer<typeof labelUpsertSchema>;
export const labelUpsertResponseSchema = z.object({ label: labelSchema, isNew: z.boolean() });

/** POST /api/move-the-needle/label/add and /label/remove */
export const cardLabelSchema = z.object({ LabelId: id, CardId: id });

/** POST /api/move-the-needle/attachment/upsert */
export const attachmentUpsertSchema = z.object({
  id: id.optional(),
  fileUrl: uploadedFileUrl,
  fileName: title(255, 'File name'),
  CardId: id,
});
export type AttachmentUpsertInput = z.infer<typeof attachmentUpsertSchema>;
export const attachmentUpsertResponseSchema = z.object({ attachment: attachmentSchema });

/** POST /api/move-the-needle/activity/upsert: a comment, optionally mentioning coaches (user ids). */
export const activityUpsertSchema = z.object({
  id: id.optional(),
  comment: z
    .string({ error: BOARD_ERRORS.emptyComment })
    .trim()
    .min(1, BOARD_ERRORS.emptyComment)
    .max(5000, 'A comment can be at most 5000 characters'),
  CardId: id,
  mentionedUsers: z
    .array(id)
    .max(50, 'Mention at most 50 people')
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type ActivityUpsertInput = z.infer<typeof activityUpsertSchema>;
export const activityUpsertResponseSchema = z.object({ activity: activitySchema });

/** POST /api/move-the-needle/checkList/upsert */
export const checkListUpsertSchema = z.object({ id: id.optional(), title: title(500), CardId: id });
export type CheckListUpsertInput = z.infer<typeof checkListUpsertSchema>;
export const checkListUpsertResponseSchema = z.object({ checklist: checkListSchema });

/** POST /api/move-the-needle/checkListItem/upsert */
export const checkListItemUpsertSchema = z.object({
  id: id.optional(),
  title: title(2000),
  completed: flag.optional().default(false),
  CheckListId: id,
});
export type CheckListItemUpsertInput = z.infer<typeof checkListItemUpsertSchema>;
export const checkListItemUpsertResponseSchema = z.object({ item: checkListItemSchema });

/** DELETE /api/move-the-needle/checkList and /checkListItem: the id travels in the body. */
export const bodyIdSchema = z.object({ id });

/** GET /api/move-the-needle/coaches: the mention picker (the board's copy of people whose role is coach). */
export const coachesResponseSchema = z.object({ coaches: z.array(personRefSchema) });

// ---------------------------------------------------------------------------------------------------------
// Review queue

/** Cards per page of the coaches' review queue: the default and the most one call may ask for. */
export const REVIEW_QUEUE_PAGE_SIZE = 20;
export const REVIEW_QUEUE_MAX_PAGE_SIZE = 50;

/** GET /api/move-the-needle/review-queue?page=&cardsPerPage= */
export const reviewQueueQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').max(1_000_000).default(1),
  cardsPerPage: z.coerce
    .number()
    .int('cardsPerPage must be a whole number')
    .min(1, 'cardsPerPage must be 1 or more')
    .max(REVIEW_QUEUE_MAX_PAGE_SIZE, `cardsPerPage can be at most ${REVIEW_QUEUE_MAX_PAGE_SIZE}`)
    .default(REVIEW_QUEUE_PAGE_SIZE),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

/** One card waiting in a member's FOR REVIEW list. */
export const reviewQueueCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  boardId: z.number().int(),
  /** The member whose board it is (the user id the board page is opened with). */
  ownerId: z.number().int(),
  memberName: z.string(),
  listId: z.number().int(),
  listName: z.string(),
  /** When the card entered its list (ISO 8601): the queue is oldest first. */
  enteredListAt: z.string(),
  latestComment: z
    .object({ id: z.number().int(), text: z.string(), authorName: z.string(), createdAt: z.string() })
    .nullable(),
});
export type ReviewQueueCard = z.infer<typeof reviewQueueCardSchema>;
export const reviewQueueResponseSchema = z.object({ cards: z.array(reviewQueueCardSchema), total: z.number().int() });
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Reviews and card history (decisions.md, "Reviews and card history")

/** Characters of a comment a history entry keeps. */
export const CARD_ACTIVITY_EXCERPT_LENGTH = 140;
/** The most entries GET card/{id}/activity answers (the newest). */
export const CARD_ACTIVITY_LIMIT = 200;

/** POST /api/move-the-needle/card/review: the card leaves the review queue; a comment is posted as the reviewer's. */
export const cardReviewSchema = z.object({
  cardId: id,
  comment: z
    .string({ error: 'Must be text' })
    .trim()
    .max(5000, 'A comment can be at most 5000 characters')
    .nullish()
    .transform((v) => v || undefined),
});
export type CardReviewInput = z.infer<typeof cardReviewSchema>;
export const cardReviewResponseSchema = z.object({ card: cardSchema });
export type CardReviewResponse = z.infer<typeof cardReviewResponseSchema>;

export const CARD_ACTIVITY_TYPES = [
  'created',
  'moved',
  'renamed',
  'due.set',
  'due.changed',
  'due.cleared',
  'reviewed',
  'comment.added',
  'checklist.item-done',
  'attachment.added',
] as const;
export type CardActivityType = (typeof CARD_ACTIVITY_TYPES)[number];

const activityActorSchema = z.object({ id: z.number().int(), fullName: z.string() });
const entry = <T extends CardActivityType, D extends z.ZodType>(type: T, details: D) =>
  z.object({ type: z.literal(type), at: z.string(), actor: activityActorSchema, details });
const fromTo = z.object({ from: z.string(), to: z.string() });
/** Due dates as ISO 8601 instants; `from` null for due.set, `to` null for due.cleared. */
const dueFromTo = z.object({ from: z.string().nullable(), to: z.string().nullable() });

/** One entry of a card's history: what happened (`type`), when (`at`, ISO 8601), who did it and the particulars. */
export const cardActivityEntrySchema = z.discriminatedUnion('type', [
  entry('created', z.object({ list: z.string() })),
  entry('moved', fromTo),
  entry('renamed', fromTo),
  entry('due.set', dueFromTo),
  entry('due.changed', dueFromTo),
  entry('due.cleared', dueFromTo),
  entry('reviewed', z.object({ comment: z.string().nullable() })),
  entry('comment.added', z.object({ excerpt: z.string() })),
  entry('checklist.item-done', z.object({ item: z.string(), checklist: z.string() })),
  entry('attachment.added', z.object({ fileName: z.string() })),
]);
export type CardActivityEntry = z.infer<typeof cardActivityEntrySchema>;
export type CardActivityDetails<T extends CardActivityType> = Extract<CardActivityEntry, { type: T }>['details'];
/** GET /api/move-the-needle/card/{id}/activity: the newest CARD_ACTIVITY_LIMIT entries, newest first. */
export const cardActivityResponseSchema = z.object({ activity: z.array(cardActivityEntrySchema) });
export type CardActivityResponse = z.infer<typeof cardActivityResponseSchema>;

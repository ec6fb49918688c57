/**
 * Notifications: what the board service stores for a person when a coach is mentioned, a coach replies
 * on a member's card, or a member puts a card in FOR REVIEW; the bell reads them, marks them read and hears of
 * changes to the unread count over GET /api/notifications/events. Also the per-person e-mail setting.
 */
import { z } from 'zod';
import { idParam } from './fields';

/**
 * 'due-soon' and 'overdue': the reminders of a card's due date, to the board's owner (actorName: the board).
 * 'module-opened', 'lesson-reply' and 'lesson-mention': learning notices from the courses service (events.ts
 * learningNoticeSchema); they carry no card.
 */
export const NOTIFICATION_KINDS = [
  'mention',
  'reply',
  'review',
  'reviewed',
  'due-soon',
  'overdue',
  'module-opened',
  'lesson-reply',
  'lesson-mention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A card on its owner's board: the board page opens the card named in `card` (own board: it forwards). */
export const cardPath = (boardUserId: number, cardId: number): string =>
  `/move-the-needle/${boardUserId}?card=${cardId}`;

/** Notifications per page: the default and the most one call may ask for. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;
/** The most ids one POST /api/notifications/read may name. */
export const NOTIFICATIONS_MAX_READ_IDS = 100;
/** Characters of the comment a notification keeps as its excerpt. */
export const NOTIFICATION_EXCERPT_LENGTH = 140;

/** GET /api/notifications?page=&notificationsPerPage= */
export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').max(1_000_000).default(1),
  notificationsPerPage: z.coerce
    .number()
    .int('notificationsPerPage must be a whole number')
    .min(1, 'notificationsPerPage must be 1 or more')
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, `notificationsPerPage can be at most ${NOTIFICATIONS_MAX_PAGE_SIZE}`)
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The card it is about; null for learning notices. */
  cardId: z.number().int().nullable(),
  /** What it is about: the card's title, or the module's or lesson's for learning notices. */
  cardTitle: z.string(),
  /** The user id the card's board is opened with (/move-the-needle/{boardOwnerId}?card={cardId}); null without a card. */
  boardOwnerId: z.number().int().nullable(),
  /** Where opening it leads: a path of the app (the card on its board, or the lesson). */
  link: z.string(),
  actorName: z.string(),
  /** A short excerpt of the comment ('' for 'review', 'due-soon' and 'overdue'; the reviewer's comment, or '', for 'reviewed'). */
  text: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST /api/notifications/read: these of one's own notifications, or all of them. */
export const notificationsReadSchema = z.union(
  [
    z.object({
      ids: z
        .array(idParam)
        .min(1, 'Name at least one notification')
        .max(NOTIFICATIONS_MAX_READ_IDS, `Mark at most ${NOTIFICATIONS_MAX_READ_IDS} notifications at once`),
    }),
    z.object({ all: z.literal(true) }),
  ],
  { error: 'Send {ids: [...]} or {all: true}' },
);
export type NotificationsReadInput = z.infer<typeof notificationsReadSchema>;
export const unreadCountResponseSchema = z.object({ unreadCount: z.number().int() });

/** GET /api/notifications/settings (and PUT's answer): which e-mails the person gets. */
export const notificationSettingsSchema = z.object({
  emailMentions: z.boolean({ error: 'emailMentions must be true or false' }),
  /** E-mails for due-date reminders (the bell is told either way). */
  emailDueDates: z.boolean({ error: 'emailDueDates must be true or false' }),
  /** An e-mail when a coach reviews one of her cards (the bell is told either way). */
  emailReviews: z.boolean({ error: 'emailReviews must be true or false' }),
  /** The weekly digest e-mail, Monday morning in her zone (docs/decisions.md "Weekly digest"). */
  emailDigest: z.boolean({ error: 'emailDigest must be true or false' }),
  /** E-mails about learning: a module that opened, replies and @mentions in lesson discussions (the bell either way). */
  emailLessons: z.boolean({ error: 'emailLessons must be true or false' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/** PUT /api/notifications/settings: the settings to change (at least one); the others stay. */
export const notificationSettingsUpdateSchema = notificationSettingsSchema
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    error: 'Send at least one of emailMentions, emailDueDates, emailReviews, emailDigest and emailLessons',
    path: ['emailMentions'],
  });
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

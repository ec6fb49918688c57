import { z } from 'zod';
import { auditRecordedSchema, syncRecordedSchema } from './audit';
import { paymentFailedSchema, purchaseCompletedSchema, subscriptionChangedSchema } from './billing';
import { roleSchema } from './roles';

/** Every event on the bus: `{id, type, occurredAt, data}`. */
export const envelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  occurredAt: z.string(),
  data: z.unknown(),
  /** W3C trace context of the request that published the event (only when tracing is on). */
  traceparent: z.string().max(256).optional(),
});
export type EventEnvelope<T = unknown> = {
  id: string;
  type: string;
  occurredAt: string;
  data: T;
  traceparent?: string;
};

export const userChangedSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  photoUrl: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  // Defaults: events written before these fields existed still validate (auth keeps a local copy from them).
  country: z.string().nullable().default(null),
  phoneNumber: z.string().nullable().default(null),
  resources: z.array(z.object({ id: z.number().int(), title: z.string() })).default([]),
  tagIds: z.array(z.number().int()),
  tagNames: z.array(z.string()),
  /** When she gained each tag (ISO 8601), for modules released days after (older events: none). */
  tagGrants: z.array(z.object({ id: z.number().int(), grantedAt: z.string() })).optional(),
  stripeStatus: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  alwaysGrantAccess: z.boolean(),
  createdAt: z.string(),
  /** The colour scheme chosen on /profile (older events: the system's). */
  theme: z.enum(['system', 'light', 'dark']).optional(),
  /** The person's IANA time zone, for dates in the e-mails other services send her (older events: none). */
  timeZone: z.string().nullable().optional(),
  version: z.number().int(),
});
export const userDeletedSchema = z.object({ id: z.number().int() });

/** A tag of the catalogue got a new name: services that keep tag-name snapshots (courses) rename theirs. */
export const tagRenamedSchema = z.object({ id: z.number().int(), name: z.string() });

export const lessonCompletionSchema = z.object({
  userId: z.number().int(),
  lessonId: z.number().int(),
  moduleId: z.number().int(),
  courseId: z.number().int().nullable(),
});

/** A comment on a board card mentioned coaches: each gets an e-mail with a link to the card. */
export const commentMentionedSchema = z.object({
  commentId: z.number().int(),
  cardId: z.number().int(),
  cardTitle: z.string(),
  /** Whose board the card is on. */
  boardUserId: z.number().int(),
  memberName: z.string(),
  authorId: z.number().int(),
  authorName: z.string(),
  comment: z.string(),
  mentionedUserIds: z.array(z.number().int()),
});

/** A card's due date is near ('due-soon') or has passed ('overdue'): its owner is e-mailed (board-mail group). */
export const cardDueSchema = z.object({
  cardId: z.number().int(),
  cardTitle: z.string(),
  /** Whose board the card is on (the person reminded). */
  boardUserId: z.number().int(),
  /** ISO 8601, UTC. */
  dueAt: z.string(),
  kind: z.enum(['due-soon', 'overdue']),
});

/** A coach or admin reviewed a member's card in FOR REVIEW: the owner is e-mailed unless she turned it off. */
export const cardReviewedSchema = z.object({
  cardId: z.number().int(),
  cardTitle: z.string(),
  /** Whose board the card is on (the person told). */
  boardUserId: z.number().int(),
  reviewerId: z.number().int(),
  reviewerName: z.string(),
  /** The comment posted with the review, if any. */
  comment: z.string().nullable(),
  reviewedAt: z.string(),
});

/**
 * An admin asked for an invitation e-mail (a person created without a password, an import, a resend): auth makes
 * a single-use link (its password-reset machinery, kind 'invitation'; older invitation links of the person stop
 * working) and queues the e-mail. `sentAt` is users' invitedAt.
 */
export const userInvitedSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  sentAt: z.string(),
});

/** Someone signed in (password, sign-up, a reset or an invitation link; never a sign-in-as): users' lastSignInAt. */
export const signedInSchema = z.object({ userId: z.number().int(), at: z.string() });

/** A card moved from one list to another on a board (analytics counts board moves and the mover as active). */
export const cardMovedSchema = z.object({
  cardId: z.number().int(),
  /** Whose board (null: the Master Template). */
  boardUserId: z.number().int().nullable(),
  actorId: z.number().int(),
  fromListId: z.number().int(),
  toListId: z.number().int(),
  at: z.string(),
});

/** What a learning notice is about: a module opened to her (drip), or a lesson discussion's reply or @mention. */
export const LEARNING_NOTICE_KINDS = ['module-opened', 'lesson-reply', 'lesson-mention'] as const;
export type LearningNoticeKind = (typeof LEARNING_NOTICE_KINDS)[number];

/**
 * The courses service tells people something about their learning: the board service (which keeps notifications,
 * docs/decisions.md "Notifications live in the board service") stores one notification per person and e-mails her
 * unless she turned lesson e-mails off. `key` names the notice once ('module-opened-{moduleId}-{userId}',
 * 'lesson-comment-{commentId}'): a redelivered event tells nobody twice.
 */
export const learningNoticeSchema = z.object({
  key: z.string().min(1).max(200),
  kind: z.enum(LEARNING_NOTICE_KINDS),
  userIds: z.array(z.number().int()).max(1000),
  /** Who caused it (the comment's author); null for a module that opened on its schedule. */
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  courseTitle: z.string(),
  /** The module's title ('module-opened') or the lesson's (a discussion). */
  title: z.string(),
  /** An excerpt of the comment; '' for 'module-opened'. */
  text: z.string(),
  /** Where the notification leads, a path of the app ('/courses/{slug}/{moduleId}/{lessonId}'). */
  link: z.string().regex(/^\/(?!\/)/, 'A path of the app'),
  lessonId: z.number().int().nullable(),
  moduleId: z.number().int(),
});

/** Event type -> schema of its data. The bus refuses to publish or deliver anything not listed here. */
export const eventSchemas = {
  'users.user-changed': userChangedSchema,
  'users.user-deleted': userDeletedSchema,
  'users.tag-renamed': tagRenamedSchema,
  'users.user-invited': userInvitedSchema,
  'auth.signed-in': signedInSchema,
  'courses.lesson-completed': lessonCompletionSchema,
  'courses.lesson-uncompleted': lessonCompletionSchema,
  'courses.learning-notice': learningNoticeSchema,
  'board.comment-mentioned': commentMentionedSchema,
  'board.card-moved': cardMovedSchema,
  'board.card-due': cardDueSchema,
  'board.card-reviewed': cardReviewedSchema,
  'billing.subscription-changed': subscriptionChangedSchema,
  'billing.purchase-completed': purchaseCompletedSchema,
  'billing.payment-failed': paymentFailedSchema,
  'billing.sync-recorded': syncRecordedSchema,
  // A staff action in any service, written into the users service's audit log.
  'audit.recorded': auditRecordedSchema,
} as const;
export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

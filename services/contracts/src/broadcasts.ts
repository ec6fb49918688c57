/**
 * Broadcasts: an admin e-mails a Markdown message to an audience chosen by roles, tags and payment status; every
 * member may unsubscribe in one click (RFC 8058) and subscribe again on /profile (docs/decisions.md "Broadcasts and
 * unsubscribe").
 */
import { z } from 'zod';
import { ROLES } from './access';

export const BROADCAST_PAYMENTS = ['paying', 'problems', 'none'] as const;
export type BroadcastPayment = (typeof BROADCAST_PAYMENTS)[number];

export const BROADCAST_SUBJECT_MAX = 200;
export const BROADCAST_BODY_MAX = 50_000;

/** Who a broadcast goes to: every listed condition holds (an empty or missing one does not narrow). */
export const broadcastAudienceSchema = z
  .object({
    roles: z
      .array(z.enum(ROLES, { error: `roles must be among ${ROLES.join(', ')}` }))
      .max(ROLES.length)
      .optional(),
    tagIds: z.array(z.number().int().positive()).max(100, 'At most 100 tags').optional(),
    payment: z.enum(BROADCAST_PAYMENTS, { error: 'payment must be paying, problems or none' }).optional(),
  })
  .strict();
export type BroadcastAudience = z.infer<typeof broadcastAudienceSchema>;

export const broadcastSchema = z
  .object({
    subject: z
      .string({ error: 'Enter a subject' })
      .trim()
      .min(1, 'Enter a subject')
      .max(BROADCAST_SUBJECT_MAX, `At most ${BROADCAST_SUBJECT_MAX} characters`)
      .refine((s) => !/[\r\n]/.test(s), 'A subject is one line'),
    body: z
      .string({ error: 'Enter a message' })
      .trim()
      .min(1, 'Enter a message')
      .max(BROADCAST_BODY_MAX, `At most ${BROADCAST_BODY_MAX} characters`),
    audience: broadcastAudienceSchema.default({}),
    /** Answer the recipient count without sending. */
    dryRun: z.boolean().optional(),
  })
  .strict();
export type BroadcastInput = z.infer<typeof broadcastSchema>;

/** POST /api/broadcast/count: how many people an audience reaches now (subscribed members only). */
export const broadcastCountSchema = z.object({ audience: broadcastAudienceSchema.default({}) }).strict();
export const broadcastCountResponseSchema = z.object({ recipients: z.number().int() });

export const BROADCAST_STATES = ['queued', 'sending', 'done', 'failed'] as const;

export const broadcastQueuedSchema = z.object({ jobId: z.string(), recipients: z.number().int() });
export type BroadcastQueued = z.infer<typeof broadcastQueuedSchema>;

export const broadcastStatusSchema = z.object({
  jobId: z.string(),
  subject: z.string(),
  audience: broadcastAudienceSchema,
  status: z.enum(BROADCAST_STATES),
  total: z.number().int(),
  sent: z.number().int(),
  /** Recipients not mailed: the account was deleted or unsubscribed after the broadcast was queued. */
  failures: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type BroadcastStatus = z.infer<typeof broadcastStatusSchema>;

export const broadcastListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(10_000).default(1),
  perPage: z.coerce.number({ error: 'perPage must be a number' }).int().min(1).max(100).default(20),
});

export const broadcastListSchema = z.object({
  broadcasts: z.array(broadcastStatusSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type BroadcastList = z.infer<typeof broadcastListSchema>;

export const BROADCAST_JOB_ID = z.uuid({ error: 'Not a broadcast id' });

/** POST /api/unsubscribe: the signed token of the link (query or form body, as mail clients send it). */
export const unsubscribeSchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(3, 'token is required').max(200, 'token is too long'),
});
export const unsubscribeResponseSchema = z.object({ subscribed: z.boolean() });

/** GET/PUT /api/user/broadcast-settings: her own choice (the switch on /profile). */
export const broadcastSettingsSchema = z
  .object({ subscribed: z.boolean({ error: 'subscribed must be true or false' }) })
  .strict();
export type BroadcastSettings = z.infer<typeof broadcastSettingsSchema>;

export const UNSUBSCRIBED_MESSAGE = "You're unsubscribed from community broadcasts";
export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid.';

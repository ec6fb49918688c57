import { defineServiceConfig, storageConfigShape } from '@rainmakers/kit';
import { z } from 'zod';

const shape = {
  /** The largest import file accepted (bytes); 50,000 rows of a few columns fit well within it. */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Invitation e-mails per person within 24 hours (POST /api/user/invite/{id} answers 429 past it). */
  INVITATIONS_PER_PERSON_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Broadcast e-mails queued per minute at most (the worker paces its batches; SMTP providers cap the rate). */
  BROADCAST_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** The currency of the analytics' money figures (MRR): the community's plans are priced in it. */
  ANALYTICS_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, 'a lower-case ISO 4217 code such as usd')
    .default('usd'),
  /** Object storage (S3_*): import uploads, bulk update lists and import error reports live there, not in Redis. */
  ...storageConfigShape,
  /** Key prefix of the users service's job files in S3_BUCKET (`<prefix><runId>/upload`, `.../errors.csv`). */
  IMPORT_STORAGE_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, 'a key prefix such as user-jobs/')
    .default('user-jobs/'),
};

/** AUTH_SERVICE_ADDR (contracts' PEERS): auth is called to store a password set through the user form. */
export const settings = defineServiceConfig({ name: 'users', shape });
export type Config = ReturnType<typeof settings.load>;
/** Every key it reads (docs/configuration.md is checked against it). */
export const configShape = settings.shape;

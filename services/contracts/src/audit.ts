/**
 * The audit log and the job history, shared by the services that record staff actions, the users
 * service that keeps them, and the web that shows them.
 *
 * - `audit.recorded`: a staff action in another service (courses, resources, board, ...), published through that
 *   service's outbox in the transaction of the change; the users service appends it to its audit log. Names are
 *   captured when the action happens, so a deleted course or a renamed person still reads right.
 * - `billing.sync-recorded`: a Stripe sync started or finished; users keeps it in the job history.
 * - Labels: what the screen and the CSV export show instead of internal action and field names.
 */
import { z } from 'zod';

export * from './audit-labels';
export * from './audit-wording';

/** What an audit entry is about. */
export const AUDIT_SUBJECT_TYPES = [
  'user',
  'tag',
  'job',
  'course',
  'module',
  'lesson',
  'resource',
  'category',
  'banner',
  'site-content',
  'list',
  'card',
  'broadcast',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];
export const auditSubjectTypeSchema = z.enum(AUDIT_SUBJECT_TYPES);

/** The staff actions other services record, by the service that records them. */
export const RECORDED_AUDIT_ACTIONS = [
  'course.create',
  'course.update',
  'course.delete',
  'module.create',
  'module.update',
  'module.delete',
  'lesson.create',
  'lesson.update',
  'lesson.delete',
  'lesson.comment-answer',
  'lesson.comment-hide',
  'resource.create',
  'resource.update',
  'resource.delete',
  'category.create',
  'category.update',
  'category.delete',
  'banner.create',
  'banner.update',
  'banner.delete',
  'site-content.update',
  'board.list-delete',
  'board.card-delete',
] as const;
export type RecordedAuditAction = (typeof RECORDED_AUDIT_ACTIONS)[number];

const auditValues = z.record(z.string(), z.unknown()).nullable();

export const auditRecordedSchema = z.object({
  actorId: z.number().int().positive(),
  actorName: z.string().max(200).nullable(),
  /** The admin behind a sign-in-as, when there was one. */
  impersonatorId: z.number().int().positive().nullable().default(null),
  action: z.enum(RECORDED_AUDIT_ACTIONS),
  subjectType: auditSubjectTypeSchema,
  subjectId: z.string().max(64),
  subjectName: z.string().max(300).nullable(),
  changes: z.object({ before: auditValues, after: auditValues }),
});
export type AuditRecorded = z.infer<typeof auditRecordedSchema>;

/** GET /api/user/audit-log (and audit-log.csv): filters, all optional, kept in the screen's address. */
export const auditQuerySchema = z.object({
  /** The person an entry is about (the member page, the table's "history" link). */
  userId: z.coerce.number().int().positive().optional(),
  actorId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(60).optional(),
  subjectType: auditSubjectTypeSchema.optional(),
  subjectId: z.string().trim().max(64).optional(),
  /** Inclusive day bounds (YYYY-MM-DD, UTC). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The most entries one CSV export holds (the file says when it stopped there). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/**
 * Job history (GET /api/user/jobs) and job status (GET /api/user/jobs/{id}): every job the product runs for people,
 * from the users service's `jobs` table. A job is `queued` from the request that queued it, `running` once a worker
 * took it, then `completed` or `failed`.
 */
export const JOB_KINDS = ['import', 'bulk-update', 'bulk-action', 'stripe-sync'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** A job that will not move again. */
export const isJobFinished = (state: string | undefined): boolean => state === 'completed' || state === 'failed';
/** How long a job's report and error file can be downloaded (then the row and its files are purged). */
export const JOB_KEPT_DAYS = 30;

export const jobsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  jobsPerPage: z.coerce.number().int().min(1).max(100).default(20),
});

export interface JobSummary {
  id: string;
  kind: JobKind;
  actorName: string | null;
  createdAt: string;
  finishedAt: string | null;
  state: JobState;
  counts: Record<string, number>;
  fileName: string | null;
  failedReason: string | null;
  reportUrl?: string;
  errorFileUrl?: string;
}

/** The one status route of every job, and its one error report (a colon is a path character: kept as it is). */
export const jobStatusPath = (id: string) => `/api/user/jobs/${encodeURIComponent(id).replace(/%3A/gi, ':')}`;
export const jobErrorsPath = (id: string) => `${jobStatusPath(id)}/errors.csv`;
/** The job-history id of a Stripe sync (billing's queue id; users keeps the sync under this id). */
export const stripeSyncJobId = (queueJobId: string) => `stripe-sync:${queueJobId}`;

/**
 * GET /api/user/jobs/{id}: where a job stands, read from the job table the workers write as they go. `total` and
 * `done` drive a progress bar (`total` 0: not known yet, or a kind that has none); `counts` are the kind's figures
 * (import: created, updated, skipped, failed, errorCount; bulk update: updated, unchanged; bulk action: changed,
 * unchanged, failed; Stripe sync: pages, subscriptions, customers, changed). The answer also carries every count
 * at its top level (the keys of the earlier per-kind status answers). `errorFileUrl`: the error report, once written.
 */
export interface JobStatus {
  jobId: string;
  kind: JobKind;
  state: JobState;
  total: number;
  done: number;
  counts: Record<string, number>;
  failedReason: string | null;
  errorFileUrl: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** billing tells users that a Stripe sync started or finished (the job history). */
export const syncRecordedSchema = z.object({
  jobId: z.string().max(64),
  actorId: z.number().int().positive().nullable(),
  state: z.enum(JOB_STATES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  failedReason: z.string().max(500).nullable().default(null),
});
export type SyncRecorded = z.infer<typeof syncRecordedSchema>;

/**
 * The audit.recorded data of a staff action: `actor` is the request's actor (the admin behind a sign-in-as goes
 * along); the actor's name is filled in by users from its people when the publisher does not know it.
 */
export function staffAction(
  actor: { userId: number; impersonatorId?: number | null },
  action: RecordedAuditAction,
  subject: { type: AuditSubjectType; id: number | string; name: string | null },
  changes: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null } = {},
  actorName: string | null = null,
): AuditRecorded {
  return {
    actorId: actor.userId,
    actorName,
    impersonatorId: actor.impersonatorId ?? null,
    action,
    subjectType: subject.type,
    subjectId: String(subject.id),
    subjectName: subject.name === null ? null : subject.name.slice(0, 300),
    changes: { before: changes.before ?? null, after: changes.after ?? null },
  };
}

/**
 * The users service's BullMQ jobs, run by the users worker process (worker.ts):
 * - user-import: the rows of an uploaded file, upserted by e-mail (commands/imports);
 * - user-bulk-update: the bulk update wizard's tags and/or role for the people of its CSV (commands/users).
 * Both work a chunk per transaction and record each chunk under the job's run id in that transaction (job_chunks).
 * A retry (the worker killed mid-way: BullMQ finds the job stalled and runs it again) skips the recorded chunks and
 * counts them as they were: nobody is created or changed twice, and the report is the same as without the kill.
 * The job's progress is the report so far (the screens' progress bars).
 */
import { createQueue, createWorker, type JobWorker, type Logger, QueueName, type Redis } from '@rainmakers/kit';
import { importRows } from './commands/imports';
import { type BulkChange, type BulkProgress, bulkUpdateUsers, type CommandDeps } from './commands/users';
import { emptyReport, type ImportRecord, type ImportReport } from './domain/imports';
import { pruneChunks } from './store/jobs';

interface JobActor {
  /** The admin who asked (and the admin behind a sign-in-as), for the audit log. */
  actorId: number;
  impersonatorId?: number | null;
}

export interface ImportJobData extends JobActor {
  /** Names this run's recorded chunks (job_chunks); a UUID made when the job is queued. */
  runId: string;
  rows: ImportRecord[];
  fileName: string;
}

export interface BulkUpdateJobData extends JobActor {
  runId: string;
  /** The people found for the CSV's e-mails, in the file's order. */
  userIds: number[];
  change: BulkChange;
}

export type ImportQueue = ReturnType<typeof createQueue<ImportJobData, ImportReport>>;
export type BulkUpdateQueue = ReturnType<typeof createQueue<BulkUpdateJobData, BulkProgress>>;

/** What a processor uses of a BullMQ job. */
interface Job<Data> {
  data: Data;
  updateProgress(progress: object): Promise<void>;
}

type JobDeps = Pick<CommandDeps, 'db' | 'events'>;

export const createImportQueue = (redis: Redis, prefix: string): ImportQueue =>
  createQueue<ImportJobData, ImportReport>(QueueName.UserImport, redis, prefix);

export const createBulkUpdateQueue = (redis: Redis, prefix: string): BulkUpdateQueue =>
  createQueue<BulkUpdateJobData, BulkProgress>(QueueName.UserBulkUpdate, redis, prefix);

/** The report stored as an import's progress, when there is one. */
export function reportOf(progress: unknown, total: number): ImportReport {
  if (progress && typeof progress === 'object' && 'done' in progress && 'errors' in progress) {
    return progress as ImportReport;
  }
  return emptyReport(total);
}

/** The progress stored by a bulk update, when there is one. */
export function bulkProgressOf(progress: unknown, total: number): BulkProgress {
  if (progress && typeof progress === 'object' && 'done' in progress && 'updated' in progress) {
    return progress as BulkProgress;
  }
  return { total, done: 0, updated: 0 };
}

const auditOf = (data: JobActor) => ({ actorId: data.actorId, impersonatorId: data.impersonatorId ?? null });

export function importProcessor(deps: JobDeps) {
  return async (job: Job<ImportJobData>): Promise<ImportReport> => {
    await pruneChunks(deps.db);
    const { rows, runId } = job.data;
    return importRows(deps, rows, runId, (report) => job.updateProgress(report), auditOf(job.data));
  };
}

export function bulkUpdateProcessor(deps: JobDeps) {
  return async (job: Job<BulkUpdateJobData>): Promise<BulkProgress> => {
    await pruneChunks(deps.db);
    const { userIds, change, runId } = job.data;
    return bulkUpdateUsers(deps, userIds, change, runId, auditOf(job.data), (p) => job.updateProgress(p));
  };
}

/** How soon a killed worker's job is taken up again, and how often that may happen before it fails. */
export const JOB_LOCK_MS = 10_000;
export const JOB_MAX_STALLED = 5;

const WORKER_OPTIONS = {
  concurrency: 1,
  lockDuration: JOB_LOCK_MS,
  stalledInterval: JOB_LOCK_MS,
  maxStalledCount: JOB_MAX_STALLED,
};

/** The workers of both queues (the worker process runs them; tests and development may run them in-process). */
export function createUserWorkers(
  deps: JobDeps,
  redis: Redis,
  prefix: string,
  logger: Logger,
): [JobWorker<ImportJobData, ImportReport>, JobWorker<BulkUpdateJobData, BulkProgress>] {
  return [
    createWorker<ImportJobData, ImportReport>(QueueName.UserImport, importProcessor(deps), redis, prefix, {
      logger,
      ...WORKER_OPTIONS,
    }),
    createWorker<BulkUpdateJobData, BulkProgress>(QueueName.UserBulkUpdate, bulkUpdateProcessor(deps), redis, prefix, {
      logger,
      ...WORKER_OPTIONS,
    }),
  ];
}

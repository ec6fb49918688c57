/**
 * The users service's BullMQ jobs. user-import: the rows of an uploaded file, upserted by e-mail (commands/imports).
 * The job's progress is the report so far, stored after every committed chunk; a retry (the worker killed
 * mid-way: BullMQ finds the job stalled and runs it again) resumes after the last stored chunk, and any chunk
 * written but not yet stored is found already there (nobody is created twice).
 */
import { createQueue, createWorker, type JobWorker, type Logger, QueueName, type Redis } from '@rainmakers/kit';
import { importRows } from './commands/imports';
import type { CommandDeps } from './commands/users';
import { emptyReport, type ImportRecord, type ImportReport } from './domain/imports';

export interface ImportJobData {
  rows: ImportRecord[];
  fileName: string;
  /** The admin who uploaded the file (and the admin behind a sign-in-as), for the audit log. */
  actorId: number;
  impersonatorId?: number | null;
}
export type ImportQueue = ReturnType<typeof createQueue<ImportJobData, ImportReport>>;

/** What the processor uses of a BullMQ job. */
interface ImportJob {
  data: ImportJobData;
  progress: unknown;
  updateProgress(progress: object): Promise<void>;
}

export const createImportQueue = (redis: Redis, prefix: string): ImportQueue =>
  createQueue<ImportJobData, ImportReport>(QueueName.UserImport, redis, prefix);

/** The report stored as the job's progress, when there is one. */
export function reportOf(progress: unknown, total: number): ImportReport {
  if (progress && typeof progress === 'object' && 'done' in progress && 'errors' in progress) {
    return progress as ImportReport;
  }
  return emptyReport(total);
}

export function importProcessor(deps: Pick<CommandDeps, 'db' | 'events'>) {
  return async (job: ImportJob): Promise<ImportReport> => {
    const { rows } = job.data;
    const start = reportOf(job.progress, rows.length);
    const audit = { actorId: job.data.actorId, impersonatorId: job.data.impersonatorId ?? null };
    return importRows(deps, rows, start, (report) => job.updateProgress(report), audit);
  };
}

/** How soon a killed worker's job is taken up again, and how often that may happen before it fails. */
export const IMPORT_LOCK_MS = 10_000;
export const IMPORT_MAX_STALLED = 5;

export function createImportWorker(
  deps: Pick<CommandDeps, 'db' | 'events'>,
  redis: Redis,
  prefix: string,
  logger: Logger,
): JobWorker<ImportJobData, ImportReport> {
  return createWorker<ImportJobData, ImportReport>(QueueName.UserImport, importProcessor(deps), redis, prefix, {
    logger,
    concurrency: 1,
    lockDuration: IMPORT_LOCK_MS,
    stalledInterval: IMPORT_LOCK_MS,
    maxStalledCount: IMPORT_MAX_STALLED,
  });
}

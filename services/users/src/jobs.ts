/**
 * The users service's BullMQ jobs, run by the users worker process (worker.ts):
 * - user-import: an uploaded file, read from storage by the worker (CSV streamed, .xlsx checked then read), its rows
 *   upserted by e-mail (commands/imports);
 * - user-bulk-update: the bulk update wizard's tags and/or role for the people of its CSV (commands/users), and
 *   the table's bulk actions on more people than a request handles (commands/bulk-actions).
 * A job's status lives in one place, its row in the `jobs` table (store/job-history.ts): written by the request
 * that queues it (`queueTracked`: state queued, the job queued under the row's run id), then by the worker as it
 * goes (running, counts after every chunk, its end with the error report's key). Redis holds only the queue: the
 * job's data holds references (storage keys, the actor, options), never a file or a list of people: those live in
 * object storage (import-files.ts), and so does an import's error report. Both work a chunk per transaction and
 * record each chunk under the job's run id in that transaction (job_chunks). A retry (the worker killed mid-way:
 * BullMQ finds the job stalled and runs it again) skips the recorded chunks and counts them as they were: nobody
 * is created or changed twice, and the report is the same as without the kill.
 */

import type { JobKind } from '@rainmakers/contracts';
import {
  createQueue,
  createWorker,
  type JobWorker,
  type Logger,
  QueueName,
  type Redis,
  STREAM_PART_BYTES,
} from '@rainmakers/kit';
import { UnrecoverableError } from 'bullmq';
import { type BroadcastJobData, type BroadcastJobDeps, sendBroadcast } from './commands/broadcasts';
import { type BulkActionChange, type BulkActionProgress, runBulkAction } from './commands/bulk-actions';
import { importRows } from './commands/imports';
import { type BulkChange, type BulkProgress, bulkUpdateUsers, type CommandDeps } from './commands/users';
import { csvLine } from './domain/csv';
import {
  type ImportError,
  type ImportRecord,
  type ImportReport,
  readCsvStream,
  readWorkbook,
  type TableResult,
} from './domain/imports';
import { errorsKey, type JobFiles, peopleKey, readObject, uploadKey } from './import-files';
import { appendAudit } from './store/audit';
import { setBroadcastState } from './store/broadcasts';
import {
  forgetQueuedJob,
  type JobEnd,
  lockRunningJob,
  purgeExpiredJobs,
  recordJobEnd,
  recordJobProgress,
  recordJobStart,
} from './store/job-history';
import { pruneChunks } from './store/jobs';
import { findTags } from './store/tags';
import type { UsersDb } from './store/users';

interface JobActor {
  /** The admin who asked (and the admin behind a sign-in-as), for the audit log. */
  actorId: number;
  impersonatorId?: number | null;
}

/** What an upload was found to be while it streamed in. */
export type ImportFileKind = 'csv' | 'xlsx';

export interface ImportJobData extends JobActor {
  /** Names this run's recorded chunks (job_chunks) and its files in storage; a UUID made at upload. */
  runId: string;
  fileName: string;
  kind: ImportFileKind;
  /** Data rows counted at upload (a CSV); 0 until the worker has read a workbook. */
  total: number;
  /** Jobs queued before the upload went to storage carried their rows. */
  rows?: ImportRecord[];
  /** E-mail every person the import creates an invitation. */
  invite?: boolean;
}

/** An import's figures: its progress while it runs, its result once done (the error lines are in storage). */
export interface ImportCounts {
  total: number;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errorCount: number;
}

export interface BulkUpdateJobData extends JobActor {
  runId: string;
  /** How many people the update handles (their ids are in storage, `peopleKey`). */
  total: number;
  change: BulkChange;
  /** A bulk action of the table instead of the wizard's change: one audit entry with its counts. */
  bulkAction?: BulkActionChange;
  /** Jobs queued before the list went to storage carried the ids. */
  userIds?: number[];
}

export type ImportQueue = ReturnType<typeof createQueue<ImportJobData, ImportCounts>>;
export type BulkUpdateQueue = ReturnType<typeof createQueue<BulkUpdateJobData, BulkProgress>>;

/** What a processor uses of a BullMQ job. */
interface Job<Data> {
  id?: string | undefined;
  data: Data;
  attemptsMade: number;
  opts: { attempts?: number };
  updateProgress(progress: object): Promise<void>;
}

export type JobDeps = Pick<CommandDeps, 'db' | 'events'> & { files: JobFiles };

export const createImportQueue = (redis: Redis, prefix: string): ImportQueue =>
  createQueue<ImportJobData, ImportCounts>(QueueName.UserImport, redis, prefix);

export type BroadcastProgress = { total: number; sent: number; skipped: number };
export type BroadcastJobQueue = ReturnType<typeof createQueue<BroadcastJobData, BroadcastProgress | null>>;

export const createBroadcastQueue = (redis: Redis, prefix: string): BroadcastJobQueue =>
  createQueue<BroadcastJobData, BroadcastProgress | null>(QueueName.Broadcast, redis, prefix);

export const createBulkUpdateQueue = (redis: Redis, prefix: string): BulkUpdateQueue =>
  createQueue<BulkUpdateJobData, BulkProgress>(QueueName.UserBulkUpdate, redis, prefix);

/** The figures of a report. */
export function countsOf(report: ImportReport): ImportCounts {
  const { errors, ...counts } = report;
  return { ...counts, errorCount: errors.length };
}

export const emptyImportCounts = (total: number): ImportCounts => ({
  total,
  done: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  errorCount: 0,
});

/** What the request that queues a job writes in its row. */
export interface QueuedJob {
  kind: JobKind;
  fileName?: string | null;
  counts: Record<string, number>;
  peopleFileKey?: string | null;
}

/**
 * Writes the job's row (queued), then queues the job under the row's run id, so its status is in PostgreSQL
 * before the caller hears of it and a worker finds the row it moves on. A job that could not be queued (Redis
 * down) leaves no row: the caller answers 503 and nothing was started.
 */
export async function queueTracked(
  deps: { db: UsersDb },
  row: QueuedJob,
  data: JobActor & { runId: string },
  add: (opts: { jobId: string }) => Promise<unknown>,
): Promise<void> {
  await recordJobStart(deps.db, {
    id: data.runId,
    state: 'queued',
    kind: row.kind,
    queueJobId: data.runId,
    actorId: data.actorId,
    fileName: row.fileName ?? null,
    counts: row.counts,
    peopleFileKey: row.peopleFileKey ?? null,
  });
  try {
    await add({ jobId: data.runId });
  } catch (error) {
    await forgetQueuedJob(deps.db, data.runId).catch(() => undefined);
    throw error;
  }
}

const auditOf = (data: JobActor) => ({ actorId: data.actorId, impersonatorId: data.impersonatorId ?? null });

/**
 * Forgets the jobs older than 30 days (JOB_KEPT_DAYS) with their files in storage, and the chunks of old runs.
 * Run as each job starts: the history is bounded without a timer of its own.
 */
export async function purgeOldJobs(deps: JobDeps, now = new Date()): Promise<number> {
  await pruneChunks(deps.db, now.getTime());
  const keys = await purgeExpiredJobs(deps.db, now);
  for (const key of keys) await deps.files.storage.delete(key).catch(() => undefined);
  return keys.length;
}

/**
 * Records how a job ended and writes its one audit entry (its counts), in one transaction: only the attempt that
 * moves the row from running writes the entry, so a retried job is never logged twice.
 */
async function finishJob(
  deps: JobDeps,
  job: { id: string; actor: JobActor; action: 'user.import' | 'user.bulk-update'; name: string },
  end: JobEnd,
  summary: Record<string, unknown>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockRunningJob(trx, job.id))) return;
    await recordJobEnd(trx, job.id, end);
    await appendAudit(trx, auditOf(job.actor), [
      {
        action: job.action,
        subjectType: 'job',
        subjectId: job.id,
        subjectName: job.name,
        before: null,
        after: { ...summary, ...(end.state === 'failed' ? { failed: true, reason: end.failedReason ?? null } : {}) },
      },
    ]);
  });
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The error report as the CSV the screen downloads. */
export const errorsCsv = (errors: readonly ImportError[]) =>
  csvLine(['row', 'email', 'reason']) + errors.map((e) => csvLine([e.row, e.email, e.reason])).join('');

/** The error report of an import that failed as a whole: one line with no row, the reason. */
export const failedErrorsCsv = (reason: string) => csvLine(['row', 'email', 'reason']) + csvLine(['', '', reason]);

/** The largest upload the worker reads back (the request refuses larger files; a margin for the last part). */
const MAX_STORED_UPLOAD = 64 * 1024 * 1024 + STREAM_PART_BYTES;

/** Reads an upload back from storage: a CSV streamed a step at a time, a workbook checked, then read. */
async function readUpload(files: JobFiles, data: ImportJobData): Promise<TableResult> {
  const key = uploadKey(files, data.runId);
  if (data.kind === 'xlsx') {
    const file = await readObject(files, key, MAX_STORED_UPLOAD);
    if (!file) throw new UnrecoverableError('The uploaded file is gone: upload it again.');
    return readWorkbook(file);
  }
  const object = await files.storage.get(key);
  if (!object) throw new UnrecoverableError('The uploaded file is gone: upload it again.');
  return readCsvStream(object.body);
}

/** Whether this attempt is the job's last (BullMQ counts attempts made before this one). */
const lastAttempt = (job: Job<unknown>) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

export function importProcessor(deps: JobDeps) {
  return async (job: Job<ImportJobData>): Promise<ImportCounts> => {
    const { data } = job;
    const upload = uploadKey(deps.files, data.runId);
    const history = { id: data.runId, actor: data, action: 'user.import' as const, name: data.fileName || 'Import' };
    let counts = emptyImportCounts(data.total);
    try {
      await purgeOldJobs(deps);
      await recordJobStart(deps.db, {
        id: data.runId,
        kind: 'import',
        queueJobId: job.id ?? null,
        actorId: data.actorId,
        fileName: data.fileName,
        counts: { ...counts },
      });
      let rows = data.rows;
      if (!rows) {
        const table = await readUpload(deps.files, data);
        // A file the upload could not check in full (a workbook) fails with the reason, and is not retried.
        if (!table.ok) throw new UnrecoverableError(table.error);
        rows = table.rows;
      }
      const report = await importRows(
        deps,
        rows,
        data.runId,
        async (r) => {
          counts = countsOf(r);
          await job.updateProgress(counts);
          await recordJobProgress(deps.db, data.runId, { ...counts });
        },
        data.invite === true ? { invitedBy: data.actorId ?? null } : null,
      );
      const errorFileKey = errorsKey(deps.files, data.runId);
      await deps.files.storage.put(errorFileKey, Buffer.from(errorsCsv(report.errors)), 'text/csv; charset=utf-8');
      await deps.files.storage.delete(upload).catch(() => undefined);
      counts = countsOf(report);
      const { errorCount: _errors, ...summary } = counts;
      await finishJob(
        deps,
        history,
        { state: 'completed', counts: { ...counts }, errorFileKey },
        {
          fileName: data.fileName,
          ...summary,
        },
      );
      return counts;
    } catch (error) {
      if (error instanceof UnrecoverableError || lastAttempt(job)) {
        await deps.files.storage.delete(upload).catch(() => undefined);
        // The failed import's error report says why it stopped (the row errors of a broken file never got that far).
        const errorFileKey = errorsKey(deps.files, data.runId);
        const stored = await deps.files.storage
          .put(errorFileKey, Buffer.from(failedErrorsCsv(reasonOf(error))), 'text/csv; charset=utf-8')
          .then(
            () => true,
            () => false,
          );
        await finishJob(
          deps,
          history,
          {
            state: 'failed',
            counts: { ...counts },
            failedReason: reasonOf(error),
            errorFileKey: stored ? errorFileKey : null,
          },
          { fileName: data.fileName, total: counts.total, created: counts.created, updated: counts.updated },
        ).catch(() => undefined);
      }
      throw error;
    }
  };
}

/** The ids of a bulk update's people, from storage (or the job itself, when queued before the list went to storage). */
async function peopleOf(files: JobFiles, data: BulkUpdateJobData): Promise<number[]> {
  if (data.userIds) return data.userIds;
  const stored = await readObject(files, peopleKey(files, data.runId), MAX_STORED_UPLOAD);
  if (!stored) throw new UnrecoverableError('The list of people to update is gone: run the update again.');
  const ids: unknown = JSON.parse(stored.toString('utf8'));
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id))) {
    throw new UnrecoverableError('The list of people to update is damaged: run the update again.');
  }
  return ids as number[];
}

/** "add tags VIP, Gold; role premium": what a bulk update changes, for its audit entry. */
async function describeChange(deps: JobDeps, change: BulkChange): Promise<string> {
  const parts: string[] = [];
  if (change.tagIds.length > 0) {
    const tags = await findTags(deps.db, change.tagIds);
    parts.push(`${change.action === 'remove' ? 'remove' : 'add'} tags ${tags.map((t) => t.name).join(', ')}`);
  }
  if (change.role) parts.push(`role ${change.role}`);
  return parts.join('; ');
}

export function bulkUpdateProcessor(deps: JobDeps) {
  return async (job: Job<BulkUpdateJobData>): Promise<BulkProgress> => {
    const { change, runId } = job.data;
    if (job.data.bulkAction) return bulkActionJob(deps, job, job.data.bulkAction);
    const history = { id: runId, actor: job.data, action: 'user.bulk-update' as const, name: 'Bulk update from CSV' };
    let progress: BulkProgress = { total: job.data.total, done: 0, updated: 0 };
    const countsOfProgress = (p: BulkProgress) => ({
      total: p.total,
      done: p.done,
      updated: p.updated,
      unchanged: p.done - p.updated,
    });
    try {
      await purgeOldJobs(deps);
      await recordJobStart(deps.db, {
        id: runId,
        kind: 'bulk-update',
        queueJobId: job.id ?? null,
        actorId: job.data.actorId,
        counts: countsOfProgress(progress),
        peopleFileKey: job.data.userIds ? null : peopleKey(deps.files, runId),
      });
      const userIds = await peopleOf(deps.files, job.data);
      const result = await bulkUpdateUsers(deps, userIds, change, runId, async (p) => {
        progress = p;
        await job.updateProgress(p);
        await recordJobProgress(deps.db, runId, countsOfProgress(p));
      });
      await finishJob(
        deps,
        history,
        { state: 'completed', counts: countsOfProgress(result) },
        {
          people: result.total,
          updated: result.updated,
          unchanged: result.total - result.updated,
          change: await describeChange(deps, change),
        },
      );
      return result;
    } catch (error) {
      if (error instanceof UnrecoverableError || lastAttempt(job)) {
        await finishJob(
          deps,
          history,
          { state: 'failed', counts: countsOfProgress(progress), failedReason: reasonOf(error) },
          { people: progress.total, updated: progress.updated },
        ).catch(() => undefined);
      }
      throw error;
    }
  };
}

/** A bulk action's figures in its job row. */
export const bulkActionCounts = (p: BulkActionProgress) => ({
  total: p.total,
  done: p.done,
  changed: p.changed,
  unchanged: p.unchanged,
  failed: p.failed,
});

export const emptyBulkActionProgress = (total: number): BulkActionProgress => ({
  total,
  done: 0,
  changed: 0,
  unchanged: 0,
  failed: 0,
  updated: 0,
});

/**
 * A bulk action and its job row: running, its counts after every chunk, its end. Run by the worker for a large
 * action and by the request for a small one (`retries: false`: nothing will run it again, so a failure is final),
 * so every bulk action is in the job history whatever its size. Its audit entry is runBulkAction's.
 */
export async function trackedBulkAction(
  deps: JobDeps,
  run: { runId: string; queueJobId: string | null; actor: JobActor; total: number; finalAttempt: boolean },
  people: () => Promise<readonly number[]>,
  action: BulkActionChange,
  onProgress?: (progress: BulkActionProgress) => Promise<void>,
): Promise<BulkActionProgress> {
  let progress = emptyBulkActionProgress(run.total);
  try {
    await purgeOldJobs(deps);
    await recordJobStart(deps.db, {
      id: run.runId,
      kind: 'bulk-action',
      queueJobId: run.queueJobId,
      actorId: run.actor.actorId,
      counts: bulkActionCounts(progress),
    });
    const result = await runBulkAction(deps, await people(), action, run.runId, auditOf(run.actor), async (p) => {
      progress = p;
      await onProgress?.(p);
      await recordJobProgress(deps.db, run.runId, bulkActionCounts(p));
    });
    await recordJobEnd(deps.db, run.runId, { state: 'completed', counts: bulkActionCounts(result) });
    return result;
  } catch (error) {
    if (error instanceof UnrecoverableError || run.finalAttempt) {
      await recordJobEnd(deps.db, run.runId, {
        state: 'failed',
        counts: bulkActionCounts(progress),
        failedReason: reasonOf(error),
      }).catch(() => undefined);
    }
    throw error;
  }
}

function bulkActionJob(deps: JobDeps, job: Job<BulkUpdateJobData>, action: BulkActionChange) {
  const run = {
    runId: job.data.runId,
    queueJobId: job.id ?? null,
    actor: job.data,
    total: job.data.total,
    finalAttempt: lastAttempt(job),
  };
  return trackedBulkAction(
    deps,
    run,
    () => peopleOf(deps.files, job.data),
    action,
    (p) => job.updateProgress(p),
  );
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

/**
 * A broadcast's job: mails its pending recipients (commands/broadcasts). A killed worker's job is taken up again
 * (stalled) and goes on from the first recipient not stamped; a failure on the last attempt marks it failed.
 */
export function broadcastProcessor(deps: BroadcastJobDeps) {
  return async (job: Job<BroadcastJobData>): Promise<BroadcastProgress | null> => {
    try {
      let last: BroadcastProgress | null = null;
      const outcome = await sendBroadcast(deps, job.data.broadcastId, async (progress) => {
        last = progress;
        await job.updateProgress(progress);
      });
      if (outcome === 'missing') throw new UnrecoverableError('The broadcast is gone.');
      return last;
    } catch (error) {
      if (error instanceof UnrecoverableError || lastAttempt(job)) {
        await setBroadcastState(deps.db, job.data.broadcastId, 'failed').catch(() => undefined);
      }
      throw error;
    }
  };
}

/** The workers of the three queues (the worker process runs them; tests and development may run them in-process). */
export function createUserWorkers(
  deps: JobDeps,
  redis: Redis,
  prefix: string,
  logger: Logger,
  broadcasts?: Omit<BroadcastJobDeps, 'db' | 'logger'>,
): [
  JobWorker<ImportJobData, ImportCounts>,
  JobWorker<BulkUpdateJobData, BulkProgress>,
  ...JobWorker<BroadcastJobData, BroadcastProgress | null>[],
] {
  const broadcastWorkers = broadcasts
    ? [
        createWorker<BroadcastJobData, BroadcastProgress | null>(
          QueueName.Broadcast,
          broadcastProcessor({ ...broadcasts, db: deps.db, logger }),
          redis,
          prefix,
          { logger, ...WORKER_OPTIONS },
        ),
      ]
    : [];
  return [
    createWorker<ImportJobData, ImportCounts>(QueueName.UserImport, importProcessor(deps), redis, prefix, {
      logger,
      ...WORKER_OPTIONS,
    }),
    createWorker<BulkUpdateJobData, BulkProgress>(QueueName.UserBulkUpdate, bulkUpdateProcessor(deps), redis, prefix, {
      logger,
      ...WORKER_OPTIONS,
    }),
    ...broadcastWorkers,
  ];
}

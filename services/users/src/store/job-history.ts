/**
 * The job history (migration 005): one row per import, bulk update and Stripe sync, written when it starts and
 * when it finishes, so the Jobs tab reads PostgreSQL, not Redis (a restart or an emptied Redis loses nothing).
 * Rows and their files in storage are purged after JOB_KEPT_DAYS (expires_at).
 */
import { JOB_KEPT_DAYS, type JobKind, type JobState } from '@rainmakers/contracts';
import type { UsersDb } from './users';

export interface JobRow {
  id: string;
  kind: JobKind;
  queueJobId: string | null;
  actorId: number | null;
  actorName: string | null;
  fileName: string | null;
  state: JobState;
  counts: Record<string, number>;
  failedReason: string | null;
  errorFileKey: string | null;
  peopleFileKey: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface JobStart {
  id: string;
  kind: JobKind;
  queueJobId: string | null;
  actorId: number | null;
  fileName?: string | null;
  counts?: Record<string, number>;
  peopleFileKey?: string | null;
  createdAt?: Date;
}

/**
 * Records a job as running (a retry of the same run keeps the row, its creation time and its actor's name).
 * The actor's name is read from the people here, once, when the job starts.
 */
export async function recordJobStart(db: UsersDb, job: JobStart): Promise<void> {
  const createdAt = job.createdAt ?? new Date();
  const actor =
    job.actorId === null
      ? undefined
      : await db.selectFrom('users').select('full_name').where('id', '=', job.actorId).executeTakeFirst();
  await db
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      queue_job_id: job.queueJobId,
      actor_id: job.actorId,
      actor_name: actor?.full_name ?? null,
      file_name: job.fileName ?? null,
      state: 'running',
      counts: JSON.stringify(job.counts ?? {}),
      people_file_key: job.peopleFileKey ?? null,
      created_at: createdAt,
      expires_at: new Date(createdAt.getTime() + JOB_KEPT_DAYS * DAY_MS),
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        queue_job_id: eb.fn.coalesce('excluded.queue_job_id', 'jobs.queue_job_id'),
        // A sync's "running" that arrives after its end does not reopen it.
        state: eb.case().when('jobs.state', '=', 'running').then('running').else(eb.ref('jobs.state')).end(),
      })),
    )
    .execute();
}

export interface JobEnd {
  state: Exclude<JobState, 'running'>;
  counts: Record<string, number>;
  failedReason?: string | null;
  errorFileKey?: string | null;
  finishedAt?: Date;
}

/** Locks the job's row while it is still running (false once an earlier attempt has moved it on). */
export async function lockRunningJob(db: UsersDb, id: string): Promise<boolean> {
  const running = await db
    .selectFrom('jobs')
    .select('id')
    .where('id', '=', id)
    .where('state', '=', 'running')
    .forUpdate()
    .executeTakeFirst();
  return running !== undefined;
}

/** Records how a job ended (its counts, its error file). */
export async function recordJobEnd(db: UsersDb, id: string, end: JobEnd): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: end.state,
      counts: JSON.stringify(end.counts),
      failed_reason: end.failedReason ?? null,
      error_file_key: end.errorFileKey ?? null,
      finished_at: end.finishedAt ?? new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Stores the progress of a running job (its counts so far). */
export async function recordJobProgress(db: UsersDb, id: string, counts: Record<string, number>): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ counts: JSON.stringify(counts) })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();
}

const toRow = (r: {
  id: string;
  kind: string;
  queue_job_id: string | null;
  actor_id: number | null;
  actor_name: string | null;
  file_name: string | null;
  state: string;
  counts: unknown;
  failed_reason: string | null;
  error_file_key: string | null;
  people_file_key: string | null;
  created_at: Date;
  finished_at: Date | null;
}): JobRow => ({
  id: r.id,
  kind: r.kind as JobKind,
  queueJobId: r.queue_job_id,
  actorId: r.actor_id,
  actorName: r.actor_name,
  fileName: r.file_name,
  state: r.state as JobState,
  counts: (r.counts ?? {}) as Record<string, number>,
  failedReason: r.failed_reason,
  errorFileKey: r.error_file_key,
  peopleFileKey: r.people_file_key,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

/** Newest first; only jobs still kept. */
export async function listJobs(
  db: UsersDb,
  page: { limit: number; offset: number },
  now = new Date(),
): Promise<{ jobs: JobRow[]; total: number }> {
  const base = db.selectFrom('jobs').where('expires_at', '>', now);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count.total), jobs: rows.map(toRow) };
}

/** One job still kept, or null. */
export async function findJob(db: UsersDb, id: string, now = new Date()): Promise<JobRow | null> {
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The job of a queued import or bulk update by its BullMQ id. */
export async function findJobByQueueId(db: UsersDb, kind: JobKind, queueJobId: string): Promise<JobRow | null> {
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', kind)
    .where('queue_job_id', '=', queueJobId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Deletes up to `limit` expired jobs and answers their storage keys (the caller deletes the files). */
export async function purgeExpiredJobs(db: UsersDb, now = new Date(), limit = 500): Promise<string[]> {
  const rows = await db
    .deleteFrom('jobs')
    .where('id', 'in', (eb) =>
      eb.selectFrom('jobs').select('id').where('expires_at', '<=', now).orderBy('expires_at').limit(limit),
    )
    .returning(['id', 'error_file_key', 'people_file_key'])
    .execute();
  return rows.flatMap((r) => [r.error_file_key, r.people_file_key].filter((k): k is string => !!k));
}

/** The committed chunks of the users' jobs (migration 003): what a retried job must not do again. */
import type { UsersDb } from './users';

/** How long a run's chunks are kept (a job is retried within minutes; a day leaves room). */
export const JOB_CHUNKS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Records a chunk as done, in the transaction that wrote its people. */
export async function recordChunk(db: UsersDb, runId: string, chunk: number, result: object): Promise<void> {
  await db
    .insertInto('job_chunks')
    .values({ run_id: runId, chunk, result: JSON.stringify(result) })
    .execute();
}

/** The chunks of a run already committed, by chunk number. */
export async function committedChunks<Result>(db: UsersDb, runId: string): Promise<Map<number, Result>> {
  const rows = await db
    .selectFrom('job_chunks')
    .select(['chunk', 'result'])
    .where('run_id', '=', runId)
    .orderBy('chunk')
    .execute();
  return new Map(rows.map((r) => [r.chunk, r.result as Result]));
}

/** Forgets the chunks of runs older than `JOB_CHUNKS_KEPT_MS`. */
export async function pruneChunks(db: UsersDb, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('job_chunks')
    .where('created_at', '<', new Date(now - JOB_CHUNKS_KEPT_MS))
    .execute();
}

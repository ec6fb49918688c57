/** Product Qualifier results: a person's own rows only. */
import type { QualifierAnswers } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { ToolsDb } from './db';

export interface QualifierResultRecord {
  id: number;
  score: number;
  result: string;
  createdAt: Date;
}

export async function insertQualifierResult(
  db: ToolsDb,
  row: {
    userId: number;
    answers: QualifierAnswers;
    score: number;
    result: string;
    keywords?: string | null;
    emailedTo?: string | null;
  },
): Promise<QualifierResultRecord> {
  const saved = await db
    .insertInto('qualifier_results')
    .values({
      user_id: row.userId,
      answers: JSON.stringify(row.answers),
      score: row.score,
      result: row.result,
      keywords: row.keywords ?? null,
      emailed_to: row.emailedTo ?? null,
    })
    .returning(['id', 'score', 'result', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: saved.id, score: saved.score, result: saved.result, createdAt: saved.created_at };
}

export interface QualifierRatingRecord extends QualifierResultRecord {
  answers: QualifierAnswers;
}

/**
 * A person's past ratings (the rows 'Rate My Product' saved; the e-mailed copies are left out), newest first, at
 * most `limit` older than the id `before`. One more row is read to tell whether another page follows.
 */
export async function listQualifierRatings(
  db: ToolsDb,
  userId: number,
  page: { before?: number; limit: number },
): Promise<{ ratings: QualifierRatingRecord[]; more: boolean }> {
  let query = db
    .selectFrom('qualifier_results')
    .select(['id', 'score', 'result', 'answers', 'created_at'])
    .where('user_id', '=', userId)
    .where('emailed_to', 'is', null);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return {
    ratings: rows.slice(0, page.limit).map((row) => ({
      id: row.id,
      score: row.score,
      result: row.result,
      answers: (typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers) as QualifierAnswers,
      createdAt: row.created_at,
    })),
    more: rows.length > page.limit,
  };
}

/** Advisory-lock namespace of a person's qualifier sends (with the user id as the second key). */
const SEND_LOCK = 23_004;

/**
 * Records a results e-mail unless the person already sent `limit` in the last `windowSeconds` (a daily
 * limit per person). Checked and written under a per-person advisory lock, so concurrent sends cannot pass the limit
 * together. Refused: how long until the oldest send of the window leaves it.
 */
export async function recordQualifierSend(
  db: ToolsDb,
  row: {
    userId: number;
    answers: QualifierAnswers;
    score: number;
    result: string;
    keywords: string;
    emailedTo: string;
  },
  limit: { sends: number; windowSeconds: number },
): Promise<{ saved: QualifierResultRecord } | { retryAfterSeconds: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEND_LOCK}, ${row.userId})`.execute(trx);
    const since = sql<Date>`now() - make_interval(secs => ${limit.windowSeconds})`;
    const sent = await trx
      .selectFrom('qualifier_results')
      .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.min('created_at').as('oldest')])
      .where('user_id', '=', row.userId)
      .where('emailed_to', 'is not', null)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(sent.total) >= limit.sends) {
      const oldest = sent.oldest ? new Date(sent.oldest).getTime() : Date.now();
      const retryAfterSeconds = Math.ceil((oldest + limit.windowSeconds * 1000 - Date.now()) / 1000);
      return { retryAfterSeconds: Math.max(1, retryAfterSeconds) };
    }
    return { saved: await insertQualifierResult(trx, row) };
  });
}

/** Takes back a recorded send whose e-mail could not be queued (it does not count against the limit). */
export async function deleteQualifierResult(db: ToolsDb, id: number): Promise<void> {
  await db.deleteFrom('qualifier_results').where('id', '=', id).execute();
}

export async function countQualifierResults(db: ToolsDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('qualifier_results')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function deleteQualifierResultsOf(db: ToolsDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('qualifier_results').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

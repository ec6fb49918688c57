/** Product Qualifier results: a person's own rows only. */
import type { QualifierAnswers } from '@rainmakers/contracts';
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

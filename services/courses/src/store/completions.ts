/** Who completed which lesson. Always the caller's own rows. */
import type { CoursesDb } from './db';

/** Records a completion; false when it was already there (nothing changed). */
export async function insertCompletion(db: CoursesDb, userId: number, lessonId: number): Promise<boolean> {
  const rows = await db
    .insertInto('lesson_completions')
    .values({ user_id: userId, lesson_id: lessonId })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
    .returning('lesson_id')
    .execute();
  return rows.length > 0;
}

/** Removes a completion; false when there was none. */
export async function deleteCompletion(db: CoursesDb, userId: number, lessonId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('lesson_completions')
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function completedAmong(
  db: CoursesDb,
  userId: number,
  lessonIds: readonly number[],
): Promise<Set<number>> {
  const done = new Set<number>();
  for (let i = 0; i < lessonIds.length; i += 5000) {
    const rows = await db
      .selectFrom('lesson_completions')
      .select('lesson_id')
      .where('user_id', '=', userId)
      .where('lesson_id', 'in', lessonIds.slice(i, i + 5000))
      .execute();
    for (const row of rows) done.add(row.lesson_id);
  }
  return done;
}

export async function listCompletions(db: CoursesDb, userId: number) {
  return db
    .selectFrom('lesson_completions as lc')
    .innerJoin('lessons as l', 'l.id', 'lc.lesson_id')
    .select(['lc.lesson_id as id', 'l.module_id', 'lc.completed_at'])
    .where('lc.user_id', '=', userId)
    .orderBy('lc.completed_at', 'desc')
    .orderBy('lc.lesson_id', 'desc')
    .execute();
}

export async function deleteCompletionsOf(db: CoursesDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('lesson_completions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

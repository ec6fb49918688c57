/** Where each member stopped watching a lesson's video. Always the caller's own rows. */
import type { CoursesDb } from './db';

export async function saveVideoPosition(db: CoursesDb, userId: number, lessonId: number, seconds: number) {
  await db
    .insertInto('lesson_video_positions')
    .values({ user_id: userId, lesson_id: lessonId, seconds, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doUpdateSet({ seconds, updated_at: new Date() }))
    .execute();
}

/** Seconds into the lesson's video; 0 when the member never watched it. */
export async function videoPositionOf(db: CoursesDb, userId: number, lessonId: number): Promise<number> {
  const row = await db
    .selectFrom('lesson_video_positions')
    .select('seconds')
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return row ? Number(row.seconds) : 0;
}

export async function deleteVideoPositionsOf(db: CoursesDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('lesson_video_positions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

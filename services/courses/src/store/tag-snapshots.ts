import type { CoursesDb } from './db';

/**
 * Renames a tag in every snapshot of it (the names courses, modules and lessons keep of their required tags, which
 * the users service owns). Returns how many snapshots changed.
 */
export async function renameTagSnapshots(db: CoursesDb, tagId: number, name: string): Promise<number> {
  const results = await Promise.all([
    db
      .updateTable('course_tags')
      .set({ tag_name: name })
      .where('tag_id', '=', tagId)
      .where('tag_name', '<>', name)
      .executeTakeFirst(),
    db
      .updateTable('module_tags')
      .set({ tag_name: name })
      .where('tag_id', '=', tagId)
      .where('tag_name', '<>', name)
      .executeTakeFirst(),
    db
      .updateTable('lesson_tags')
      .set({ tag_name: name })
      .where('tag_id', '=', tagId)
      .where('tag_name', '<>', name)
      .executeTakeFirst(),
  ]);
  return results.reduce((sum, r) => sum + Number(r.numUpdatedRows), 0);
}

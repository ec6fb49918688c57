/**
 * How many comments each lesson of a course shows in its discussion, for the course outline. Kept 10 s in the
 * process per course (a course page would otherwise pay a query for it); this replica's discussion writes drop
 * them at once (forgetCommentCounts), another replica's outlines catch up within the 10 s.
 */
import { TtlLru } from '@rainmakers/kit';
import type { CoursesDb } from '../store/db';
import { commentCountsOfCourse } from '../store/lesson-comments';

const COUNTS_TTL_MS = 10_000;
const counts = new TtlLru<number, Promise<Map<number, number>>>(COUNTS_TTL_MS, 1_000);

export function commentCountsOf(db: CoursesDb, courseId: number): Promise<Map<number, number>> {
  const known = counts.get(courseId);
  if (known) return known;
  const read = commentCountsOfCourse(db, courseId);
  counts.set(courseId, read);
  // A failed read is not kept: the next page asks again.
  read.catch(() => counts.delete(courseId));
  return read;
}

/** A discussion changed: every course's counts are read again (writes are rare next to reads). */
export const forgetCommentCounts = (): void => counts.clear();

/** GET /api/course/{id}/insights: members started and finished, the lesson funnel and completions per day. */
import { COURSE_NOT_FOUND, type CourseInsights } from '@rainmakers/contracts';
import { notFound } from '@rainmakers/kit';
import { funnelDrops } from '../domain/insights';
import { findCourseById } from '../store/courses';
import type { CoursesStore } from '../store/db';
import { courseInsightsRow } from '../store/insights';

/** `days` days of completions up to today (UTC), today included. */
export async function readCourseInsights(
  store: CoursesStore,
  courseId: number,
  days: number,
  now: Date = new Date(),
): Promise<CourseInsights> {
  const course = await findCourseById(store.db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const row = await courseInsightsRow(store, courseId, days, now.toISOString().slice(0, 10));
  const { steps, steepestDropLessonId } = funnelDrops(row.started, row.funnel);
  return {
    course: { id: course.id, title: course.title, slug: course.slug },
    lessonCount: row.lessonCount,
    membersStarted: row.started,
    membersCompleted: row.finished,
    funnel: steps,
    steepestDropLessonId,
    timeline: row.timeline,
    days,
  };
}

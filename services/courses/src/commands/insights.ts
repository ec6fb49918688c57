/** GET /api/course/{id}/insights: members started and finished, the lesson funnel and completions per day. */
import { COURSE_NOT_FOUND, type CourseInsights } from '@rainmakers/contracts';
import { notFound, SingleFlight } from '@rainmakers/kit';
import { funnelDrops } from '../domain/insights';
import { findCourseById } from '../store/courses';
import type { CoursesStore } from '../store/db';
import { courseInsightsRow, type InsightsRow } from '../store/insights';

/**
 * One insights statement per course, period and day at a time, per store: admins opening the same course's insights
 * together share the statement in flight (it aggregates every completion of the course, ~15 ms for 10,000) instead of
 * each running it. A shared answer is never older than the statement's own run.
 */
const insightsInFlight = new WeakMap<CoursesStore, SingleFlight<string, InsightsRow>>();

function sharedInsightsRow(store: CoursesStore, courseId: number, days: number, today: string): Promise<InsightsRow> {
  let flights = insightsInFlight.get(store);
  if (!flights) {
    flights = new SingleFlight<string, InsightsRow>();
    insightsInFlight.set(store, flights);
  }
  return flights.run(`${courseId}:${days}:${today}`, () => courseInsightsRow(store, courseId, days, today));
}

/** `days` days of completions up to today (UTC), today included. */
export async function readCourseInsights(
  store: CoursesStore,
  courseId: number,
  days: number,
  now: Date = new Date(),
): Promise<CourseInsights> {
  const course = await findCourseById(store.db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const row = await sharedInsightsRow(store, courseId, days, now.toISOString().slice(0, 10));
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

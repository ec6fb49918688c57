/** Pure figures of the course insights screen (no React): rates, the steepest drop's sentence, the days' summary. */
import type { CourseInsights } from '@rainmakers/contracts';
import { formatCalendarDay } from '../../../lib/dates';

/** Whole percent of `part` in `whole` (0 when there is no whole). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The funnel in one sentence: where members stop most. */
export function funnelSummary(insights: CourseInsights): string {
  if (insights.membersStarted === 0) return 'No member has completed a lesson of this course yet.';
  const index = insights.funnel.findIndex((l) => l.id === insights.steepestDropLessonId);
  const steepest = insights.funnel[index];
  if (!steepest) return 'Every member who started has completed every lesson so far: no lesson loses anyone.';
  const from = index === 0 ? 'the members who started' : `lesson ${index}`;
  return `The steepest drop is at lesson ${index + 1}, “${steepest.title}”: ${plural(steepest.drop, 'member', 'members')} fewer than ${from}.`;
}

/** The days in one sentence: totals and the busiest day. */
export function timelineSummary(insights: CourseInsights): string {
  const lessons = insights.timeline.reduce((sum, d) => sum + d.lessonCompletions, 0);
  const courses = insights.timeline.reduce((sum, d) => sum + d.courseCompletions, 0);
  const range = `In the last ${plural(insights.days, 'day', 'days')}`;
  if (lessons === 0) return `${range} no lesson of this course was completed.`;
  const busiest = insights.timeline.reduce((best, d) => (d.lessonCompletions > best.lessonCompletions ? d : best));
  return `${range}: ${plural(lessons, 'lesson completion', 'lesson completions')} and ${plural(courses, 'member', 'members')} completing the course. The busiest day was ${formatDay(busiest.date)} with ${plural(busiest.lessonCompletions, 'lesson completion', 'lesson completions')}.`;
}

/** 'YYYY-MM-DD' (UTC) as "Nov 26". */
export function formatDay(date: string): string {
  return formatCalendarDay(date);
}

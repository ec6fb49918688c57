import { describe, expect, it } from '@jest/globals';
import type { CourseInsights } from '@rainmakers/contracts';
import { formatDay, funnelSummary, percentOf, timelineSummary } from './insights';

const base: CourseInsights = {
  course: { id: 1, title: 'C', slug: 'c' },
  lessonCount: 2,
  membersStarted: 4,
  membersCompleted: 1,
  funnel: [
    { id: 10, title: 'Intro', moduleId: 1, moduleTitle: 'M', completed: 4, drop: 0 },
    { id: 11, title: 'Pricing', moduleId: 1, moduleTitle: 'M', completed: 1, drop: 3 },
  ],
  steepestDropLessonId: 11,
  timeline: [
    { date: '2026-11-25', lessonCompletions: 2, courseCompletions: 0 },
    { date: '2026-11-26', lessonCompletions: 3, courseCompletions: 1 },
  ],
  days: 2,
  quizzes: [],
};

describe('course insights texts', () => {
  it('names the steepest drop and the busiest day', () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(1, 0)).toBe(0);
    expect(funnelSummary(base)).toBe('The steepest drop is at lesson 2, “Pricing”: 3 members fewer than lesson 1.');
    expect(timelineSummary(base)).toBe(
      'In the last 2 days: 5 lesson completions and 1 member completing the course. The busiest day was Nov 26 with 3 lesson completions.',
    );
    expect(formatDay('2026-01-05')).toBe('Jan 5');
  });

  it('says so when nobody started or nothing happened', () => {
    const quiet = { ...base, membersStarted: 0, steepestDropLessonId: null, timeline: [] };
    expect(funnelSummary(quiet)).toBe('No member has completed a lesson of this course yet.');
    expect(timelineSummary(quiet)).toBe('In the last 2 days no lesson of this course was completed.');
  });
});

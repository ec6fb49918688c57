import { describe, expect, it } from '@jest/globals';
import { completedFlag, courseProgressOverview, progressPercent, resumeLessonOf, summarizeProgress } from './progress';

describe('progressPercent', () => {
  it('rounds completed over total to a whole percent, 0 when there is nothing', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(0, 7)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(1, 8)).toBe(13);
    expect(progressPercent(5, 5)).toBe(100);
    expect(progressPercent(6, 5)).toBe(100);
  });
});

describe('summarizeProgress', () => {
  it('gives the course and each module their share', () => {
    const summary = summarizeProgress([
      { moduleId: 1, completed: true },
      { moduleId: 1, completed: false },
      { moduleId: 2, completed: true },
      { moduleId: 2, completed: true },
      { moduleId: 3, completed: false },
    ]);
    expect(summary.total).toBe(5);
    expect(summary.completed).toBe(3);
    expect(summary.percent).toBe(60);
    expect(summary.byModule.get(1)?.percent).toBe(50);
    expect(summary.byModule.get(2)?.percent).toBe(100);
    expect(summary.byModule.get(3)?.percent).toBe(0);
    expect(summary.byModule.get(4)).toBeUndefined();
  });

  it('is 0 for a course without lessons', () => {
    expect(summarizeProgress([]).percent).toBe(0);
  });
});

describe('completedFlag', () => {
  it('is the string the spec names', () => {
    expect(completedFlag(true)).toBe('true');
    expect(completedFlag(false)).toBe('false');
  });
});

describe('courseProgressOverview', () => {
  it('weighs every openable lesson once across the visible courses', () => {
    const counts = new Map([
      [1, { completed: 10, total: 10 }],
      [2, { completed: 0, total: 30 }],
      [3, { completed: 5, total: 10 }],
    ]);
    expect(courseProgressOverview([1, 2, 3, 4], counts)).toEqual({
      courses: 4,
      completedCourses: 1,
      lessons: 50,
      completedLessons: 15,
      percent: 30,
    });
  });

  it('is zero with no courses or no lessons', () => {
    expect(courseProgressOverview([], new Map()).percent).toBe(0);
    expect(courseProgressOverview([7], new Map([[7, { completed: 0, total: 0 }]]))).toEqual({
      courses: 1,
      completedCourses: 0,
      lessons: 0,
      completedLessons: 0,
      percent: 0,
    });
  });
});

describe('resumeLessonOf', () => {
  const listed = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
  it('resumes after the last completed lesson, else at the first not completed, else at the start', () => {
    expect(resumeLessonOf(listed, new Set())?.id).toBe(1);
    expect(resumeLessonOf(listed, new Set([1, 2]))?.id).toBe(3);
    expect(resumeLessonOf(listed, new Set([1, 3]))?.id).toBe(4);
    expect(resumeLessonOf(listed, new Set([2, 4]))?.id).toBe(1);
    expect(resumeLessonOf(listed, new Set([1, 2, 3, 4]))?.id).toBe(1);
    expect(resumeLessonOf([], new Set([1]))).toBeUndefined();
  });
});

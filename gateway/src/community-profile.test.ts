import { describe, expect, it } from '@jest/globals';
import { completedCourses } from './community-profile';

describe('completedCourses', () => {
  it('keeps course, title and day of each certificate, nothing else', () => {
    const body = {
      certificates: [
        { id: 'c1', courseId: 3, courseTitle: 'PPC', completedAt: '2026-11-01T00:00:00.000Z', fullName: 'Ann' },
        { id: 'c2', courseId: 'x' },
      ],
    };
    expect(completedCourses(body)).toEqual([
      { courseId: 3, courseTitle: 'PPC', completedAt: '2026-11-01T00:00:00.000Z' },
    ]);
  });

  it('is null for an answer without a list', () => {
    expect(completedCourses({})).toBeNull();
    expect(completedCourses(null)).toBeNull();
  });
});

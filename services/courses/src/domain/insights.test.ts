import { describe, expect, it } from '@jest/globals';
import { funnelDrops } from './insights';

describe('funnelDrops', () => {
  it('measures each drop from the step before (members started first) and marks the largest, first of equals', () => {
    const { steps, steepestDropLessonId } = funnelDrops(10, [
      { id: 1, completed: 8 },
      { id: 2, completed: 8 },
      { id: 3, completed: 3 },
      { id: 4, completed: 4 },
      { id: 5, completed: 1 },
    ]);
    expect(steps.map((s) => s.drop)).toEqual([2, 0, 5, 0, 3]);
    expect(steepestDropLessonId).toBe(3);
    expect(
      funnelDrops(4, [
        { id: 7, completed: 2 },
        { id: 8, completed: 0 },
      ]).steepestDropLessonId,
    ).toBe(7);
  });

  it('has no steepest drop when nobody is lost', () => {
    expect(funnelDrops(0, [{ id: 1, completed: 0 }]).steepestDropLessonId).toBeNull();
    expect(funnelDrops(2, []).steps).toEqual([]);
  });
});

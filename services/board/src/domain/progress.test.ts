import { describe, expect, it } from '@jest/globals';
import { boardProgress, checklistPercent, statusShares } from './progress';

const list = (name: string, cardCount: number, fixed = true) => ({ name, fixed, cardCount });

describe('progress', () => {
  it('floors the checklist percent', () => {
    expect(checklistPercent(0, 0)).toBe(0);
    expect(checklistPercent(1, 3)).toBe(33);
    expect(checklistPercent(2, 3)).toBe(66);
    expect(checklistPercent(3, 3)).toBe(100);
  });

  it('counts COMPLETED over the four progress lists, rounded, 0 with none completed', () => {
    expect(boardProgress([list('NOT STARTED', 3), list('COMPLETED', 0)])).toBe(0);
    expect(boardProgress([])).toBe(0);
    // 2 of 3 -> 66.67 -> 67 (rounded, not floored); FOR REVIEW and custom lists do not count.
    expect(
      boardProgress([
        list('NOT STARTED', 1),
        list('COMPLETED', 2),
        list('FOR REVIEW', 5),
        list('PERSONAL NOTES', 4),
        list('COMPLETED', 9, false),
      ]),
    ).toBe(67);
    expect(boardProgress([list('IN PROGRESS', 1), list('ON HOLD', 2), list('COMPLETED', 1)])).toBe(25);
  });

  it('shares the dashboard donut over the four status lists, zero with no cards', () => {
    expect(statusShares([list('NOT STARTED', 0), list('COMPLETED', 0)])).toEqual({
      total: 0,
      counts: { notStarted: 0, inProgress: 0, completed: 0, onHold: 0 },
      percent: { notStarted: 0, inProgress: 0, completed: 0, onHold: 0 },
    });
    const shares = statusShares([
      list('NOT STARTED', 3),
      list('IN PROGRESS', 2),
      list('COMPLETED', 1),
      list('ON HOLD', 0),
      list('FOR REVIEW', 7),
      list('IN PROGRESS', 5, false),
    ]);
    expect(shares.total).toBe(6);
    expect(shares.counts).toEqual({ notStarted: 3, inProgress: 2, completed: 1, onHold: 0 });
    // 1/6 = 16.7 -> 17, 2/6 = 33.3 -> 33, 3/6 = 50.
    expect(shares.percent).toEqual({ notStarted: 50, inProgress: 33, completed: 17, onHold: 0 });
  });
});

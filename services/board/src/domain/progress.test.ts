import { describe, expect, it } from '@jest/globals';
import { boardProgress, checklistPercent } from './progress';

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
});

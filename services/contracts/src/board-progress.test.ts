import { describe, expect, it } from '@jest/globals';
import { checklistPercent, percentFloor, percentRound, totalProgressPercent } from './board-progress';

describe('board progress in whole numbers', () => {
  it('floors and rounds every pair up to 200 exactly as rational arithmetic does', () => {
    for (let whole = 1; whole <= 200; whole += 1) {
      for (let part = 0; part <= whole; part += 1) {
        // Exact reference in BigInt: no floating point anywhere.
        const floor = Number((BigInt(part) * 100n) / BigInt(whole));
        const round = Number((BigInt(part) * 200n + BigInt(whole)) / (BigInt(whole) * 2n));
        expect(percentFloor(part, whole)).toBe(floor);
        expect(percentRound(part, whole)).toBe(round);
      }
    }
  });

  it('gives the figures the spec expects where floating point did not', () => {
    expect(checklistPercent(29, 50)).toBe(58);
    expect(checklistPercent(29, 100)).toBe(29);
    expect(totalProgressPercent(23, 40)).toBe(58);
    expect(checklistPercent(0, 0)).toBe(0);
    expect(totalProgressPercent(0, 10)).toBe(0);
  });
});

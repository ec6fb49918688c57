import { describe, expect, it } from '@jest/globals';
import { isMoveTheNeedleHidden, MEMBERSHIP_CUTOFF_DATE } from './board-access';

describe('Move the Needle cut-off (premium accounts created on or after 2025-02-13 UTC)', () => {
  it('is the day the spec names', () => {
    expect(MEMBERSHIP_CUTOFF_DATE).toBe('2025-02-13');
  });

  it('hides the board from premium accounts created on or after the day, in UTC', () => {
    expect(isMoveTheNeedleHidden({ role: 'premium', createdAt: '2025-02-12T23:59:59.999Z' })).toBe(false);
    expect(isMoveTheNeedleHidden({ role: 'premium', createdAt: '2025-02-13T00:00:00.000Z' })).toBe(true);
    // 2025-02-12 20:00 in New York is already the 13th in UTC.
    expect(isMoveTheNeedleHidden({ role: 'premium', createdAt: '2025-02-12T20:00:00-05:00' })).toBe(true);
    expect(isMoveTheNeedleHidden({ role: 'premium', createdAt: '2026-01-01T00:00:00.000Z' })).toBe(true);
  });

  it('never hides it from other roles', () => {
    for (const role of ['admin', 'coach', 'course only', 'basic']) {
      expect(isMoveTheNeedleHidden({ role, createdAt: '2026-01-01T00:00:00.000Z' })).toBe(false);
    }
  });

  it('keeps the board when the creation date is unknown or unreadable', () => {
    expect(isMoveTheNeedleHidden({ role: 'premium', createdAt: null })).toBe(false);
    expect(isMoveTheNeedleHidden({ role: 'premium' })).toBe(false);
    expect(isMoveTheNeedleHidden({ role: 'premium', createdAt: 'not a date' })).toBe(false);
  });
});

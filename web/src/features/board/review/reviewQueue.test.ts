import { describe, expect, it } from '@jest/globals';
import { excerpt, pageCount, waitingFor } from './reviewQueue';

describe('review queue rules', () => {
  it('says how long a card has waited, in the largest unit', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(waitingFor('2026-01-10T11:59:30Z', now)).toBe('Waiting less than a minute');
    expect(waitingFor('2026-01-10T11:59:00Z', now)).toBe('Waiting 1 minute');
    expect(waitingFor('2026-01-10T09:00:00Z', now)).toBe('Waiting 3 hours');
    expect(waitingFor('2026-01-07T12:00:00Z', now)).toBe('Waiting 3 days');
    expect(waitingFor('not a date', now)).toBe('');
  });

  it('cuts a long comment at a word and folds its lines', () => {
    expect(excerpt('short\n\ntext')).toBe('short text');
    const long = 'word '.repeat(60);
    const cut = excerpt(long, 20);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(21);
    expect(cut).toBe('word word word word…');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

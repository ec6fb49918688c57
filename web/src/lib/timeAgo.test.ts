import { describe, expect, it } from '@jest/globals';
import { clipAtWord, greeting, timeAgo } from './timeAgo';

const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('greeting', () => {
  it("greets a new account 'Welcome' for its first day, then 'Welcome back'", () => {
    expect(greeting('Ada  Lovelace', '2026-11-24T08:00:00Z', NOW)).toBe('Welcome, Ada.');
    expect(greeting('Ada Lovelace', '2026-11-23T11:00:00Z', NOW)).toBe('Welcome back, Ada.');
    expect(greeting('Ada', 'not a date', NOW)).toBe('Welcome back, Ada.');
  });
});

describe('clipAtWord', () => {
  it('cuts a long title after a whole word, with an ellipsis', () => {
    expect(clipAtWord('Short title', 60)).toBe('Short title');
    expect(clipAtWord('How to find a supplier for private label products in China', 30)).toBe(
      'How to find a supplier for…',
    );
    expect(clipAtWord('Sourcing, shipping, and more', 12)).toBe('Sourcing…');
    expect(clipAtWord('Supercalifragilisticexpialidocious', 10)).toBe('Supercalif…');
  });
});

describe('timeAgo', () => {
  it('says how long ago in the largest unit that fits', () => {
    expect(timeAgo('2026-11-24T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2026-11-24T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-24T09:00:00Z', NOW)).toBe('3 hours ago');
    expect(timeAgo('2026-11-23T12:00:00Z', NOW)).toBe('yesterday');
    expect(timeAgo('2026-11-10T12:00:00Z', NOW)).toBe('2 weeks ago');
    expect(timeAgo('2025-11-24T12:00:00Z', NOW)).toBe('last year');
  });

  it('is empty for a date it cannot read, and never in the future', () => {
    expect(timeAgo('not a date', NOW)).toBe('');
    expect(timeAgo('2026-11-25T12:00:00Z', NOW)).toBe('just now');
  });
});

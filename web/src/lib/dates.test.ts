import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  displayTimeZone,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTime,
  setDisplayTimeZone,
} from './dates';

const at = '2026-05-03T21:00:00Z';

afterEach(() => setDisplayTimeZone(null));

describe('dates in the person’s zone', () => {
  it('formats in the zone the session set', () => {
    setDisplayTimeZone('America/New_York');
    expect(displayTimeZone()).toBe('America/New_York');
    expect(formatDate(at)).toBe('May 3, 2026');
    expect(formatDateTime(at)).toBe('May 3, 2026, 5:00 PM');
    expect(formatTime(at)).toBe('5:00 PM');
    expect(formatDateTimeWithZone(at)).toBe('May 3, 2026, 5:00 PM EDT');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDate(at)).toBe('May 4, 2026');
    expect(formatTime(at)).toBe('6:00 AM');
  });

  it("falls back to the browser's zone without one (or with one it cannot use)", () => {
    const browser = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    setDisplayTimeZone('Nowhere/Else');
    expect(displayTimeZone()).toBe(browser);
    expect(formatDate(at, 'UTC')).toBe('May 3, 2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows calendar days as the day they name, in any zone', () => {
    setDisplayTimeZone('Pacific/Honolulu');
    expect(formatCalendarDay('2026-11-26')).toBe('Nov 26');
    expect(formatCalendarDay('2025-02-13', 'long')).toBe('February 13, 2025');
  });

  it('words relative times, money and numbers in US English', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(formatRelative('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2026-11-23T12:00:00Z', now)).toBe('yesterday');
    expect(formatMoney(49)).toBe('$49.00');
    expect(formatMoney(19.99, 'eur')).toBe('€19.99');
    expect(formatMoney(5, 'nope')).toBe('5.00 NOPE');
    expect(formatNumber(12345)).toBe('12,345');
  });
});

/** A lint of its own: dates and amounts are formatted by lib/dates.ts alone, so they all follow her zone. */
describe('web/src formats dates only through lib/dates', () => {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
    });
  const forbidden = [
    /['"]en-US['"]/,
    /\.toLocale(Date|Time)?String\(/,
    /Intl\.DateTimeFormat\(/,
    /Intl\.NumberFormat\(/,
  ];

  it('finds none of en-US, toLocale*String or Intl.DateTimeFormat( outside it', () => {
    const found: string[] = [];
    for (const file of files(root)) {
      const name = relative(root, file);
      if (name === join('lib', 'dates.ts')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (forbidden.some((pattern) => pattern.test(line))) found.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});

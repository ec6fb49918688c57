import { describe, expect, it } from '@jest/globals';
import {
  canonicalTimeZone,
  formatDateInZone,
  instantOfWallClock,
  isTimeZone,
  TIME_ZONE_MESSAGE,
  timeZoneNames,
  wallClockOf,
  zoneOffsetMs,
} from './time-zone';
import { userUpsertSchema } from './users';

describe('time zones', () => {
  it('accepts IANA zones and UTC, under one spelling', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(canonicalTimeZone('utc')).toBe('UTC');
    // An alias is stored as the name the runtime lists, so one zone never has two spellings.
    expect(timeZoneNames()).toContain(canonicalTimeZone('Asia/Kolkata'));
    expect(timeZoneNames()).toContain('UTC');
  });

  it('refuses offsets, unknown and overlong names', () => {
    for (const name of ['', 'Mars/Olympus_Mons', '+05:00', 'EST5EDT; DROP TABLE', 'America/New_York'.repeat(5)]) {
      expect(isTimeZone(name)).toBe(false);
    }
  });

  it('is a field error keyed timeZone on the user upsert', () => {
    const refused = userUpsertSchema.safeParse({ id: 7, timeZone: 'Mars/Olympus_Mons' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['timeZone'], message: TIME_ZONE_MESSAGE });
    expect(userUpsertSchema.safeParse({ id: 7, timeZone: 42 }).success).toBe(false);
    expect(userUpsertSchema.parse({ id: 7, timeZone: ' Europe/Paris ' }).timeZone).toBe('Europe/Paris');
    expect(userUpsertSchema.parse({ id: 7, timeZone: null }).timeZone).toBeNull();
    expect(userUpsertSchema.parse({ id: 7 }).timeZone).toBeUndefined();
  });
});

describe('formatDateInZone', () => {
  const at = '2026-05-03T21:00:00Z';
  it("shows a mailed date and time in the recipient's zone, with the zone named", () => {
    expect(formatDateInZone(at, 'America/New_York')).toBe('May 3, 2026, 5:00 PM EDT');
    expect(formatDateInZone(new Date(at), 'Australia/Sydney')).toBe('May 4, 2026, 7:00 AM GMT+10');
    expect(formatDateInZone(at, 'America/New_York', { day: true })).toBe('May 3, 2026');
  });

  it('uses UTC without a zone or with one it does not know; an invalid date is empty', () => {
    expect(formatDateInZone(at, null)).toBe('May 3, 2026, 9:00 PM UTC');
    expect(formatDateInZone(at, 'Nowhere/Else')).toBe('May 3, 2026, 9:00 PM UTC');
    expect(formatDateInZone('not a date', 'UTC')).toBe('');
  });
});

describe('wall clocks in a zone', () => {
  it('reads a wall clock as the instant it names there, and back', () => {
    expect(instantOfWallClock('2026-12-01T17:05', 'America/New_York')).toBe('2026-12-01T17:05:00-05:00');
    expect(instantOfWallClock('2026-07-01T17:05', 'America/New_York')).toBe('2026-07-01T17:05:00-04:00');
    expect(instantOfWallClock('2026-06-01T09:00', 'Asia/Kolkata')).toBe('2026-06-01T09:00:00+05:30');
    expect(instantOfWallClock('2026-06-01T09:00', 'UTC')).toBe('2026-06-01T09:00:00+00:00');
    expect(wallClockOf(Date.parse('2026-12-01T22:05:00Z'), 'America/New_York')).toBe('2026-12-01T17:05');
    expect(wallClockOf(Date.parse('2026-12-01T22:05:00Z'), 'Europe/Berlin')).toBe('2026-12-01T23:05');
    expect(zoneOffsetMs(Date.parse('2026-06-01T00:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });

  it('moves a time the clocks skip forward, and takes the first of a time that happens twice', () => {
    // New York jumps from 02:00 to 03:00 on 2026-03-08 and goes back from 02:00 to 01:00 on 2026-11-01.
    expect(instantOfWallClock('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    expect(instantOfWallClock('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
    // Berlin jumps from 02:00 to 03:00 on 2026-03-29; the hour before is still winter time.
    expect(instantOfWallClock('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
    expect(instantOfWallClock('2026-03-29T01:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00+01:00');
  });

  it('refuses what is not a whole date and time', () => {
    for (const value of ['', '2026-02-31T10:00', '2026-12-01', '2026-12-01T24:00', '2026-12-01T17:05:00']) {
      expect(instantOfWallClock(value, 'UTC')).toBeNull();
    }
  });
});

import { describe, expect, it } from '@jest/globals';
import { canonicalTimeZone, formatDateInZone, isTimeZone, TIME_ZONE_MESSAGE, timeZoneNames } from './time-zone';
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

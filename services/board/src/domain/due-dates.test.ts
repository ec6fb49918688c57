import { describe, expect, it } from '@jest/globals';
import { dueStatus, isDueThisWeek } from '@rainmakers/contracts';
import { dueDateChange, type ReminderKind, reminderDue } from './due-dates';
import { dueMail } from './mail';

const now = new Date('2026-12-02T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const none = new Set<ReminderKind>();

describe('dueStatus', () => {
  it('classifies none, later, soon (within 24 h), overdue, and done on a completed list', () => {
    expect(dueStatus(null, now, false)).toBe('none');
    expect(dueStatus(at(25), now, false)).toBe('later');
    expect(dueStatus(at(24), now, false)).toBe('soon');
    expect(dueStatus(at(0.01), now, false)).toBe('soon');
    expect(dueStatus(at(0), now, false)).toBe('overdue');
    expect(dueStatus(at(-48).toISOString(), now, false)).toBe('overdue');
    expect(dueStatus(at(-48), now, true)).toBe('done');
    expect(dueStatus('not a date', now, false)).toBe('none');
  });

  it('knows the week (Monday to Sunday) of now', () => {
    // 2026-12-02 is a Wednesday; the test runs in UTC (TZ of the unit project) or any zone at least an hour away
    // from midnight of these instants.
    expect(isDueThisWeek(at(24), now)).toBe(true);
    expect(isDueThisWeek(at(-24), now)).toBe(true);
    expect(isDueThisWeek(at(24 * 8), now)).toBe(false);
    expect(isDueThisWeek(null, now)).toBe(false);
  });

  it("knows the week in the person's own zone", () => {
    // Monday 2026-11-30 00:30 in Tokyo is still Sunday 15:30 UTC: the week there has begun, in London it has not.
    const mondayTokyo = new Date('2026-11-29T15:30:00Z');
    const dueTokyoMonday = new Date('2026-11-29T15:15:00Z'); // Monday 00:15 in Tokyo
    expect(isDueThisWeek(dueTokyoMonday, mondayTokyo, 'Asia/Tokyo')).toBe(true);
    expect(isDueThisWeek(dueTokyoMonday, mondayTokyo, 'Europe/London')).toBe(true);
    // Sunday 23:45 in Tokyo belongs to the week before there, to the same week in London (both on Sunday there).
    const sundayTokyo = new Date('2026-11-29T14:45:00Z');
    expect(isDueThisWeek(sundayTokyo, mondayTokyo, 'Asia/Tokyo')).toBe(false);
    expect(isDueThisWeek(sundayTokyo, mondayTokyo, 'Europe/London')).toBe(true);
  });
});

describe('reminderDue', () => {
  it('owes due-soon within 24 hours, overdue once passed, nothing further off', () => {
    expect(reminderDue(at(30), now, none)).toBeNull();
    expect(reminderDue(at(23), now, none)).toBe('due-soon');
    expect(reminderDue(at(-1), now, none)).toBe('overdue');
  });

  it('never owes one twice, and skips a late due-soon for a card already overdue', () => {
    expect(reminderDue(at(23), now, new Set(['due-soon']))).toBeNull();
    expect(reminderDue(at(-1), now, new Set(['due-soon']))).toBe('overdue');
    expect(reminderDue(at(-1), now, new Set(['overdue']))).toBeNull();
    expect(reminderDue(at(-1), now, new Set(['due-soon', 'overdue']))).toBeNull();
  });
});

describe('dueDateChange', () => {
  it('tells a change of the instant, not of the representation', () => {
    expect(dueDateChange(null, null)).toBeNull();
    expect(dueDateChange(at(1), new Date(at(1).getTime()))).toBeNull();
    expect(dueDateChange(null, at(1))).toEqual({ before: null, after: at(1) });
    expect(dueDateChange(at(1), null)).toEqual({ before: at(1), after: null });
  });
});

describe('dueMail', () => {
  it('names the card, the due time in UTC while she has no zone, and the link', () => {
    const mail = dueMail(
      { cardId: 7, cardTitle: 'Ship it', boardUserId: 3, dueAt: '2026-12-02T17:30:00.000Z', kind: 'overdue' },
      { fullName: 'Priya', email: 'p@example.com' },
      'https://app.example/',
    );
    expect(mail.to).toBe('p@example.com');
    expect(mail.subject).toBe('Overdue: "Ship it"');
    expect(mail.text).toContain('was due December 2, 2026, 5:30 PM UTC');
    expect(mail.text).toContain('https://app.example/move-the-needle/3?card=7');
  });

  it('states the due time in her own zone, named', () => {
    const mail = dueMail(
      { cardId: 7, cardTitle: 'Ship it', boardUserId: 3, dueAt: '2026-12-02T17:30:00.000Z', kind: 'due-soon' },
      { fullName: 'Priya', email: 'p@example.com', timeZone: 'America/New_York' },
      'https://app.example/',
    );
    expect(mail.text).toContain('is due December 2, 2026, 12:30 PM EST');
  });
});

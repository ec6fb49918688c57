import { describe, expect, it } from '@jest/globals';
import {
  activePeriods,
  buildOverview,
  hourOf,
  isChurn,
  localDate,
  mrrContribution,
  periodBounds,
  periodStart,
  periodsOf,
  rangeInstants,
  startOfLocalDay,
} from './analytics';

describe('periods in a time zone', () => {
  it('weeks start on Monday, months on the first; a Sunday belongs to the week before', () => {
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday
    expect(periodStart('2026-11-30', 'week')).toBe('2026-11-30'); // a Monday
    expect(periodStart('2026-01-01', 'week')).toBe('2025-12-29'); // across the year
    expect(periodStart('2026-02-17', 'month')).toBe('2026-02-01');
    expect(periodsOf('2026-01-30', '2026-03-02', 'month')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(periodsOf('2026-11-25', '2026-12-07', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(periodsOf('2024-02-27', '2024-03-01', 'day')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('a local day starts at local midnight, also on the days DST begins and ends', () => {
    // New York: 2026-03-08 springs forward (23-hour day), 2026-11-01 falls back (25-hour day).
    const spring = rangeInstants('2026-03-08', '2026-03-08', 'America/New_York');
    expect(new Date(spring.start).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const fall = rangeInstants('2026-11-01', '2026-11-01', 'America/New_York');
    expect(new Date(fall.start).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect((fall.end - fall.start) / 3_600_000).toBe(25);
    // Berlin: 2026-03-29 at 02:00 local.
    expect(new Date(startOfLocalDay('2026-03-29', 'Europe/Berlin')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(startOfLocalDay('2026-03-30', 'Europe/Berlin')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // A zone east of UTC with a half hour, and UTC itself.
    expect(new Date(startOfLocalDay('2026-06-01', 'Asia/Kolkata')).toISOString()).toBe('2026-05-31T18:30:00.000Z');
    expect(new Date(startOfLocalDay('2026-06-01', 'UTC')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it("a range's periods begin at the range's start, then at each period's local midnight", () => {
    const weeks = periodBounds('2026-03-04', '2026-03-17', 'week', 'America/New_York');
    expect(weeks.map((b) => [b.period, new Date(b.start).toISOString()])).toEqual([
      ['2026-03-02', '2026-03-04T05:00:00.000Z'], // the first week is cut at `from`
      ['2026-03-09', '2026-03-09T04:00:00.000Z'], // after the change to summer time
      ['2026-03-16', '2026-03-16T04:00:00.000Z'],
    ]);
    const days = periodBounds('2026-06-01', '2026-06-02', 'day', 'Asia/Kolkata');
    expect(days.map((b) => new Date(b.start).toISOString())).toEqual([
      '2026-05-31T18:30:00.000Z',
      '2026-06-01T18:30:00.000Z',
    ]);
  });

  it('a day whose midnight does not exist starts when the clocks resume', () => {
    // Santiago moves from 00:00 to 01:00 on 2026-09-06.
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('the local date of an instant follows the zone', () => {
    const ms = Date.parse('2026-11-29T03:30:00Z');
    expect(localDate(ms, 'UTC')).toBe('2026-11-29');
    expect(localDate(ms, 'America/Los_Angeles')).toBe('2026-11-28');
    expect(localDate(ms, 'Pacific/Auckland')).toBe('2026-11-29');
  });

  it('activity counts in its UTC day, ISO week and month; rows are kept per UTC hour', () => {
    expect(activePeriods(Date.parse('2026-11-29T23:59:00Z'))).toEqual([
      { grain: 'd', period: '2026-11-29' },
      { grain: 'w', period: '2026-11-23' },
      { grain: 'm', period: '2026-11-01' },
    ]);
    expect(hourOf(Date.parse('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
  });
});

describe('aggregation rules', () => {
  it('a live subscription that ends is a churn; a past-due one still brings revenue', () => {
    expect(isChurn('active', 'canceled')).toBe(true);
    expect(isChurn('past_due', 'incomplete_expired')).toBe(true);
    expect(isChurn('trialing', null)).toBe(true);
    expect(isChurn(null, 'canceled')).toBe(false);
    expect(isChurn('canceled', 'canceled')).toBe(false);
    expect(isChurn('active', 'past_due')).toBe(false);
    expect(mrrContribution('active', 9700)).toBe(9700);
    expect(mrrContribution('past_due', 9700)).toBe(9700);
    expect(mrrContribution('trialing', 9700)).toBe(0);
    expect(mrrContribution('canceled', 9700)).toBe(0);
  });

  it('sums additive figures per period, carries MRR forward from before the range, totals by their rule', () => {
    const overview = buildOverview({
      from: '2026-11-01',
      to: '2026-11-03',
      interval: 'day',
      timeZone: 'UTC',
      currency: 'usd',
      mrrBefore: 19_400,
      sums: [
        { metric: 'new', period: '2026-11-01', value: 2 },
        { metric: 'new', period: '2026-11-03', value: 1 },
        { metric: 'completion', period: '2026-11-02', value: 5 },
        { metric: 'board-move', period: '2026-11-02', value: 3 },
        { metric: 'failed-payment', period: '2026-11-03', value: 1 },
        { metric: 'churned', period: '2026-11-03', value: 1 },
        { metric: 'mrr:usd', period: '2026-11-02', value: 9700 },
        { metric: 'mrr:usd', period: '2026-11-03', value: -9700 },
        // Another currency is not this answer's MRR.
        { metric: 'mrr:eur', period: '2026-11-02', value: 5000 },
      ],
      active: [
        { period: '2026-11-01', value: 4 },
        { period: '2026-11-02', value: 7 },
      ],
    });
    expect(overview.series.map((p) => [p.period, p.newMembers, p.activeMembers, p.mrr])).toEqual([
      ['2026-11-01', 2, 4, 19_400],
      ['2026-11-02', 0, 7, 29_100],
      ['2026-11-03', 1, 0, 19_400],
    ]);
    expect(overview.totals).toEqual({
      newMembers: 3,
      activeMembers: 7,
      churnedMembers: 1,
      mrr: 19_400,
      failedPayments: 1,
      completions: 5,
      boardMoves: 3,
    });
    expect(overview.currency).toBe('usd');
  });

  it('an empty range still has every period, with zeros', () => {
    const overview = buildOverview({
      from: '2026-01-15',
      to: '2026-03-15',
      interval: 'month',
      timeZone: 'Europe/Berlin',
      currency: 'usd',
      mrrBefore: 0,
      sums: [],
      active: [],
    });
    expect(overview.series.map((p) => p.period)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(overview.totals.newMembers).toBe(0);
  });
});

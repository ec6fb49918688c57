/**
 * The analytics overview's rules, pure (docs/decisions.md "Analytics from events"): cutting a range into days,
 * weeks (Monday first) or months in a time zone, and adding the reporting store's rows up into those periods.
 */
import type {
  AnalyticsFigures,
  AnalyticsInterval,
  AnalyticsMetric,
  AnalyticsOverview,
  AnalyticsPeriod,
} from '@rainmakers/contracts';
import { zoneOffsetMs } from '@rainmakers/contracts/time-zone';

const DAY_MS = 86_400_000;

/** Subscription statuses that bring revenue in (MRR counts them). */
const PAYING = new Set(['active', 'past_due']);
/** Statuses of a subscription that has ended: reaching one from a live subscription is a churn. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export const isPaying = (status: string | null | undefined) => status != null && PAYING.has(status);
/** Live: anything Stripe still bills or may bill (trialing, active, past_due, unpaid, paused, incomplete). */
export const isLive = (status: string | null | undefined) => status != null && !ENDED.has(status);

/** A subscription moving from `before` to `after` is a churn when it was live and has ended (or vanished). */
export const isChurn = (before: string | null | undefined, after: string | null | undefined) =>
  isLive(before) && !isLive(after);

/** What one subscription adds to MRR in its status. */
export const mrrContribution = (status: string | null | undefined, monthlyCents: number) =>
  isPaying(status) ? monthlyCents : 0;

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, days: number) => dateOf(utcMidnight(date) + days * DAY_MS);

/** The local calendar date (YYYY-MM-DD) of the instant `ms` in `zone`. */
export const localDate = (ms: number, zone: string) => dateOf(ms + zoneOffsetMs(ms, zone));

/**
 * The instant a local date starts in `zone` (its first moment: a day that starts inside a DST gap starts when the
 * clocks resume).
 */
export function startOfLocalDay(date: string, zone: string): number {
  const wall = utcMidnight(date);
  let guess = wall - zoneOffsetMs(wall, zone);
  // Twice: the offset at the guess may differ from the offset at the wall time near a change.
  guess = wall - zoneOffsetMs(guess, zone);
  if (localDate(guess, zone) < date) {
    // Midnight does not exist that day (a gap at 00:00): the day starts at the end of the gap.
    guess += zoneOffsetMs(guess + DAY_MS / 2, zone) - zoneOffsetMs(guess, zone);
  }
  return guess;
}

/** The first day of the period containing `date`: itself, its week's Monday, its month's first. */
export function periodStart(date: string, interval: AnalyticsInterval): string {
  if (interval === 'day') return date;
  if (interval === 'month') return `${date.slice(0, 8)}01`;
  const weekday = new Date(utcMidnight(date)).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

export function nextPeriod(start: string, interval: AnalyticsInterval): string {
  if (interval === 'day') return addDays(start, 1);
  if (interval === 'week') return addDays(start, 7);
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
}

/** The periods covering from..to (labels: each period's first day, the first one may start before `from`). */
export function periodsOf(from: string, to: string, interval: AnalyticsInterval): string[] {
  const periods: string[] = [];
  for (let p = periodStart(from, interval); p <= to; p = nextPeriod(p, interval)) periods.push(p);
  return periods;
}

/** The instants the range covers in `zone`: [start of `from`, start of the day after `to`). */
export const rangeInstants = (from: string, to: string, zone: string) => ({
  start: startOfLocalDay(from, zone),
  end: startOfLocalDay(addDays(to, 1), zone),
});

/**
 * Where each period of the range begins, as instants: the first at the start of `from` (a first week or month may
 * begin before it), the others at their first day's local midnight. The store buckets its hours by these, so
 * PostgreSQL compares instants instead of converting every hour to the zone (docs/decisions.md "Analytics from
 * events").
 */
export function periodBounds(
  from: string,
  to: string,
  interval: AnalyticsInterval,
  zone: string,
): Array<{ period: string; start: number }> {
  return periodsOf(from, to, interval).map((period, i) => ({
    period,
    start: startOfLocalDay(i === 0 ? from : period, zone),
  }));
}

/** An additive figure summed over one period of the zone (labelled by its first day). */
export interface PeriodRow {
  metric: string;
  period: string;
  value: number;
}
/** Distinct active members of one UTC period of a grain ('d', 'w', 'm'). */
export interface ActiveRow {
  period: string;
  value: number;
}

export const ADDITIVE: Record<string, Exclude<AnalyticsMetric, 'activeMembers' | 'mrr'>> = {
  new: 'newMembers',
  churned: 'churnedMembers',
  'failed-payment': 'failedPayments',
  completion: 'completions',
  'board-move': 'boardMoves',
};
export const mrrMetric = (currency: string) => `mrr:${currency.toLowerCase()}`;
export const ACTIVE_GRAIN: Record<AnalyticsInterval, 'd' | 'w' | 'm'> = { day: 'd', week: 'w', month: 'm' };

const zero = (): AnalyticsFigures => ({
  newMembers: 0,
  activeMembers: 0,
  churnedMembers: 0,
  mrr: 0,
  failedPayments: 0,
  completions: 0,
  boardMoves: 0,
});

/**
 * Adds the store's rows up into the periods of the range. Additive figures come summed per period of the zone (the
 * store cuts their UTC hours with PostgreSQL's zone rules); MRR is `mrrBefore` (its level when the range starts) plus its changes up to each period's end; active
 * members are the UTC period's distinct count under the same label (exact in UTC; elsewhere the day is the UTC day
 * of that date). Totals: sums, the busiest period's active members, the last period's MRR.
 */
export function buildOverview(input: {
  from: string;
  to: string;
  interval: AnalyticsInterval;
  timeZone: string;
  currency: string;
  sums: readonly PeriodRow[];
  active: readonly ActiveRow[];
  mrrBefore: number;
}): AnalyticsOverview {
  const { from, to, interval, timeZone, currency } = input;
  const labels = periodsOf(from, to, interval);
  const byLabel = new Map<string, AnalyticsPeriod>(labels.map((period) => [period, { period, ...zero() }]));
  const mrrChanges = new Map<string, number>();
  const mrrKey = mrrMetric(currency);
  for (const row of input.sums) {
    const label = row.period;
    if (row.metric === mrrKey) {
      mrrChanges.set(label, (mrrChanges.get(label) ?? 0) + row.value);
      continue;
    }
    const metric = ADDITIVE[row.metric];
    const period = byLabel.get(label);
    if (metric && period) period[metric] += row.value;
  }
  for (const row of input.active) {
    const period = byLabel.get(row.period);
    if (period) period.activeMembers = row.value;
  }
  let mrr = input.mrrBefore;
  const totals = zero();
  const series = labels.map((label) => {
    const period = byLabel.get(label) as AnalyticsPeriod;
    mrr += mrrChanges.get(label) ?? 0;
    period.mrr = mrr;
    for (const key of ['newMembers', 'churnedMembers', 'failedPayments', 'completions', 'boardMoves'] as const) {
      totals[key] += period[key];
    }
    totals.activeMembers = Math.max(totals.activeMembers, period.activeMembers);
    return period;
  });
  totals.mrr = mrr;
  return { series, totals, currency, interval, timeZone };
}

/** The UTC periods (grain label) an activity at `ms` falls in: its day, its ISO week's Monday, its month. */
export function activePeriods(ms: number): Array<{ grain: 'd' | 'w' | 'm'; period: string }> {
  const day = dateOf(ms);
  return [
    { grain: 'd', period: day },
    { grain: 'w', period: periodStart(day, 'week') },
    { grain: 'm', period: periodStart(day, 'month') },
  ];
}

/** The UTC hour an instant falls in (the store's row). */
export const hourOf = (ms: number) => new Date(ms - (((ms % 3_600_000) + 3_600_000) % 3_600_000));

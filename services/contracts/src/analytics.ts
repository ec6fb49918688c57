import { z } from 'zod';
import { isTimeZone } from './time-zone';

/**
 * GET /api/analytics/overview: the community by its numbers over time (admins). Money is integer cents in the
 * answer's one `currency` (docs/decisions.md "Analytics from events").
 */
export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** The longest range each interval may ask for, in days (bounds the periods and the rows read). */
export const ANALYTICS_MAX_DAYS: Record<AnalyticsInterval, number> = { day: 366, week: 5 * 366, month: 5 * 366 };

export const ANALYTICS_METRICS = [
  'newMembers',
  'activeMembers',
  'churnedMembers',
  'mrr',
  'failedPayments',
  'completions',
  'boardMoves',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

export const ANALYTICS_ERRORS = {
  date: 'Use a date as YYYY-MM-DD',
  fromAfterTo: 'The start must be on or before the end',
  interval: 'Choose day, week or month',
  timeZone: 'Unknown time zone',
  tooLong: (interval: AnalyticsInterval) =>
    interval === 'day' ? 'At most 366 days by day; choose week or month' : 'At most 5 years',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dateField = z.string().refine(isCalendarDate, ANALYTICS_ERRORS.date);

/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const analyticsQuerySchema = z
  .object({
    from: dateField,
    to: dateField,
    interval: z.enum(ANALYTICS_INTERVALS, ANALYTICS_ERRORS.interval).default('day'),
    /** IANA zone the periods are cut in; the web sends the browser's. */
    timeZone: z.string().max(64).refine(isTimeZone, ANALYTICS_ERRORS.timeZone).default('UTC'),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_ERRORS.fromAfterTo });
    } else if (daysInRange(q.from, q.to) > ANALYTICS_MAX_DAYS[q.interval]) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_ERRORS.tooLong(q.interval) });
    }
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsFiguresSchema = z.object({
  newMembers: z.number().int(),
  /** Distinct members who did something (signed in, completed a lesson, moved a card, bought) in the period. */
  activeMembers: z.number().int(),
  /** Subscriptions that ended (canceled, expired) in the period. */
  churnedMembers: z.number().int(),
  /** Monthly recurring revenue at the end of the period, integer cents of `currency`. */
  mrr: z.number().int(),
  failedPayments: z.number().int(),
  completions: z.number().int(),
  boardMoves: z.number().int(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

export const analyticsPeriodSchema = analyticsFiguresSchema.extend({
  /** The period's first day in the asked zone (YYYY-MM-DD): the day, the week's Monday, the month's first. */
  period: z.string(),
});
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const analyticsOverviewSchema = z.object({
  series: z.array(analyticsPeriodSchema),
  /** Sums over the range; activeMembers is the busiest period's, mrr the last period's. */
  totals: analyticsFiguresSchema,
  /** ISO 4217 code (lower case, as Stripe writes it) of every money figure. */
  currency: z.string(),
  interval: z.enum(ANALYTICS_INTERVALS),
  timeZone: z.string(),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

/**
 * GET /api/analytics/overview: the community by its numbers over time, for admins, from the reporting store the
 * users-analytics consumer keeps (no other service is asked at read time; docs/decisions.md "Analytics from
 * events").
 */
import {
  type AnalyticsFigures,
  type AnalyticsOverview,
  type AnalyticsQuery,
  analyticsQuerySchema,
} from '@rainmakers/contracts';
import { forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { ACTIVE_GRAIN, buildOverview, mrrMetric, periodBounds, rangeInstants } from '../domain/analytics';
import { csvLine } from '../domain/csv';
import { canReadAnalytics } from '../policies';
import { readOverviewRows } from '../store/analytics';
import type { UsersDb } from '../store/users';

/** The overview of a parsed query, from the reporting store. */
async function overviewOf(deps: AnalyticsRouteDeps, query: AnalyticsQuery): Promise<AnalyticsOverview> {
  const { end } = rangeInstants(query.from, query.to, query.timeZone);
  const rows = await readOverviewRows(deps.db, {
    periods: periodBounds(query.from, query.to, query.interval, query.timeZone),
    end: new Date(end),
    grain: ACTIVE_GRAIN[query.interval],
    mrrMetric: mrrMetric(deps.analyticsCurrency),
  });
  return buildOverview({ ...query, currency: deps.analyticsCurrency, ...rows });
}

interface AnalyticsRouteDeps {
  db: UsersDb;
  analyticsCurrency: string;
}

export function analyticsRoutes(deps: AnalyticsRouteDeps): Router {
  const router = Router();
  router.get('/overview', async (req, res) => {
    const actor = requireActor(req);
    if (!canReadAnalytics(actor)) throw forbidden();
    const overview = await overviewOf(deps, parse(analyticsQuerySchema, req.query));
    res.set('Cache-Control', 'no-store').json(overview);
  });
  // The same numbers as a spreadsheet: one line per period, then the totals (cells formula-safe).
  router.get('/overview.csv', async (req, res) => {
    const actor = requireActor(req);
    if (!canReadAnalytics(actor)) throw forbidden();
    const query = parse(analyticsQuerySchema, req.query);
    const overview = await overviewOf(deps, query);
    const money = (cents: number) => (cents / 100).toFixed(2);
    const line = (label: string, f: AnalyticsFigures) =>
      csvLine([
        label,
        f.newMembers,
        f.activeMembers,
        f.churnedMembers,
        money(f.mrr),
        f.failedPayments,
        f.completions,
        f.boardMoves,
      ]);
    const currency = overview.currency.toUpperCase();
    let body = csvLine([
      `Period (${query.interval}, ${query.timeZone})`,
      'New members',
      'Active members',
      'Churned members',
      `MRR (${currency})`,
      'Failed payments',
      'Completions',
      'Board moves',
    ]);
    for (const period of overview.series) body += line(period.period, period);
    body += line('Total', overview.totals);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="analytics-${query.from}-${query.to}.csv"`);
    res.setHeader('cache-control', 'no-store');
    res.send(body);
  });
  return router;
}

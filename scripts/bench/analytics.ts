/**
 * The analytics scenario: the users service's reporting store filled as a year of a 100,000-person community
 * would leave it (100,000 people counted as new, every metric's hourly rows for 366 days, MRR's changes, the
 * distinct active counts per UTC day, week and month), then admins ask GET /api/analytics/overview for that
 * year by day in a zone with DST, over and over. The per-person active facts (tens of millions of rows a year) are
 * not written: the route reads only their counts.
 */
import { createDatabase } from '@rainmakers/kit';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

export const ANALYTICS_PEOPLE = 100_000;
export const ANALYTICS_P95_TARGET_MS = 150;
/** Ids far above any seeded or generated person's. */
const FIRST_ID = 50_000_001;

export interface AnalyticsYear {
  from: string;
  to: string;
  hourlyRows: number;
}

export async function prepareAnalyticsYear(usersDb: string): Promise<AnalyticsYear> {
  const database = createDatabase<Record<string, never>>(usersDb, { max: 1 });
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  try {
    const pool = database.pool;
    await pool.query(
      `INSERT INTO analytics_members (user_id, created_at)
       SELECT $1::int + g, now() - make_interval(secs => ((g * 7919) % (366 * 86400))::double precision)
       FROM generate_series(0, $2::int - 1) g ON CONFLICT DO NOTHING`,
      [FIRST_ID, ANALYTICS_PEOPLE],
    );
    // Every metric's hours of the year: new members as the people above would give, the rest made up.
    const inserted = await pool.query(
      `INSERT INTO analytics_hourly (metric, hour, value)
       SELECT m.metric, h.hour, 1 + (extract(epoch FROM h.hour)::bigint / 3600 * m.k) % m.spread
       FROM generate_series(date_trunc('hour', now()) - interval '366 days', date_trunc('hour', now()), interval '1 hour') h(hour)
       CROSS JOIN (VALUES ('new', 7, 23), ('completion', 11, 90), ('board-move', 13, 30), ('failed-payment', 17, 2),
                          ('churned', 19, 2), ('mrr:usd', 23, 9700)) AS m(metric, k, spread)
       ON CONFLICT (metric, hour) DO NOTHING`,
    );
    await pool.query(
      `INSERT INTO analytics_active (grain, period, value)
       SELECT g.grain, p.period::date, 20000 + (extract(doy FROM p.period)::int * 37) % 15000
       FROM (VALUES ('d', interval '1 day', 'day'), ('w', interval '1 week', 'week'), ('m', interval '1 month', 'month'))
            AS g(grain, step, unit)
       CROSS JOIN LATERAL generate_series(date_trunc(g.unit, now() - interval '366 days'), now(), g.step) p(period)
       ON CONFLICT (grain, period) DO NOTHING`,
    );
    await pool.query(`INSERT INTO analytics_markers (name) VALUES ('backfill-users-v1') ON CONFLICT DO NOTHING`);
    await pool.query('ANALYZE analytics_hourly, analytics_active, analytics_members');
    return { from, to, hourlyRows: inserted.rowCount ?? 0 };
  } finally {
    await database.close();
  }
}

/**
 * One connection is what an admin opening /analytics waits for (the target); ten are ten admins asking for the same
 * year at the same moment, for the cost (every answer is computed afresh: nothing is cached).
 */
export function analyticsScenario(
  gatewayUrl: string,
  admin: SessionHeaders,
  year: AnalyticsYear,
  connections: 1 | 10,
): ScenarioPlan {
  return {
    key: connections === 1 ? 'analytics' : 'analytics-10',
    name: `analytics overview (admin, ${connections} conn)`,
    description:
      `GET /api/analytics/overview, a year by day in America/New_York, over a reporting store of ` +
      `${ANALYTICS_PEOPLE.toLocaleString('en-US')} people (${year.hourlyRows} hourly rows)`,
    origin: gatewayUrl,
    connections,
    targets: connections === 1 ? [{ p95BelowMs: ANALYTICS_P95_TARGET_MS }] : [],
    next: () => ({
      method: 'GET',
      path: `/api/analytics/overview?from=${year.from}&to=${year.to}&interval=day&timeZone=America%2FNew_York`,
      headers: { ...admin.read, 'accept-encoding': 'gzip, deflate, br' },
    }),
  };
}

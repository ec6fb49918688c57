/**
 * The users table at scale: `GET /api/user/read-many` as the admin's /users screen asks it with a filter
 * and a sort, on 100,000 people, at 10 connections. Target: p95 < 50 ms. explainUsersList (printed by the bench after
 * the scenario) and services/users/test/search-plan.test.ts show the sort indexes of migration 007 serve it.
 *
 * The people are topped up straight into the users database (no events: the list only reads), spread over the roles,
 * payment statuses and two years of join dates like a real community, so each filter keeps a realistic share.
 */
import { userListQuerySchema } from '@rainmakers/contracts';
import { createDatabase, parse } from '@rainmakers/kit';
import pg from 'pg';
import { buildUserSearch, normalizeListQuery } from '../../services/users/src/domain/listing';
import type { Schema } from '../../services/users/src/store/schema';
import { userSearchQueries } from '../../services/users/src/store/users';
import { type ExplainedStatement, explainStatement } from './explain';
import type { LoadRequest } from './load';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

export const USERS_LIST_PEOPLE = 100_000;
export const USERS_LIST_P95_MS = 50;

/** Tops the users table up to `total` people of every role and payment status; returns how many there are. */
export async function fillUsersForList(usersDb: string, total: number): Promise<number> {
  const client = new pg.Client({ connectionString: usersDb });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    const have = rows[0]?.n ?? 0;
    if (have < total) {
      await client.query(
        `INSERT INTO users (full_name, email, role, city, state, country, stripe_status, created_at)
         SELECT initcap(substr(md5(n::text), 1, 6)) || ' ' || initcap(substr(md5((n * 7)::text), 1, 9)),
                'bench-list-' || $2 || '-' || n || '@bench.test',
                (ARRAY['basic', 'premium', 'premium', 'course only', 'basic', 'coach'])[1 + n % 6],
                'Austin', 'TX', 'United States',
                (ARRAY['active', 'active', 'active', NULL, 'past_due', 'unpaid', 'canceled', 'incomplete'])[1 + n % 8],
                now() - (n % 730) * interval '1 day' - (n % 1440) * interval '1 minute'
         FROM generate_series(1, $1::int) AS n`,
        [total - have, Date.now().toString(36)],
      );
      // What autovacuum does soon after a bulk insert (PostgreSQL 13+ vacuums after inserts too): the visibility
      // map lets the counts of a match be read from the indexes alone.
      await client.query('VACUUM ANALYZE users');
    }
    return Math.max(have, total);
  } finally {
    await client.end();
  }
}

/** The screens' asks: a role or payment filter with a sort, over the first pages (rotating). */
const SHAPES = [
  { 'filters[role]': 'premium', sort: 'name', order: 'asc' },
  { 'filters[role]': 'basic', sort: 'joined', order: 'desc' },
  { 'filters[payment]': 'problems', sort: 'name', order: 'asc' },
  { 'filters[role]': 'premium', sort: 'payment', order: 'desc' },
  { 'filters[joinedFrom]': daysAgo(90), sort: 'name', order: 'desc' },
] as const;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export function usersListScenario(gatewayUrl: string, admin: SessionHeaders, people: number): ScenarioPlan {
  let n = 0;
  return {
    key: 'users-list',
    name: 'users table, filter + sort (admin)',
    description:
      `GET /api/user/read-many?filters[...]&sort=..&order=..&usersPerPage=25 on ${people} people, as /users asks it: ` +
      'role premium by name, role basic newest first, payment problems by name, premium by payment status, joined in ' +
      'the last 90 days by name; pages 1-5 (the counts of the match with each page)',
    origin: gatewayUrl,
    connections: 10,
    targets: [{ p95BelowMs: USERS_LIST_P95_MS }],
    next: (): LoadRequest => {
      const i = n++;
      const shape = SHAPES[i % SHAPES.length] as Record<string, string>;
      const page = 1 + (Math.floor(i / SHAPES.length) % 5);
      const query = new URLSearchParams({ ...shape, usersPerPage: '25', ...(page > 1 ? { page: String(page) } : {}) });
      return {
        method: 'GET',
        path: `/api/user/read-many?${query}`,
        headers: { ...admin.read, 'accept-encoding': 'gzip, deflate, br' },
        label: shape.sort,
      };
    },
  };
}

export interface ExplainedUsersShape {
  shape: string;
  /** `page` (the 25 people) and `counts` (totalCount, premiumCount, basicCount over the match). */
  statements: ExplainedStatement[];
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the two statements the users service runs for each of the scenario's asks as the
 * admin (page 1), built by the service's own code (normalizeListQuery, buildUserSearch, userSearchQueries): which
 * indexes serve the filter and the sort, and any sequential scan. The service keeps a match's counts a few seconds
 * while nothing changes (store/users.ts searchUsers), so under load most pages run only the page statement.
 */
export async function explainUsersList(usersDb: string): Promise<ExplainedUsersShape[]> {
  const database = createDatabase<Schema>(usersDb, { max: 1 });
  try {
    const explained: ExplainedUsersShape[] = [];
    for (const shape of SHAPES) {
      const flat: Record<string, string> = { ...shape };
      const filters = Object.fromEntries(
        Object.entries(flat)
          .filter(([key]) => key.startsWith('filters['))
          .map(([key, value]) => [key.slice('filters['.length, -1), value]),
      );
      const normalized = normalizeListQuery({ filters, sort: flat.sort, order: flat.order, usersPerPage: '25' });
      if (!normalized.ok) throw new Error(normalized.errors.filters);
      const query = parse(userListQuerySchema, normalized.query);
      const search = buildUserSearch(query, { presenter: 'full', roles: null, paymentFilters: true });
      const queries = userSearchQueries(database.db, search);
      const statements: ExplainedStatement[] = [];
      for (const [name, compiled] of [
        ['page', queries.page.compile()],
        ['counts', queries.counts.compile()],
      ] as const) {
        const statement = { text: compiled.sql, values: [...compiled.parameters] };
        await database.pool.query(statement.text, statement.values);
        statements.push(await explainStatement(database.pool, name, statement));
      }
      explained.push({
        shape: Object.entries(flat)
          .map(([key, value]) => `${key}=${value}`)
          .join(' '),
        statements,
      });
    }
    return explained;
  } finally {
    await database.close();
  }
}

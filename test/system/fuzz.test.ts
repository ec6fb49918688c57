/**
 * Hostile input over every route of every service, through the gateway, as a visitor, a basic member, an admin and
 * a member promoted to admin while signed in (no second factor in her session): never a 5xx, every 4xx in the spec's
 * error shape, and never a 2xx to the last on an operation only staff may use. The routes are read from the services' real
 * Express routers (so a route added tomorrow is fuzzed tomorrow) and checked against the gateway's table.
 *
 * No valid ids are sent, so nothing real is changed or deleted; sign-out is left to the visitor.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { openApiDocument } from '../../gateway/src/openapi/document';
import { profileCacheKey } from '../../gateway/src/profile-cache';
import { matchRoute, serviceFor } from '../../gateway/src/routes';
import { serviceRoutes } from '../support/service-routes';
import { signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, errorShapeProblems, redis, signUp } from '../support/system';

jest.setTimeout(120_000);

type Route = { service: string; method: string; path: string };

// ---------------------------------------------------------------------------------------------------------------
// Routes, from the real routers
// ---------------------------------------------------------------------------------------------------------------

// Read by test/support/service-routes.ts (shared with the OpenAPI route coverage test).

let routes: Route[] = [];

// ---------------------------------------------------------------------------------------------------------------
// Hostile input
// ---------------------------------------------------------------------------------------------------------------

const LONG = 'x'.repeat(20_000);
const PARAM_VALUES = [
  '%ff',
  '%E0%A4%A',
  '%',
  'a%00b',
  '%C0%AF',
  '99999999999999999999999',
  '-1',
  '1e400',
  encodeURIComponent(LONG.slice(0, 3000)),
];
const QUERIES = [
  '?search=%00',
  '?search=%ff&page=%E0%A4%A',
  '?page=99999999999999999999&limit=-1&offset=1e400',
  '?ids[]=1&ids[__proto__][x]=1&__proto__[admin]=true',
  // Under Node's 16 KB header limit (above it Node's parser answers 431 itself, before any of our code).
  `?search=${LONG.slice(0, 8000)}`,
  '?a[b][c][d][e][f][g][h][i][j][k]=1&search[]=x&search[]=y',
  '?tagIds=%00,1&role=admin%00',
  // The users table's sort and filters.
  '?sort=%00&order=sideways&filters[joinedFrom]=2026-99-99&filters[tagId]=1e400&filters[payment][]=problems',
  // The qualifier history's page.
  '?before=%00&limit=1e400',
  '?before=-1&limit=99999999999999999999',
  // Course insights' range.
  '?days=1e400&days[]=7',
  '?days=%00-1',
  // The analytics overview's range, interval and zone.
  '?from=2026-02-30&to=1e400&interval=year&timeZone=%00',
  '?from=2026-12-31&to=2026-01-01&interval=day&timeZone=Mars/Olympus_Mons',
  '?from=1900-01-01&to=2026-01-01&interval=day&timeZone=UTC',
  '?from[]=2026-01-01&to[__proto__]=x&interval[]=day&timeZone[]=UTC',
];
const FIELDS = [
  'id',
  'ids',
  'userId',
  'email',
  'password',
  'fullName',
  'name',
  'title',
  'slug',
  'role',
  'Tags',
  'tagIds',
  'tags',
  'courseId',
  'moduleId',
  'lessonId',
  'position',
  'positions',
  'order',
  'description',
  'content',
  'image',
  'url',
  'token',
  'city',
  'phone',
  'published',
  'premium',
  'isPremium',
  'items',
  'data',
  // The tag's sign-up flag, the sign-up link's tags, the qualifier's mail text.
  'signupAllowed',
  'signuptags',
  'keywords',
  // The community settings.
  'bio',
  'showCourses',
  'listed',
  // A board card's due date (ISO 8601 date-time or null).
  'dueAt',
  'ListId',
  // A module's release rule (drip), a lesson's quiz and an attempt's answers, the course e-mails setting.
  'releaseAfterDays',
  'releaseAt',
  'quiz',
  'answers',
  'emailLessons',
  // A lesson discussion's comment, its thread, and the moderation flags.
  'body',
  'parentId',
  'answer',
  'hidden',
];
const allFields = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));
/** Raw JSON texts, so that numbers beyond a double and odd keys reach the server as written. */
const BODIES: Array<{ label: string; body: string | Buffer; type?: string }> = [
  { label: 'empty body, JSON type', body: '' },
  { label: 'NUL in every field', body: JSON.stringify(allFields('a\u0000b')) },
  { label: 'NUL deep inside', body: JSON.stringify({ data: { items: [{ name: ['ok', 'n\u0000'] }] }, name: 'ok' }) },
  { label: 'overlong strings', body: JSON.stringify(allFields(LONG)) },
  { label: 'numbers everywhere', body: `{${FIELDS.map((f) => `"${f}": 1e400`).join(',')}}` },
  { label: 'huge integers', body: `{${FIELDS.map((f) => `"${f}": 99999999999999999999999`).join(',')}}` },
  { label: 'arrays everywhere', body: JSON.stringify(allFields([1, 'x', null])) },
  { label: 'objects everywhere', body: JSON.stringify(allFields({ nested: { id: 1 } })) },
  { label: 'array instead of object', body: JSON.stringify([allFields('x')]) },
  {
    label: 'proto keys',
    body: '{"__proto__": {"isAdmin": true, "role": "admin"}, "constructor": {"prototype": {"x": 1}}}',
  },
  { label: 'deep nesting', body: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}` },
  {
    label: 'invalid UTF-8',
    body: Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
  },
  { label: 'not JSON', body: '{"name": "x",,}' },
  {
    label: 'hostile due dates',
    body: JSON.stringify({ title: 'x', ListId: 1, dueAt: '2026-13-45T25:61:00+99:00' }),
  },
  {
    label: 'due date beyond any calendar',
    body: '{"title": "x", "ListId": 1, "dueAt": "+275760-09-13T00:00:00.001Z"}',
  },
  {
    label: 'hostile comment',
    body: JSON.stringify({
      body: '<script>alert(1)</script>[x](javascript:alert(1)) @\u0000 \u202e',
      parentId: '1 OR 1=1',
      answer: 'true',
      hidden: 1,
    }),
  },
  { label: 'text type', body: 'name=x%00', type: 'text/plain' },
  { label: 'form type with NUL', body: 'name=x%00&id=%ff', type: 'application/x-www-form-urlencoded' },
  {
    label: 'multipart without a file',
    body: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n\u0000\r\n--b--\r\n',
    type: 'multipart/form-data; boundary=b',
  },
];

/** Paths the gateway answers itself (web app, unknown API paths) with the same hostile parts. */
const GATEWAY_PATHS = [
  '/%ff',
  '/courses/%E0%A4%A',
  '/assets/%ff.js',
  '/x%00y',
  '/api/%ff',
  '/upload/%ff',
  '/internal/%00',
  // The gateway's own route (the dashboard's data), with hostile query strings it must ignore.
  '/api/dashboard',
  '/api/dashboard?userId=1&role=admin',
  '/api/dashboard?%ff=%00',
  '/api/dashboard/',
  // The gateway's own member page route: hostile ids and query strings.
  '/api/user/overview/1?role=admin&parts=purchases',
  '/api/user/overview/%ff',
  '/api/user/overview/99999999999999999999999',
  '/api/user/overview/-1',
  '/api/user/overview/1/',
  // The gateway's own community profile route: hostile ids and query strings.
  '/api/user/community/1?showCourses=true&email=1',
  '/api/user/community/%ff',
  '/api/user/community/99999999999999999999999',
  '/api/user/community/-1',
  '/api/user/community/1/',
  // The gateway's own data export: always the caller's own, whatever id or role the query names.
  '/api/account/export?userId=1&role=admin',
  '/api/account/export?%ff=%00',
  '/api/account/export/',
];

type Caller = { role: string; cookie: string; csrf: string };

/**
 * A member promoted to admin while signed in: her session never passed the second factor, so it holds no staff role
 * (docs/decisions.md, "Staff powers only with a second factor"). Besides the rules every caller follows, no
 * operation the API document opens to admins and not to basic members may answer her with a 2xx.
 */
const PASSWORD_ONLY_ADMIN = 'password-only admin';

/** `METHOD /path` (OpenAPI form) of the operations whose `x-roles` hold admin and not basic. */
function staffOperations(): Set<string> {
  const document = openApiDocument() as unknown as {
    paths: Record<string, Record<string, { 'x-roles'?: string[] }>>;
  };
  const found = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const roles = operation['x-roles'] ?? [];
      // Parameter names dropped: the document names one the routers call otherwise (`{slugOrId}` for `:id`).
      if (roles.includes('admin') && !roles.includes('basic')) {
        found.add(`${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`);
      }
    }
  }
  return found;
}
const STAFF_OPERATIONS = staffOperations();
const isStaffRoute = (route: Route) =>
  STAFF_OPERATIONS.has(`${route.method} ${route.path.replace(/:[A-Za-z]+/g, '{}')}`);

function requestsFor(
  route: Route,
  caller: Caller,
): Array<{ method: string; path: string; body?: string | Buffer; type?: string }> {
  const concrete = (value: string) => route.path.replace(/:[A-Za-z]+/g, value);
  const out: Array<{ method: string; path: string; body?: string | Buffer; type?: string }> = [];
  const hasParams = route.path.includes(':');
  for (const value of hasParams ? PARAM_VALUES : ['']) out.push({ method: route.method, path: concrete(value) });
  const base = concrete('0');
  if (route.path.startsWith('/internal')) return out;
  out.push({ method: route.method, path: `${base}/%ff` });
  for (const query of QUERIES) out.push({ method: route.method, path: base + query });
  if (route.method !== 'GET' && route.method !== 'HEAD') {
    // Rate-limited sign-in calls share the stack's per-address budget with the other suites: a smaller set.
    const bodies =
      /\/(signin|signup|forgot-password|reset-password|invitation)/.test(route.path) && caller.role !== 'visitor'
        ? []
        : BODIES;
    for (const body of bodies) out.push({ method: route.method, path: base, body: body.body, type: body.type });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------------------------

const failures: string[] = [];
let sent = 0;

async function send(
  caller: Caller,
  request: { method: string; path: string; body?: string | Buffer; type?: string; headers?: Record<string, string> },
  route?: Route,
) {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  const cookies = [`${CSRF_COOKIE}=${caller.csrf}`];
  if (caller.cookie) cookies.push(`${SESSION_COOKIE}=${caller.cookie}`);
  headers.cookie = cookies.join('; ');
  headers[CSRF_HEADER] = caller.csrf;
  headers.origin = new URL(stackInfo().gatewayUrl).origin;
  if (request.body !== undefined) headers['content-type'] = request.type ?? 'application/json';
  const url = stackInfo().gatewayUrl + request.path;
  const label = `${caller.role} ${request.method} ${request.path.slice(0, 120)}${
    request.body !== undefined ? ` body=${String(request.body).slice(0, 60)}` : ''
  }`;
  try {
    const response = await fetch(url, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    // A server-sent event stream that opened (GET /api/notifications/events) stays open: it answered.
    if (response.status === 200 && response.headers.get('content-type')?.includes('text/event-stream')) {
      await response.body?.cancel();
      sent += 1;
      return;
    }
    const text = await response.text();
    sent += 1;
    if (caller.role === PASSWORD_ONLY_ADMIN && route && isStaffRoute(route) && response.status < 300) {
      failures.push(`${label} -> ${response.status}: a staff power without the second factor`);
    }
    if (response.status >= 500) failures.push(`${label} -> ${response.status} ${text.slice(0, 200)}`);
    else if (response.status >= 400) {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // reported below as not JSON
      }
      const problems = errorShapeProblems(body);
      if (problems.length > 0)
        failures.push(`${label} -> ${response.status} ${problems.join(', ')}: ${text.slice(0, 120)}`);
    }
  } catch (error) {
    failures.push(`${label} -> no answer (${error instanceof Error ? error.message : String(error)})`);
  }
}

async function runAll<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

// fetch keeps connections alive by default; six requests at a time keep the run short on a busy 2-core machine.
const callers: Caller[] = [];

beforeAll(async () => {
  routes = await serviceRoutes();
  const csrf = () => randomBytes(32).toString('base64url');
  callers.push({ role: 'visitor', cookie: '', csrf: csrf() });
  for (const role of ['basic', 'admin'] as const) {
    const session = await signIn(role);
    callers.push({ role, cookie: session.cookie(SESSION_COOKIE) ?? '', csrf: csrf() });
    if (role !== 'admin') continue;
    const promoted = await signUp('fuzz-promoted');
    await session.post('/api/user/upsert', { id: promoted.id, role: 'admin' });
    await waitFor(
      async () => {
        const raw = await redis().get(profileCacheKey(stackInfo().redisPrefix, promoted.id));
        return raw !== null && (JSON.parse(raw) as { role: string }).role === 'admin';
      },
      { what: "the promotion to reach the gateway's access profile" },
    );
    callers.push({ role: PASSWORD_ONLY_ADMIN, cookie: promoted.session.cookie(SESSION_COOKIE) ?? '', csrf: csrf() });
  }
});

afterAll(async () => {
  await closeSystemResources();
});

describe('the route list', () => {
  it('is read from the real routers and agrees with the gateway table', () => {
    const publicRoutes = routes.filter((r) => r.path.startsWith('/api/') || r.path.startsWith('/upload'));
    expect(publicRoutes.length).toBeGreaterThan(30);
    for (const route of publicRoutes) {
      expect({ route, service: serviceFor(route.path.toLowerCase()) }).toEqual({ route, service: route.service });
      expect(matchRoute(route.method, route.path.replace(/:[A-Za-z]+/g, '1')).kind).toBe('proxy');
    }
    // Routes the web calls today, so the walk over the routers cannot silently find nothing.
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of ['POST /api/auth/signin', 'GET /api/user/:id', 'POST /api/module/reorder', 'POST /upload']) {
      expect(names).toContain(expected);
    }
  });
});

describe('hostile input', () => {
  it('never gets a 5xx, and every 4xx is in the error shape', async () => {
    const work: Array<{
      caller: Caller;
      route?: Route;
      request: { method: string; path: string; body?: string | Buffer; type?: string };
    }> = [];
    for (const caller of callers) {
      for (const route of routes) {
        if (route.path === '/readyz' || route.path === '/healthz') continue;
        if (caller.role !== 'visitor' && /\/signout$/.test(route.path)) continue;
        // A visitor on a members-only route is answered 401 by the gateway before any service sees the input.
        if (
          caller.role === 'visitor' &&
          matchRoute(route.method, route.path.replace(/:[A-Za-z]+/g, '1')).kind === 'proxy'
        ) {
          const match = matchRoute(route.method, route.path.replace(/:[A-Za-z]+/g, '1'));
          if (match.kind === 'proxy' && match.session === 'required') continue;
        }
        for (const request of requestsFor(route, caller)) work.push({ caller, route, request });
      }
      for (const path of GATEWAY_PATHS) work.push({ caller, request: { method: 'GET', path } });
    }
    await runAll(work, 6, ({ caller, route, request }) => send(caller, request, route));
    expect({ sent: sent > 1000, failures }).toEqual({ sent: true, failures: [] });
  });
});

// Idempotent creates (kit idempotency.ts): hostile Idempotency-Key headers on every POST route, as a member and an
// admin. A key is refused (400 keyed by the header) or used; never a 5xx, never outside the error shape.
const HOSTILE_IDEMPOTENCY_KEYS = [
  'k'.repeat(2000),
  "'; DROP TABLE idempotency_keys;--",
  '\u00e9\u00e8\u00ff',
  '../../etc/passwd',
  '%00%0d%0a',
  ' ',
  '',
  'fuzz-shared-key',
];

describe('hostile Idempotency-Key headers', () => {
  it('never get a 5xx, and every 4xx is in the error shape', async () => {
    const before = { sent, failed: failures.length };
    const work: Array<{
      caller: Caller;
      route: Route;
      request: { method: string; path: string; body: string; headers: Record<string, string> };
    }> = [];
    for (const caller of callers.filter((c) => c.role !== 'visitor')) {
      for (const route of routes) {
        if (route.method !== 'POST' || !route.path.startsWith('/api/') || /\/sign(out|inas)/.test(route.path)) continue;
        for (const key of HOSTILE_IDEMPOTENCY_KEYS) {
          const path = route.path.replace(/:[A-Za-z]+/g, '0');
          work.push({
            caller,
            route,
            request: { method: 'POST', path, body: '{}', headers: { 'Idempotency-Key': key } },
          });
        }
      }
    }
    await runAll(work, 6, ({ caller, route, request }) => send(caller, request, route));
    expect({ sent: sent - before.sent > 100, failures: failures.slice(before.failed) }).toEqual({
      sent: true,
      failures: [],
    });
  });
});

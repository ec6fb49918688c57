/** `npm run bench -- [options]`: the command line. */
import { parseArgs } from 'node:util';

export const SCENARIO_KEYS = [
  'pipe',
  // The bare pipe with the kit's metrics and traces, against the bare pipe in the same run.
  'pipe-observed',
  'search',
  'search-reference',
  'search-distinct',
  'search-admin',
  'course-page',
  // The course page with release rules on half the modules, against course-page (scripts/bench/drip.ts).
  'course-page-drip',
  'completion',
  // A member's quiz attempt on the seeded FBA fees quiz (scripts/bench/quizzes.ts).
  'quiz-attempt',
  // A member reading a lesson discussion of 500 comments (scripts/bench/discussions.ts).
  'lesson-discussion',
  'me',
  'me-auth',
  'proxy',
  'signin',
  'signin-throttled',
  // The sign-in's second step (a TOTP or recovery code).
  'signin-code',
  'web',
  'board-move',
  'board-upsert',
  'board-due',
  'dashboard',
  'dashboard-10',
  'overview',
  'product-upsert',
  'product-read-many',
  'ai-first-token',
  'users-jobs',
  // An admin's broadcast to 10,000 people, queued (scripts/bench/broadcasts.ts).
  'broadcast',
  // The users table with a filter and a sort on 100,000 people.
  'users-list',
  'heavy-isolation',
  'members',
  'notifications',
  // The coaches' review queue with 1,000 members' boards, and a card's history (scripts/bench/review.ts).
  'review-queue',
  'review-queue-10',
  'card-activity',
  'card-activity-10',
  // The whole stack's CPU over a quiet minute (scripts/bench/idle.ts).
  'idle',
  // An admin's course insights on the generated catalogue with 20 members' completions.
  'course-insights',
  // An admin's analytics overview: a year by day over a 100,000-person reporting store, one admin (the target) and
  // ten at once.
  'analytics',
  'analytics-10',
] as const;
export type ScenarioKey = (typeof SCENARIO_KEYS)[number];

/** Scenarios that read the generated catalogue (or a member's courses and lessons): the others skip generating it. */
const CATALOGUE_SCENARIOS: ReadonlySet<ScenarioKey> = new Set([
  'search',
  'search-distinct',
  'search-admin',
  'course-page',
  'course-page-drip',
  'completion',
  'proxy',
  // The web section opens a course page of the generated catalogue (a thousand lessons: the heaviest outline).
  'web',
  // The spec's itemsPerPage=1000 call on the generated catalogue beside a member's course pages.
  'heavy-isolation',
  // Members open course pages and complete lessons.
  'members',
  'course-insights',
]);

export const needsCatalogue = (only: ReadonlySet<ScenarioKey>) => [...only].some((k) => CATALOGUE_SCENARIOS.has(k));

/** The sign-in scenarios measure argon2id and limits, not the request path: no pipe is needed beside them alone. */
const NOT_COMPARED_WITH_PIPE: ReadonlySet<ScenarioKey> = new Set([
  'idle',
  'signin',
  'signin-throttled',
  'signin-code',
  'users-jobs',
  'broadcast',
  'heavy-isolation',
  'members',
]);

export const USAGE = `npm run bench -- [options]

Starts the whole stack on free ports in a temporary directory (or uses --url), seeds it, generates the
catalogue in the courses database, runs the load scenarios through the gateway with autocannon, prints the
tables and writes bench-results/bench-<timestamp>.json.

  --url <gateway>         run against a stack that is already running (e.g. http://127.0.0.1:8080);
                          no catalogue is generated then unless --generate is given
  --generate              with --url: generate the catalogue anyway (appends to what is there)
  --courses-db <url>      with --url --generate: the courses database
                          (default $COURSES_DATABASE_URL, else postgres://postgres:postgres@127.0.0.1:5433/rm_courses)
  --courses-url <url>     with --url: the courses service, for the gateway-vs-direct scenario
                          (default http://127.0.0.1:4103; the token is signed with $INTERNAL_TOKEN_SECRET or the dev secret)
  --admin-email <e>       with --url: an admin to create the bench members (default the seeded admin)
  --admin-password <p>
  --admin-totp-secret <s> with --url: that admin's base32 TOTP secret (default the seeded admin's)
  --courses <n>           catalogue size (default 100 courses, 2000 modules, 100000 lessons)
  --modules <n>
  --lessons <n>
  --connections <n>       concurrent connections per scenario (default 10)
  --duration <s>          seconds per scenario (default 10; the member search runs 1.5x as long)
  --warmup <s>            warm-up seconds before each scenario, not measured (default 3)
  --members <n>           premium members created and signed in for the benchmark (default 20)
  --signins <n>           requests of the sign-in scenario (default 200)
  --web-routes <a,b>      web: only these route patterns (as in web/src/lib/routes.ts, e.g. /broadcasts,/users/:id)
  --only <a,b>            run only these scenarios: ${SCENARIO_KEYS.join(', ')}
                          (web: the first load of the web app in headless Chromium, scripts/bench/web.ts;
                          it builds the web app when web/dist is missing or older than its sources)
                          (board-move, board-upsert, board-due: the seeded long-standing premium member's Move the
                          Needle board, filled to 500 cards over its 7 lists first; scripts/bench/board.ts)
                          (product-upsert, product-read-many: the first bench member's Power Profit
                          products, filled to 200 first; ai-first-token: chats through the gateway
                          against the AI stand-in, time to the first streamed token; scripts/bench/tools.ts)
                          (heavy-isolation: the spec's itemsPerPage=1000 catalogue call as the admin at 10
                          connections beside a member reading course pages, her p95 alone and beside it;
                          members: simulated members with 1-3 s think time ramped in steps; scripts/bench/
                          isolation.ts and members.ts)
                          (notifications: the bell's unread count, GET /api/notifications?notificationsPerPage=1
                          by the seeded long-standing premium member at 10 connections; scripts/bench/notifications.ts)
                          (idle: the whole stack's CPU over a quiet minute before any load, target < 5 % of one
                          core; scripts/bench/idle.ts)
                          (overview: GET /api/user/overview/{id} as the admin over the seeded premium member
                          and the bench members, 10 connections; gateway/src/member-overview.ts)
                          (users-jobs: a 10,000-row user import end to end, then users.csv exports at 10,000 and
                          100,000 people with the users process's RSS sampled; scripts/bench/users.ts)
                          (with --url the two sign-in scenarios run only when named here: they spend the
                          stack's per-IP sign-in allowance). The bare pipe runs whenever another scenario
                          does, except the sign-in ones alone; the catalogue is generated only for the
                          scenarios that read it (search*, course-page, completion, proxy)
  --isolation-duration <s>  heavy-isolation: seconds of the member alone, then beside the admin (default 20)
  --member-steps <a,b>    members: the member counts, in order (default 300,500,1000); the ramp stops at the
                          first step not held (p99 >= 1 s, a 5xx or an error)
  --shed-step <n>         members: a last step past capacity, run even when the ramp stopped (default 2000; 0: none):
                          the excess must be shed with 429/503 + Retry-After, served p99 < 2 s, no time-out
  --step-duration <s>     members: seconds per step (default 30)
  --quick                 2 s scenarios, 1 s warm-up, 40 sign-ins: a smoke run, not a measurement
  --out <dir>             where the JSON goes (default bench-results)
  --help`;

export interface BenchOptions {
  url: string | null;
  generate: boolean;
  coursesDb: string;
  coursesUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  adminTotpSecret: string | undefined;
  size: { courses: number; modules: number; lessons: number };
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  members: number;
  signins: number;
  only: ReadonlySet<ScenarioKey>;
  quick: boolean;
  out: string;
  /** heavy-isolation: seconds of each half (member alone, member beside the admin). */
  isolationSeconds: number;
  /** members: member counts per step, and seconds per step. */
  memberSteps: number[];
  stepSeconds: number;
  /** members: the shed step's member count (0: none). */
  shedMembers: number;
  /** web: only these routes of web/src/lib/routes.ts (null: every one). */
  webRoutes: string[] | null;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number (got ${value})`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      generate: { type: 'boolean', default: false },
      'courses-db': { type: 'string' },
      'courses-url': { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'admin-totp-secret': { type: 'string' },
      courses: { type: 'string' },
      modules: { type: 'string' },
      lessons: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      members: { type: 'string' },
      signins: { type: 'string' },
      only: { type: 'string' },
      quick: { type: 'boolean', default: false },
      out: { type: 'string' },
      'isolation-duration': { type: 'string' },
      'member-steps': { type: 'string' },
      'step-duration': { type: 'string' },
      'shed-step': { type: 'string' },
      'web-routes': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  const quick = values.quick ?? false;
  const only = new Set<ScenarioKey>();
  const url = values.url ? values.url.replace(/\/$/, '') : null;
  const defaults = url ? SCENARIO_KEYS.filter((k) => !k.startsWith('signin')) : SCENARIO_KEYS;
  for (const key of (values.only ?? defaults.join(',')).split(',').map((s) => s.trim())) {
    if (!key) continue;
    if (!(SCENARIO_KEYS as readonly string[]).includes(key)) {
      throw new Error(`Unknown scenario "${key}" in --only (known: ${SCENARIO_KEYS.join(', ')})`);
    }
    only.add(key as ScenarioKey);
  }
  // Hot paths are judged as a fraction of the bare pipe measured in the same run.
  if ([...only].some((k) => !NOT_COMPARED_WITH_PIPE.has(k))) only.add('pipe');
  return {
    url,
    generate: url === null || (values.generate ?? false),
    coursesDb:
      values['courses-db'] ??
      process.env.COURSES_DATABASE_URL ??
      'postgres://postgres:postgres@127.0.0.1:5433/rm_courses',
    coursesUrl: values['courses-url'] ?? null,
    adminEmail: values['admin-email'] ?? null,
    adminPassword: values['admin-password'] ?? null,
    adminTotpSecret: values['admin-totp-secret'] ?? undefined,
    size: {
      courses: Math.round(positive('courses', values.courses, 100)),
      modules: Math.round(positive('modules', values.modules, 2000)),
      lessons: Math.round(positive('lessons', values.lessons, 100_000)),
    },
    connections: Math.round(positive('connections', values.connections, 10)),
    durationSeconds: positive('duration', values.duration, quick ? 2 : 10),
    warmupSeconds: values.warmup === '0' ? 0 : positive('warmup', values.warmup, quick ? 1 : 3),
    members: Math.round(positive('members', values.members, 20)),
    signins: Math.round(positive('signins', values.signins, quick ? 40 : 200)),
    only,
    quick,
    out: values.out ?? 'bench-results',
    isolationSeconds: positive('isolation-duration', values['isolation-duration'], quick ? 3 : 20),
    memberSteps: (values['member-steps'] ?? (quick ? '5,10' : '300,500,1000'))
      .split(',')
      .map((s) => Math.round(positive('member-steps', s.trim(), 1))),
    stepSeconds: positive('step-duration', values['step-duration'], quick ? 5 : 30),
    shedMembers:
      values['shed-step'] === '0' ? 0 : Math.round(positive('shed-step', values['shed-step'], quick ? 20 : 2000)),
    webRoutes: values['web-routes']
      ? values['web-routes']
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
  };
}

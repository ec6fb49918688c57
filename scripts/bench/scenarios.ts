/**
 * The load scenarios: what each one sends (round-robin over members, terms, slugs and lessons) and what it
 * measures. Every request goes through the gateway with a real session cookie (+ the CSRF header on writes),
 * except the "direct" half of the proxy comparison, which calls the courses service with an internal token.
 */
import { type Actor, CSRF_COOKIE, CSRF_HEADER } from '@rainmakers/contracts';
import { INTERNAL_TOKEN_HEADER, signActorToken } from '@rainmakers/kit';
import type { LoadRequest } from './load';
import type { ScenarioTarget } from './report';
import type { SessionHeaders } from './setup';

export interface ScenarioPlan {
  key: string;
  name: string;
  description: string;
  origin: string;
  next: () => LoadRequest;
  /** Bounded number of requests instead of a duration (no warm-up then). */
  amount?: number;
  connections?: number;
  durationSeconds?: number;
  notes?: string[];
  /** PASS/MISS lines: e.g. `{ ratioOf: 'pipe', atLeast: 0.6 }` (throughput vs the bare pipe), `{ p95BelowMs: 25 }`. */
  targets?: ScenarioTarget[];
}

/** The hot paths' targets (p95 through the gateway at 10 connections on the generated catalogue). */
export const P95_TARGETS_MS = {
  search: 25,
  'search-distinct': 100,
  'course-page': 30,
  completion: 30,
} as const;

/** The hot paths' throughput as a share of the bare pipe's in the same run (10 connections). */
export const PIPE_SHARE_TARGETS = {
  search: 0.5,
  'course-page': 0.35,
  completion: 0.3,
} as const;

const pipeShare = (key: string): ScenarioTarget[] => {
  const atLeast = (PIPE_SHARE_TARGETS as Record<string, number>)[key];
  return atLeast === undefined ? [] : [{ ratioOf: 'pipe', atLeast }];
};

/** What a browser sends: answers are measured as they travel (the services compress above 2 KB). */
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

/** Round-robin over a list (throws on an empty one, which would be a setup bug). */
function cycle<T>(items: readonly T[], what: string): (i: number) => T {
  if (items.length === 0) throw new Error(`No ${what} to send requests with`);
  return (i) => items[i % items.length] as T;
}

/** The catalogue calls the web makes (web/src/api/courses.ts catalogueUrl): the All tab, a tab's page, the spec's. */
export type SearchShape = 'web' | 'reference';

const TAB_KINDS = ['courses', 'modules', 'lessonsTitles', 'lessonsContent'] as const;

/** The All tab's shape: three of each kind and the counts (what /courses asks on every search). */
export const allTabPath = (term: string) =>
  `/api/course/read-many?${new URLSearchParams({ ...(term ? { search: term } : {}), itemsPerPage: '3' })}`;

/** One page of one kind's tab (12 a page, as the web's infinite scroll asks). */
export const tabPagePath = (term: string, only: string, page: number) =>
  `/api/course/read-many?${new URLSearchParams({
    ...(term ? { search: term } : {}),
    itemsPerPage: '12',
    ...(page > 1 ? { page: String(page) } : {}),
    only,
  })}`;

/** The spec's call: every list up to 1,000 items (the reference the web's calls are compared with). */
const referencePath = (term: string) => `/api/course/read-many?search=${encodeURIComponent(term)}&itemsPerPage=1000`;

/**
 * Catalogue searches over `terms`. The web's shape: each term's All tab, and after every second term a tab's page
 * (the kinds and pages 1-2 in turn), as a member typing and then opening a tab would ask; the reference: the spec's
 * itemsPerPage=1000 call.
 */
export function searchScenario(
  key: string,
  name: string,
  gatewayUrl: string,
  sessions: readonly SessionHeaders[],
  terms: readonly string[],
  options: { labelled: boolean; description?: string; shape?: SearchShape; p95TargetMs?: number } = {
    labelled: true,
  },
): ScenarioPlan {
  const term = cycle(terms, 'search terms');
  const session = cycle(sessions, 'sessions');
  const shape = options.shape ?? 'web';
  let n = 0;
  let tab = 0;
  let call = 0;
  return {
    key,
    name,
    description:
      options.description ??
      (shape === 'web'
        ? "GET /api/course/read-many as the web asks: each term's All tab (itemsPerPage=3) and, every second " +
          "term, a tab's page (itemsPerPage=12, only=<kind>, page 1-2), rotating realistic terms; per term as well"
        : "GET /api/course/read-many?search=<term>&itemsPerPage=1000 (the spec's call, for reference), " +
          'rotating realistic terms; per term as well'),
    origin: gatewayUrl,
    targets: [...(options.p95TargetMs === undefined ? [] : [{ p95BelowMs: options.p95TargetMs }]), ...pipeShare(key)],
    next: () => {
      const c = call++;
      const i = c % 3 === 2 ? n - 1 : n++;
      const t = term(i);
      const headers = { ...session(Math.floor(i / terms.length)).read, ...BROWSER_ENCODING };
      if (shape === 'reference') return { method: 'GET', path: referencePath(t), headers, label: t };
      if (c % 3 !== 2) return { method: 'GET', path: allTabPath(t), headers, label: t };
      const k = tab++;
      const only = TAB_KINDS[k % TAB_KINDS.length] as string;
      return {
        method: 'GET',
        path: tabPagePath(t, only, 1 + (Math.floor(k / TAB_KINDS.length) % 2)),
        headers,
        label: t,
      };
    },
  };
}

export function coursePageScenario(
  gatewayUrl: string,
  members: readonly SessionHeaders[],
  slugs: readonly string[],
): ScenarioPlan {
  const slug = cycle(slugs, 'course slugs');
  const member = cycle(members, 'members');
  let n = 0;
  return {
    key: 'course-page',
    name: 'course page (premium)',
    description:
      `GET /api/course/{slug}: the outline (modules, lesson titles, completion, progress) and the first lesson's ` +
      `content, over ${slugs.length} courses, sizes as sent to a browser (compressed)`,
    origin: gatewayUrl,
    targets: [{ p95BelowMs: P95_TARGETS_MS['course-page'] }, ...pipeShare('course-page')],
    next: () => {
      const i = n++;
      return {
        method: 'GET',
        path: `/api/course/${encodeURIComponent(slug(i))}`,
        headers: { ...member(i).read, ...BROWSER_ENCODING },
      };
    },
  };
}

/**
 * Member m's k-th request: even k completes a lesson, odd k un-completes the same one, so every request
 * changes a row (and writes an event to the outbox). Members rotate first, so no two connections work on the
 * same member's rows at the same moment.
 */
export function completionScenario(
  gatewayUrl: string,
  members: readonly SessionHeaders[],
  lessonIds: readonly number[],
): ScenarioPlan {
  const lesson = cycle(lessonIds, 'lesson ids');
  let n = 0;
  return {
    key: 'completion',
    name: 'lesson completion (premium)',
    targets: [{ p95BelowMs: P95_TARGETS_MS.completion }, ...pipeShare('completion')],
    description:
      `PUT /api/lesson/mark-as-completed / mark-as-uncompleted alternating, ${members.length} members x ` +
      `${lessonIds.length} lessons (CSRF header + cookie); each answer carries course and module progress`,
    origin: gatewayUrl,
    next: () => {
      const i = n++;
      const m = i % members.length;
      const k = Math.floor(i / members.length);
      const complete = k % 2 === 0;
      const lessonId = lesson(Math.floor(k / 2) + m * 7);
      return {
        method: 'PUT',
        path: complete ? '/api/lesson/mark-as-completed' : '/api/lesson/mark-as-uncompleted',
        headers: (members[m] as SessionHeaders).write,
        body: JSON.stringify({ lessonId }),
        label: complete ? 'mark-as-completed' : 'mark-as-uncompleted',
      };
    },
  };
}

export function meScenario(gatewayUrl: string, members: readonly SessionHeaders[]): ScenarioPlan {
  const member = cycle(members, 'members');
  let n = 0;
  return {
    key: 'me',
    name: 'GET /api/auth/me',
    description:
      'The session check: session (in-process, Redis) + access profile + blocking rule at the gateway, which ' +
      "replays auth's last answer for the same session and profile version (gateway/src/me-answers.ts)",
    origin: gatewayUrl,
    targets: [{ ratioOf: 'pipe', atLeast: 0.6 }],
    next: () => ({ method: 'GET', path: '/api/auth/me', headers: member(n++).read }),
  };
}

/** The dashboard's target: its data through the gateway, p95 on this 2-core machine. */
export const DASHBOARD_P95_TARGET_MS = 50;

/**
 * GET /api/dashboard as the seeded long-standing premium member: the gateway gathers course progress, product count,
 * recent resources, banners and her board's status shares from five services in parallel (gateway/src/dashboard.ts).
 */
export function dashboardScenario(gatewayUrl: string, member: SessionHeaders, connections: 1 | 10): ScenarioPlan {
  return {
    key: connections === 1 ? 'dashboard' : 'dashboard-10',
    name: `GET /api/dashboard (premium, ${connections} conn)`,
    description:
      "The dashboard's data in one call: the gateway asks courses, tools, resources (twice) and board at once, " +
      'as the person, with a deadline per source. One connection is what a member opening the page waits for ' +
      '(the target); ten show the throughput when many open it at once',
    origin: gatewayUrl,
    connections,
    targets: connections === 1 ? [{ p95BelowMs: DASHBOARD_P95_TARGET_MS }] : [{ ratioOf: 'pipe', atLeast: 0.15 }],
    next: () => ({ method: 'GET', path: '/api/dashboard', headers: { ...member.read, ...BROWSER_ENCODING } }),
  };
}

/** The member page's target: its data through the gateway at 10 connections, p95 on this 2-core machine. */
export const OVERVIEW_P95_TARGET_MS = 80;

/**
 * GET /api/user/overview/{id} as the admin over premium members (the seeded long-standing one with her board first,
 * then the bench members): the gateway asks users (person, tags, the latest 50 audit entries) as the admin and
 * billing, courses (one call for both its parts) and board on their /internal routes at once
 * (gateway/src/member-overview.ts). The parts' answers are kept per member for MEMBER_OVERVIEW_PART_KEEP_MS (2 s):
 * over 21 members at this rate most calls ask users alone, which decides access on every call.
 */
export function overviewScenario(
  gatewayUrl: string,
  admin: SessionHeaders,
  memberIds: readonly number[],
): ScenarioPlan {
  const id = cycle(memberIds, 'members');
  let n = 0;
  return {
    key: 'overview',
    name: 'GET /api/user/overview/{id} (admin, 10 conn)',
    description:
      "A member page's data in one call: users decides and answers the person, tags and history; billing, courses " +
      'and board answer their parts in parallel, each with its own deadline',
    origin: gatewayUrl,
    connections: 10,
    targets: [{ p95BelowMs: OVERVIEW_P95_TARGET_MS }],
    next: () => ({
      method: 'GET',
      path: `/api/user/overview/${id(n++)}`,
      headers: { ...admin.read, ...BROWSER_ENCODING },
    }),
  };
}

/** The same call asking for a fresh answer: every one goes to auth (a page load after a change, or a new session). */
export function meFromAuthScenario(gatewayUrl: string, members: readonly SessionHeaders[]): ScenarioPlan {
  const headers = members.map((m) => ({ ...m.read, 'cache-control': 'no-cache' }));
  const member = cycle(headers, 'members');
  let n = 0;
  return {
    key: 'me-auth',
    name: 'GET /api/auth/me from auth (no-cache)',
    description:
      'GET /api/auth/me with Cache-Control: no-cache: the gateway checks the session and forwards to auth, which ' +
      'reads the session and its copy of the person (PostgreSQL) and presents them: the path of every first call',
    origin: gatewayUrl,
    next: () => ({ method: 'GET', path: '/api/auth/me', headers: member(n++) }),
  };
}

export const accessPath = (slug: string) => `/api/course/access?slug=${encodeURIComponent(slug)}`;

export function proxyScenarios(
  gatewayUrl: string,
  coursesUrl: string,
  internalTokenSecret: string,
  members: readonly SessionHeaders[],
  slugs: readonly string[],
): { viaGateway: ScenarioPlan; direct: ScenarioPlan; directHeaders: Record<string, string>[] } {
  const slug = cycle(slugs, 'course slugs');
  const member = cycle(members, 'members');
  // What the gateway would put in the token for these members (premium, no tags, no payment status).
  const directHeaders = members.map((m) => {
    const actor: Actor = {
      userId: m.userId,
      sessionId: `bench-${m.userId}`,
      role: 'premium',
      accountRole: 'premium',
      isAdmin: false,
      tagIds: [],
      tagNames: [],
      stripeStatus: null,
      alwaysGrantAccess: false,
      impersonatorId: null,
    };
    return { accept: 'application/json', [INTERNAL_TOKEN_HEADER]: signActorToken(actor, internalTokenSecret, 3600) };
  });
  const direct = cycle(directHeaders, 'direct tokens');
  let g = 0;
  let d = 0;
  const description = 'GET /api/course/access?slug=<slug> (one indexed lookup): the cheap call for the proxy overhead';
  return {
    viaGateway: {
      key: 'proxy',
      name: 'course access via gateway',
      description,
      origin: gatewayUrl,
      next: () => {
        const i = g++;
        return { method: 'GET', path: accessPath(slug(i)), headers: member(i).read };
      },
    },
    direct: {
      key: 'proxy',
      name: 'course access direct to courses',
      description: `${description}; straight to the courses service with an internal token (kit signActorToken)`,
      origin: coursesUrl,
      next: () => {
        const i = d++;
        return { method: 'GET', path: accessPath(slug(i)), headers: direct(i) };
      },
    },
    directHeaders,
  };
}

/** Anonymous headers that pass the gateway's CSRF check on POST /api/auth/signin. */
export function signInHeaders(csrfCookie: string): Record<string, string> {
  return {
    cookie: `${CSRF_COOKIE}=${csrfCookie}`,
    [CSRF_HEADER]: decodeURIComponent(csrfCookie),
    accept: 'application/json',
    'content-type': 'application/json',
  };
}

export function signInScenario(
  gatewayUrl: string,
  csrfCookie: string,
  members: readonly SessionHeaders[],
  password: string,
  amount: number,
): ScenarioPlan {
  const member = cycle(members, 'members');
  const headers = signInHeaders(csrfCookie);
  let n = 0;
  return {
    key: 'signin',
    name: 'sign-in (argon2id)',
    description:
      `POST /api/auth/signin with the right password, ${amount} requests over ${members.length} members: ` +
      'one argon2id verify each, plus a new session',
    origin: gatewayUrl,
    amount,
    next: () => ({
      method: 'POST',
      path: '/api/auth/signin',
      headers,
      body: JSON.stringify({ email: member(n++).email, password }),
    }),
  };
}

/** The second step's target: the sign-in's second step answers within 50 ms at p95. */
export const SECOND_STEP_P95_TARGET_MS = 50;

/**
 * POST /api/auth/signin/code with prepared tokens and unused codes (scripts/bench/second-step.ts): a TOTP check
 * (decrypt the secret, HMAC, take the step) or a recovery code (sha256, take it), then a new session.
 */
export function secondStepScenario(
  gatewayUrl: string,
  csrfCookie: string,
  steps: ReadonlyArray<{ token: string; code: string }>,
): ScenarioPlan {
  const headers = signInHeaders(csrfCookie);
  let n = 0;
  return {
    key: 'signin-code',
    name: "sign-in's second step (code)",
    description:
      `POST /api/auth/signin/code, ${steps.length} requests, each with its own half-signed-in token and an unused ` +
      'code (one TOTP code per person, the rest recovery codes): the check, the code used up, a new session',
    origin: gatewayUrl,
    amount: steps.length,
    connections: 4,
    next: () => {
      const step = steps[n++ % steps.length];
      return {
        method: 'POST',
        path: '/api/auth/signin/code',
        headers,
        body: JSON.stringify({ token: step?.token, code: step?.code }),
      };
    },
    targets: [{ p95BelowMs: SECOND_STEP_P95_TARGET_MS }],
  };
}

export function throttledSignInScenario(gatewayUrl: string, csrfCookie: string, amount: number): ScenarioPlan {
  const headers = signInHeaders(csrfCookie);
  const body = JSON.stringify({ email: 'bench-throttled@bench.rainmakers.local', password: 'Wrong-Passw0rd!' });
  return {
    key: 'signin-throttled',
    name: 'sign-in, wrong password x1 email',
    description:
      `POST /api/auth/signin with a wrong password for one e-mail, ${amount} requests: auth's per-(e-mail, ` +
      'address) limit must answer 429 before any hash is computed',
    origin: gatewayUrl,
    amount,
    connections: 4,
    next: () => ({ method: 'POST', path: '/api/auth/signin', headers, body }),
  };
}

/**
 * `members`: simulated members, each signed in with a session of her own, doing what members do — reads
 * mostly (dashboard, catalogue, course page, board, products), about 20 % writes (lesson completion, card move,
 * product upsert) — with 1-3 s of think time between her requests, ramped in steps (e.g. 300, 500, 1000) for a
 * fixed time per step. Each step reports members, requests/s, p50/p99, 5xx and errors; the result is the largest
 * step held at p99 < 1 s without 5xx, and that count per core. Then a last step past capacity (the shed step, e.g.
 * 2,000 members), run even when the ramp stopped: the excess must be answered a fast 429/503 with Retry-After
 * (counted apart), what is served must keep its p99 under 2 s, and nothing may time out.
 *
 * The client is plain node:http with one keep-alive agent (no autocannon: members wait for their answer and think,
 * so the offered load depends on the member count, not on the server's speed) and reads each answer to its end
 * without parsing it. Its own CPU (process.cpuUsage over the step) is reported beside every step: on a 2-core machine
 * a client that starves the stack would show there.
 */
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { GatewaySession } from '../seed/context';
import type { BenchBoard } from './board';
import { type LatencySummary, summarize } from './load';
import { statusList, table } from './report';
import { allTabPath } from './scenarios';
import { ensureBenchMember, MEMBER_PASSWORD, memberEmail, type SessionHeaders, type SignedIn, signIn } from './setup';

/** The goal of a ramp step: p99 under 1 s and no 5xx. */
export const MEMBERS_P99_LIMIT_MS = 1000;
/** The shed step's goal: what is served keeps its p99 under 2 s (the rest shed, nothing timed out). */
export const SHED_SERVED_P99_LIMIT_MS = 2000;
const THINK_MS = { min: 1000, max: 3000 };
const REQUEST_TIMEOUT_MS = 10_000;

export interface MemberStep {
  members: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  serverErrors: number;
  /** Answers with another non-2xx status (4xx: a 429 from a limiter, a 409 of a move on a stale layout). */
  otherNon2xx: number;
  /** No answer: connection errors and timeouts (10 s). */
  errors: number;
  statusCodes: Record<string, number>;
  byAction: Record<string, { requests: number; p50: number; p99: number; serverErrors: number }>;
  /** The load generator's own CPU during the step, % of one core. */
  clientCpuPercent: number;
  /** Shed answers: 429 or 503 with Retry-After (they count in serverErrors / otherNon2xx too). */
  shed: number;
  /** 5xx without Retry-After: failures, not shedding. */
  unshedServerErrors: number;
  /** The latency of the answers that were not shed. */
  served: LatencySummary;
  held: boolean;
}

export interface MembersResult {
  steps: MemberStep[];
  /** The largest member count held (p99 < 1 s, no 5xx, no error); 0 when none was. */
  heldMembers: number;
  /** The step past capacity (null: not asked for, or the deadline came first). */
  shedStep: MemberStep | null;
  cores: number;
  membersPerCore: number;
  /** Seconds spent creating and signing in the members. */
  setupSeconds: number;
  deadlineMissed: boolean;
}

/** What one simulated member works on. */
interface Member {
  headers: SessionHeaders;
  productId: number | null;
  completions: number;
}

interface Request {
  action: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface MembersInput {
  gatewayUrl: string;
  admin: GatewaySession;
  /** Members already signed in (the bench members): reused, the rest are created. */
  signedIn: readonly SignedIn[];
  slugs: readonly string[];
  lessonIds: readonly number[];
  /** The seeded long-standing premium member's board (bench members joined after the cut-off have none). */
  board: { owner: SessionHeaders; layout: BenchBoard } | null;
  steps: readonly number[];
  stepSeconds: number;
  /** The shed step's member count (0: none). */
  shedMembers: number;
  signal: AbortSignal;
  log: (line: string) => void;
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** The mix: weights in percent (reads 80, writes 20). */
function mix(input: MembersInput) {
  const slug = (i: number) => input.slugs[i % Math.max(1, input.slugs.length)] ?? '';
  const lesson = (i: number) => input.lessonIds[i % Math.max(1, input.lessonIds.length)] ?? 0;
  const board = input.board;
  const cards = board ? board.layout.lists.flatMap((l, index) => l.cards.map((card) => ({ card, index }))) : [];
  const listOf = new Map(cards.map((c) => [c.card, c.index]));
  let n = 0;
  let moves = 0;
  const actions: Array<{ weight: number; make: (m: Member) => Request | null }> = [
    {
      weight: 18,
      make: (m) => ({
        action: 'dashboard',
        method: 'GET',
        path: '/api/dashboard',
        headers: { ...m.headers.read, ...BROWSER },
      }),
    },
    {
      weight: 16,
      make: (m) => ({
        action: 'catalogue',
        method: 'GET',
        path: allTabPath(''),
        headers: { ...m.headers.read, ...BROWSER },
      }),
    },
    {
      weight: 20,
      make: (m) =>
        input.slugs.length
          ? {
              action: 'course page',
              method: 'GET',
              path: `/api/course/${encodeURIComponent(slug(n++))}`,
              headers: { ...m.headers.read, ...BROWSER },
            }
          : null,
    },
    {
      weight: 10,
      make: () =>
        board
          ? {
              action: 'board',
              method: 'GET',
              path: `/api/move-the-needle/list/read-many?userId=${board.owner.userId}`,
              headers: { ...board.owner.read, ...BROWSER },
            }
          : null,
    },
    {
      weight: 16,
      make: (m) => ({
        action: 'products',
        method: 'GET',
        path: '/api/product/read-many',
        headers: { ...m.headers.read, ...BROWSER },
      }),
    },
    {
      weight: 8,
      make: (m) => {
        if (!input.lessonIds.length) return null;
        const k = m.completions++;
        const complete = k % 2 === 0;
        return {
          action: 'completion',
          method: 'PUT',
          path: complete ? '/api/lesson/mark-as-completed' : '/api/lesson/mark-as-uncompleted',
          headers: m.headers.write,
          body: JSON.stringify({ lessonId: lesson(Math.floor(k / 2) + m.headers.userId * 7) }),
        };
      },
    },
    {
      weight: 4,
      make: () => {
        if (!board || cards.length === 0) return null;
        const { card } = cards[moves++ % cards.length] as { card: number };
        const from = listOf.get(card) ?? 0;
        const to = (from + 1) % board.layout.lists.length;
        listOf.set(card, to);
        return {
          action: 'card move',
          method: 'POST',
          path: '/api/move-the-needle/card/move',
          headers: board.owner.write,
          body: JSON.stringify({
            cardId: card,
            sourceListId: board.layout.lists[from]?.id,
            destListId: board.layout.lists[to]?.id,
            positionOnSourceList: 0,
            positionOnDestList: 0,
          }),
        };
      },
    },
    {
      weight: 8,
      make: (m) => ({
        action: 'product upsert',
        method: 'POST',
        path: '/api/product/upsert',
        headers: m.headers.write,
        body: JSON.stringify({
          product: {
            id: m.productId,
            title: `Member ${m.headers.userId}: bamboo cutting board set`,
            units: 500 + (m.completions % 7) * 100,
            costPerUnit: 3.2,
            shippingCost: 1.1,
            amazonFees: 6.85,
            amazonRetailPrice: 24.99,
          },
          typeAdditionalFees: 'percentage',
        }),
      }),
    },
  ];
  const total = actions.reduce((sum, a) => sum + a.weight, 0);
  return (m: Member): Request => {
    for (;;) {
      let r = Math.random() * total;
      const action = actions.find((a) => {
        r -= a.weight;
        return r < 0;
      });
      const request = (action ?? actions[0])?.make(m);
      if (request) return request;
    }
  };
}

/** Sends one request and reads the answer to its end; the product id of a member's first upsert is kept. */
function send(
  agent: http.Agent,
  origin: URL,
  request: Request,
  member: Member,
): Promise<{ status: number; ms: number; retryAfter: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        hostname: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.path,
        headers: request.body
          ? { ...request.headers, 'content-length': Buffer.byteLength(request.body) }
          : request.headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const keep = request.action === 'product upsert' && member.productId === null;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (keep) chunks.push(chunk);
        });
        res.on('end', () => {
          if (keep && res.statusCode && res.statusCode < 300) {
            try {
              member.productId =
                (JSON.parse(Buffer.concat(chunks).toString()) as { product?: { id?: number } }).product?.id ?? null;
            } catch {
              // Compressed or not JSON: the next upsert creates another product.
            }
          }
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: res.headers['retry-after'] !== undefined,
          });
        });
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started, retryAfter: false }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, retryAfter: false }));
    req.end(request.body);
  });
}

/**
 * Setup calls on a shared, loaded machine: a 503 (a Redis or PostgreSQL blip, a service shedding) is tried again
 * a few times, a second apart, instead of failing a setup of thousands of sign-ins at the last one.
 */
async function patiently<T>(call: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= attempts || !/answered (503|429)/.test((error as Error).message)) throw error;
      await sleep(1000);
    }
  }
}

/** The first `count` bench members, created by the admin when missing and signed in, a few at a time. */
export async function memberSessions(
  input: Pick<MembersInput, 'gatewayUrl' | 'admin' | 'signedIn' | 'log'>,
  count: number,
): Promise<SessionHeaders[]> {
  const sessions: SessionHeaders[] = input.signedIn.slice(0, count).map((s) => s.headers);
  const missing = Array.from({ length: Math.max(0, count - sessions.length) }, (_, i) => sessions.length + i + 1);
  let created = 0;
  const queue = [...missing];
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const member = n;
      if (await patiently(() => ensureBenchMember(input.admin, member))) created += 1;
      sessions.push((await patiently(() => signIn(input.gatewayUrl, memberEmail(member), MEMBER_PASSWORD))).headers);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  input.log(
    `${count} members signed in (${count - missing.length} reused, ${created} created, ${missing.length - created} existed)`,
  );
  return sessions;
}

async function runStep(input: MembersInput, members: Member[], agent: http.Agent, next: (m: Member) => Request) {
  const origin = new URL(input.gatewayUrl);
  const latencies: number[] = [];
  const served: number[] = [];
  let shed = 0;
  let unshedServerErrors = 0;
  const statusCodes: Record<string, number> = {};
  const byAction = new Map<string, { times: number[]; serverErrors: number }>();
  const started = performance.now();
  const end = started + input.stepSeconds * 1000;
  const cpuBefore = process.cpuUsage();
  const live = () => performance.now() < end && !input.signal.aborted;
  await Promise.all(
    members.map(async (member) => {
      // Members arrive over the first think time, not all in the same millisecond.
      await sleep(Math.random() * THINK_MS.max);
      while (live()) {
        const request = next(member);
        const { status, ms, retryAfter } = await send(agent, origin, request, member);
        latencies.push(ms);
        if ((status === 429 || status === 503) && retryAfter) shed += 1;
        else served.push(ms);
        if (status >= 500 && !retryAfter) unshedServerErrors += 1;
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        const group = byAction.get(request.action) ?? { times: [], serverErrors: 0 };
        group.times.push(ms);
        if (status >= 500) group.serverErrors += 1;
        byAction.set(request.action, group);
        const think = THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min);
        await sleep(Math.max(0, Math.min(think, end - performance.now())));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const count = (test: (code: number) => boolean) =>
    Object.entries(statusCodes).reduce((sum, [code, n]) => sum + (test(Number(code)) ? n : 0), 0);
  const latency = summarize(latencies);
  const serverErrors = count((c) => c >= 500);
  const errors = count((c) => c === 0);
  const step: MemberStep = {
    members: members.length,
    seconds: Math.round(seconds * 10) / 10,
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    latency,
    serverErrors,
    otherNon2xx: count((c) => c >= 300 && c < 500),
    errors,
    statusCodes,
    byAction: Object.fromEntries(
      [...byAction].map(([action, g]) => {
        const s = summarize(g.times);
        return [action, { requests: s.count, p50: s.p50, p99: s.p99, serverErrors: g.serverErrors }];
      }),
    ),
    clientCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100),
    shed,
    unshedServerErrors,
    served: summarize(served),
    held: latency.p99 < MEMBERS_P99_LIMIT_MS && serverErrors === 0 && errors === 0 && !input.signal.aborted,
  };
  return step;
}

/** Steps up the member count until a step is not held (or the steps run out, or the deadline passes). */
export async function runMembers(input: MembersInput): Promise<MembersResult> {
  const setupStarted = performance.now();
  const sessions = await memberSessions(input, Math.max(...input.steps, input.shedMembers));
  const setupSeconds = Math.round((performance.now() - setupStarted) / 100) / 10;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets: 1024 });
  const members: Member[] = sessions.map((headers) => ({ headers, productId: null, completions: 0 }));
  const next = mix(input);
  const steps: MemberStep[] = [];
  let shedStep: MemberStep | null = null;
  try {
    for (const count of input.steps) {
      if (input.signal.aborted) break;
      const step = await runStep(input, members.slice(0, count), agent, next);
      steps.push(step);
      input.log(
        `${step.members} members: ${step.requestsPerSecond} req/s, p50 ${step.latency.p50.toFixed(1)} ms, ` +
          `p99 ${step.latency.p99.toFixed(1)} ms, ` +
          `5xx ${step.serverErrors}, errors ${step.errors}, other non-2xx ${step.otherNon2xx}, client CPU ` +
          `${step.clientCpuPercent}% of a core: ${step.held ? 'held' : 'NOT held'}`,
      );
      if (!step.held) break;
    }
    if (input.shedMembers > 0 && !input.signal.aborted) {
      shedStep = await runStep(input, members.slice(0, input.shedMembers), agent, next);
      input.log(
        `${shedStep.members} members (shed step): ${shedStep.requestsPerSecond} req/s, shed ${shedStep.shed} ` +
          `(429/503 + Retry-After), served p50 ${shedStep.served.p50.toFixed(1)} ms, p99 ${shedStep.served.p99.toFixed(1)} ms, ` +
          `5xx without Retry-After ${shedStep.unshedServerErrors}, errors ${shedStep.errors}, client CPU ` +
          `${shedStep.clientCpuPercent}% of a core: ${shedHeld(shedStep) ? 'held' : 'NOT held'}`,
      );
    }
  } finally {
    agent.destroy();
  }
  const heldMembers = Math.max(0, ...steps.filter((s) => s.held).map((s) => s.members));
  const cores = os.availableParallelism();
  return {
    steps,
    heldMembers,
    shedStep,
    cores,
    membersPerCore: Math.round((heldMembers / cores) * 10) / 10,
    setupSeconds,
    deadlineMissed: input.signal.aborted,
  };
}

/** The steps as printed. */
export function membersTable(result: MembersResult): string {
  return table(
    [
      'members',
      'seconds',
      'requests',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      '5xx',
      'errors',
      'other non-2xx',
      'shed',
      'served p99 ms',
      'client CPU',
      'held',
    ],
    [...result.steps, ...(result.shedStep ? [result.shedStep] : [])].map((s) => [
      String(s.members),
      s.seconds.toFixed(1),
      String(s.requests),
      s.requestsPerSecond.toFixed(1),
      s.latency.p50.toFixed(1),
      s.latency.p95.toFixed(1),
      s.latency.p99.toFixed(1),
      String(s.serverErrors),
      String(s.errors),
      s.otherNon2xx
        ? `${s.otherNon2xx} (${statusList(Object.fromEntries(Object.entries(s.statusCodes).filter(([c]) => Number(c) >= 300 && Number(c) < 500)))})`
        : '0',
      String(s.shed),
      s.served.p99.toFixed(1),
      `${s.clientCpuPercent}%`,
      s === result.shedStep ? `shed step: ${shedHeld(s) ? 'yes' : 'NO'}` : s.held ? 'yes' : 'NO',
    ]),
  );
}

/** The goal on this machine: 1,000 members held. */
export const MEMBERS_GOAL = 1000;

/** The shed step held: nothing timed out, every 5xx was a shed answer with Retry-After, served p99 under 2 s. */
export function shedHeld(step: MemberStep): boolean {
  return step.errors === 0 && step.unshedServerErrors === 0 && step.served.p99 < SHED_SERVED_P99_LIMIT_MS;
}

export function membersTargetLine(result: MembersResult): string {
  const verdict = result.heldMembers >= MEMBERS_GOAL && !result.deadlineMissed ? 'PASS' : 'MISS';
  const lines = [
    `${verdict}  members: ${result.heldMembers} held at p99 < ${MEMBERS_P99_LIMIT_MS} ms without 5xx or time-out ` +
      `(${result.membersPerCore} per core, ${result.cores} cores; goal ${MEMBERS_GOAL})` +
      (result.deadlineMissed ? ' — DEADLINE missed, the ramp was cut' : ''),
  ];
  const s = result.shedStep;
  if (s) {
    lines.push(
      `${shedHeld(s) ? 'PASS' : 'MISS'}  members shed step: ${s.members} members, ${s.shed} of ${s.requests} shed ` +
        `(429/503 + Retry-After), served p99 ${s.served.p99.toFixed(0)} ms (limit ${SHED_SERVED_P99_LIMIT_MS}), ` +
        `${s.unshedServerErrors} 5xx without Retry-After, ${s.errors} time-outs/errors, client CPU ${s.clientCpuPercent}%`,
    );
  }
  return lines.join('\n');
}

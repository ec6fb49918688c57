/**
 * Degrade, don't fall over (docs/decisions.md "Degrade under load"), on the running stack under a steady load of
 * signed-in members:
 *  - Redis killed (SIGKILL; the stack's supervisor restarts it, empty): routes that do not need Redis for the
 *    request itself keep answering; the gateway serves the sessions and profiles it checked moments ago from its
 *    own memory, so at most a few calls answer 503 instead of every route for the length of the blip. To show that
 *    it does not lean on auth for them (what opened auth's breaker under load), a second case kills Redis while
 *    auth is stopped: the course reads of members checked moments ago still answer;
 *  - a service stopped for 1.5 s (SIGSTOP) under that load: its liveness thread falls silent with it, so the calls
 *    in flight to it are answered 503 SERVICE_UNAVAILABLE with Retry-After within 2 s instead of waiting for it, the
 *    other routes keep answering, and it is served again once continued. (A service only busy, its main loop held
 *    by CPU work, keeps its liveness thread answering and is not cut: gateway/test/upstream-faults.test.ts.)
 *
 * Counts, not timings (the machine is shared), but for the 2 s bound of a call in flight to a stopped service. The system project shares one stack across files: every stopped
 * process is continued in `finally`, and each test waits until the stack is ready again.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { pidListeningOn } from '../support/processes';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources } from '../support/system';

jest.setTimeout(240_000);

/** Reads that need no Redis for the request itself (auth, courses; the catalogue cache skips a Redis that fails). */
const READS = ['/api/auth/me', '/api/lesson/completed', '/api/course/read-many?itemsPerPage=3'];
/** Reads that need neither Redis nor auth for the request itself. */
const COURSE_READS = READS.filter((path) => !path.startsWith('/api/auth'));
/** At most this many 503s over a Redis blip, against hundreds of calls. */
const FEW = 5;

let members: GatewaySession[];
const stopped = new Set<number>();

interface Answer {
  path: string;
  status: number;
  code?: string;
  retryAfter?: string | null;
  at: number;
  ms: number;
}

/** Each member reads `reads` in turn, back to back, until `until` resolves; every answer is recorded. */
async function load(until: Promise<unknown>, reads = READS): Promise<Answer[]> {
  const answers: Answer[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  await Promise.all(
    members.map(async (member, m) => {
      for (let i = m; !done; i++) {
        const path = reads[i % reads.length] as string;
        const started = Date.now();
        const response = await member.request('GET', path).catch(() => undefined);
        const body = response?.body as { code?: string } | undefined;
        answers.push({
          path,
          status: response?.status ?? 0,
          code: body?.code,
          retryAfter: response?.headers.get('retry-after'),
          at: Date.now(),
          ms: Date.now() - started,
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }),
  );
  return answers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stackReady(): Promise<void> {
  const { serviceUrls, gatewayUrl } = stackInfo();
  await waitFor(
    async () => {
      const statuses = await Promise.all(
        [...Object.values(serviceUrls), gatewayUrl].map((url) =>
          fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(2000) })
            .then((response) => response.status)
            .catch(() => 0),
        ),
      );
      return statuses.every((status) => status === 200);
    },
    { what: 'every service ready', timeoutMs: 60_000 },
  );
  // Every member's reads answer again.
  await waitFor(
    async () => {
      for (const member of members) {
        for (const path of READS) if ((await member.request('GET', path)).status !== 200) return false;
      }
      return true;
    },
    { what: 'the members served again', timeoutMs: 30_000 },
  );
}

beforeAll(async () => {
  members = await Promise.all((['premium', 'coach', 'admin', 'courseOnly'] as const).map((who) => signIn(who)));
  await stackReady();
});

afterAll(async () => {
  for (const pid of stopped) process.kill(pid, 'SIGCONT');
  await stackReady();
  await closeSystemResources();
});

describe('a Redis blip under load', () => {
  it('answers no more than a few 503s on routes that do not need Redis, and nothing else fails', async () => {
    const port = stackInfo().ports.redis;
    const before = await pidListeningOn(port);
    let restartedAt = 0;
    const scenario = (async () => {
      // Every member checked lately, as in steady use.
      await sleep(1500);
      process.kill(before, 'SIGKILL');
      await waitFor(
        async () => {
          const pid = await pidListeningOn(port).catch(() => undefined);
          return pid !== undefined && pid !== before ? true : null;
        },
        { what: 'redis restarted', timeoutMs: 60_000, intervalMs: 50 },
      );
      restartedAt = Date.now();
      // The load goes on while the connections come back.
      await sleep(3000);
    })();
    const answers = await load(scenario);
    await scenario;
    const failures = answers.filter((answer) => answer.status !== 200);
    const unavailable = failures.filter((answer) => answer.status === 503);
    // Enough load to mean something, and the blip fell inside it.
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.some((answer) => answer.at > restartedAt)).toBe(true);
    expect(failures.filter((answer) => answer.status !== 503)).toEqual([]);
    // Which calls, when (relative to the kill's restart) and with what code: what a failure here needs to be read.
    if (unavailable.length > FEW) {
      console.log('503s over the Redis blip', restartedAt, unavailable, 'answers', answers.length);
    }
    expect(unavailable.length).toBeLessThanOrEqual(FEW);
    await stackReady();
  });

  it('serves the course reads of members checked moments ago while auth is stopped too (no fallback to auth)', async () => {
    const { ports } = stackInfo();
    const redisPid = await pidListeningOn(ports.redis);
    const authPid = await pidListeningOn(ports.auth);
    let outageFrom = 0;
    const scenario = (async () => {
      await sleep(1500);
      outageFrom = Date.now();
      process.kill(authPid, 'SIGSTOP');
      stopped.add(authPid);
      try {
        process.kill(redisPid, 'SIGKILL');
        // Within the gateway's grace (REDIS_OUTAGE_GRACE_MS, 5 s) from the members' last check, and shorter than
        // its silence window (3 s), so auth's breaker stays closed and its lookups simply fail.
        await sleep(2000);
      } finally {
        process.kill(authPid, 'SIGCONT');
        stopped.delete(authPid);
      }
    })();
    const answers = await load(scenario, COURSE_READS);
    await scenario;
    const during = answers.filter((answer) => answer.at > outageFrom);
    expect(during.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    await waitFor(
      async () => {
        const pid = await pidListeningOn(ports.redis).catch(() => undefined);
        return pid !== undefined && pid !== redisPid ? true : null;
      },
      { what: 'redis restarted', timeoutMs: 60_000 },
    );
    await stackReady();
  });
});

describe('a service stopped for 1.5 s under load', () => {
  it('answers the calls in flight to it 503 within 2 s, keeps the others answering, and serves it again', async () => {
    const pid = await pidListeningOn(stackInfo().ports.courses);
    let continuedAt = 0;
    const scenario = (async () => {
      await sleep(500);
      process.kill(pid, 'SIGSTOP');
      stopped.add(pid);
      try {
        await sleep(1500);
      } finally {
        process.kill(pid, 'SIGCONT');
        stopped.delete(pid);
        continuedAt = Date.now();
      }
      // Until the course reads are served again (the breaker closes on the first good probe).
      await waitFor(async () => (await members[0]?.request('GET', COURSE_READS[0] as string))?.status === 200, {
        what: 'courses served again',
      });
      await sleep(500);
    })();
    const answers = await load(scenario);
    await scenario;
    const courses = answers.filter((answer) => answer.path !== '/api/auth/me');
    expect(courses.length).toBeGreaterThan(0);
    // auth is not touched: all its answers are 200.
    expect(answers.filter((answer) => answer.path === '/api/auth/me' && answer.status !== 200)).toEqual([]);
    // The course reads: served, or 503 SERVICE_UNAVAILABLE with Retry-After, never a hang.
    const wrong = courses.filter(
      (answer) =>
        answer.status !== 200 &&
        !(answer.status === 503 && answer.code === 'SERVICE_UNAVAILABLE' && answer.retryAfter === '1'),
    );
    expect(wrong).toEqual([]);
    expect(answers.filter((answer) => answer.ms >= 2000)).toEqual([]);
    // Served again after the stop.
    expect(courses.some((answer) => answer.at > continuedAt && answer.status === 200)).toBe(true);
  });
});

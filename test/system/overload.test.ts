/**
 * Degrade, don't fall over (docs/decisions.md "Degrade under load"), on the running stack under a steady load of
 * signed-in members:
 *  - Redis killed (SIGKILL; the stack's supervisor restarts it, empty): routes that do not need Redis for the
 *    request itself keep answering; the gateway serves the sessions and profiles it checked moments ago from its
 *    own memory, so at most a few calls answer 503 instead of every route for the length of the blip. To show that
 *    it does not lean on auth for them (what opened auth's breaker under load), a second case kills Redis while
 *    auth is stopped: the course reads of members checked moments ago still answer;
 *  - a service busy for less than the gateway's silence window (here: frozen with SIGSTOP for 1.5 s, which from
 *    outside is what an event loop held by one heavy request looks like) does not open its breaker: the calls in
 *    flight and those sent meanwhile are all answered by the service once it goes on, none with 503.
 *
 * Counts, not timings: the machine is shared. The system project shares one stack across files: every stopped
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
  at: number;
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
        const response = await member.request('GET', path).catch(() => ({ status: 0 }));
        answers.push({ path, status: response.status, at: Date.now() });
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

describe('a service busy for less than the silence window', () => {
  it('keeps its breaker closed: calls in flight and new ones are answered by it, none with 503', async () => {
    const pid = await pidListeningOn(stackInfo().ports.courses);
    const scenario = (async () => {
      await sleep(500);
      process.kill(pid, 'SIGSTOP');
      stopped.add(pid);
      try {
        await sleep(1500);
      } finally {
        process.kill(pid, 'SIGCONT');
        stopped.delete(pid);
      }
      await sleep(1500);
    })();
    const answers = await load(scenario);
    await scenario;
    const courses = answers.filter((answer) => answer.path !== '/api/auth/me');
    expect(courses.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  });
});

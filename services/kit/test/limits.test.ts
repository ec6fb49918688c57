/**
 * Bounded work: the concurrency limiter in front of an expensive route (N running, a short queue, then a
 * fast 429 TOO_BUSY with Retry-After in the error body, other routes untouched), and statement timeouts (the pool's
 * default, a shorter or longer one per call) whose cancellations answer 503 SERVICE_UNAVAILABLE with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVICE_UNAVAILABLE, TOO_BUSY } from '@rainmakers/contracts';
import { sql } from 'kysely';
import {
  createDatabase,
  type DatabaseHandle,
  isStatementTimeout,
  withPoolStatementTimeout,
  withStatementTimeout,
} from '../src/db';
import { createApp } from '../src/http';
import {
  ConcurrencyLimiter,
  concurrencyLimit,
  retryAfterOnUnavailable,
  TooBusyError,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '../src/limits';
import { createTestDatabase, startTestServer, TEST_SECRET, type TestDatabase, type TestServer } from '../src/testing';
import { effectsMigrations, silentLogger } from './support';

let test: TestDatabase<Record<string, never>>;
/** The same database through a pool with a 300 ms statement timeout (what a service gets from its config). */
let short: DatabaseHandle<Record<string, never>>;
let server: TestServer;
const limiter = new ConcurrencyLimiter({
  name: 'slow',
  maxRunning: 2,
  maxQueued: 2,
  maxWaitMs: 300,
  retryAfterSeconds: 3,
});
let release: () => void = () => {};
let gate = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  test = await createTestDatabase(await effectsMigrations(), 'limits');
  short = createDatabase(test.url, { max: 4, queryTimeoutMs: 300 });
  const app = createApp({ name: 'limits-test', logger: silentLogger, internalTokenKeys: TEST_SECRET }, (app) => {
    app.get('/slow', concurrencyLimit(limiter), async (_req, res) => {
      await gate;
      res.json({ ok: true });
    });
    app.get('/fast', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/sleep', async (_req, res) => {
      await sql`SELECT pg_sleep(2)`.execute(short.db);
      res.json({ ok: true });
    });
    app.use(retryAfterOnUnavailable());
  });
  server = await startTestServer(app);
});

afterAll(async () => {
  release();
  await server?.close();
  await short?.close();
  await test?.drop();
});

describe('concurrencyLimit', () => {
  it('runs N, queues M, refuses the rest at once with 429 TOO_BUSY and Retry-After; other routes answer', async () => {
    const slow = Array.from({ length: 6 }, () => fetch(`${server.url}/slow`));
    // Wait until the limiter holds 2 running and 2 queued.
    for (let i = 0; i < 100 && !(limiter.running === 2 && limiter.queued === 2); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect([limiter.running, limiter.queued]).toEqual([2, 2]);
    const fast = await fetch(`${server.url}/fast`);
    expect(fast.status).toBe(200);
    const started = Date.now();
    const answers = await Promise.all(slow.slice(4).concat(slow.slice(2, 4)));
    // The two beyond the queue at once, the two queued after maxWaitMs (300 ms): all refused, none slowly.
    expect(Date.now() - started).toBeLessThan(2000);
    for (const answer of answers) {
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('3');
      expect(await answer.json()).toEqual({ error: expect.any(String), code: TOO_BUSY });
    }
    release();
    for (const answer of await Promise.all(slow.slice(0, 2))) expect(answer.status).toBe(200);
    expect([limiter.running, limiter.queued]).toEqual([0, 0]);
    gate = Promise.resolve();
  });

  it('hands a freed slot to the oldest waiter', async () => {
    const local = new ConcurrencyLimiter({ name: 'order', maxRunning: 1, maxQueued: 5, maxWaitMs: 5000 });
    const order: number[] = [];
    const first = await local.acquire();
    const waiting = [1, 2, 3].map((n) =>
      local.acquire().then((done) => {
        order.push(n);
        done();
      }),
    );
    first();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
    expect(local.running).toBe(0);
  });

  it('refuses at once without a queue, and a release called twice frees one slot', async () => {
    const local = new ConcurrencyLimiter({ name: 'noqueue', maxRunning: 1, maxQueued: 0, maxWaitMs: 0 });
    const done = await local.acquire();
    await expect(local.acquire()).rejects.toBeInstanceOf(TooBusyError);
    done();
    done();
    expect(local.running).toBe(0);
    await expect(local.run(async () => 7)).resolves.toBe(7);
  });

  it('spaces starts by minIntervalMs: back-to-back work waits its turn, a full queue is refused', async () => {
    const local = new ConcurrencyLimiter({
      name: 'spaced',
      maxRunning: 2,
      maxQueued: 2,
      maxWaitMs: 2000,
      minIntervalMs: 100,
    });
    const startedAt: number[] = [];
    const t0 = performance.now();
    const work = () => local.run(async () => void startedAt.push(performance.now() - t0));
    const runs = [work(), work(), work()];
    // Two running slots, but the second and third starts wait for the interval; a fourth finds the queue full.
    await expect(local.acquire()).rejects.toBeInstanceOf(TooBusyError);
    await Promise.all(runs);
    expect(startedAt).toHaveLength(3);
    expect(startedAt[1] as number).toBeGreaterThanOrEqual(95);
    expect(startedAt[2] as number).toBeGreaterThanOrEqual(195);
    expect(local.running).toBe(0);
  });

  it('lets a waiter whose caller left go without taking a slot', async () => {
    const local = new ConcurrencyLimiter({ name: 'abort', maxRunning: 1, maxQueued: 2, maxWaitMs: 5000 });
    const done = await local.acquire();
    const gone = new AbortController();
    const waiting = local.acquire(gone.signal);
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(TooBusyError);
    expect(local.queued).toBe(0);
    done();
    expect(local.running).toBe(0);
  });
});

describe('statement timeouts', () => {
  it("cancel a statement past the pool's timeout: 503 SERVICE_UNAVAILABLE with Retry-After, not 500", async () => {
    const started = Date.now();
    const answer = await fetch(`${server.url}/sleep`);
    expect(Date.now() - started).toBeLessThan(1900);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(await answer.json()).toEqual({ error: expect.any(String), code: SERVICE_UNAVAILABLE });
  });

  it('run a call under a shorter timeout than the pool default (Kysely and raw pg)', async () => {
    // The test pool has no default; the call's own 100 ms cancels a 1 s sleep.
    const error = await withStatementTimeout(test.db, 100, (tx) => sql`SELECT pg_sleep(1)`.execute(tx)).catch(
      (e: unknown) => e,
    );
    expect(isStatementTimeout(error)).toBe(true);
    const raw = await withPoolStatementTimeout(test.pool, 100, (client) => client.query('SELECT pg_sleep(1)')).catch(
      (e: unknown) => e,
    );
    expect(isStatementTimeout(raw)).toBe(true);
    // The connection is usable afterwards and the setting did not outlive its transaction.
    const { rows } = await test.pool.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(rows[0]?.statement_timeout).toBe('0');
  });

  it('run a call under a longer timeout than the pool default', async () => {
    const { rows } = await withStatementTimeout(short.db, 1000, async (tx) => {
      await sql`SELECT pg_sleep(0.4)`.execute(tx);
      return sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(tx);
    });
    expect(rows[0]?.statement_timeout).toBe('1s');
    const { rows: after } = await short.pool.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(after[0]?.statement_timeout).toBe('300ms');
  });
});

/**
 * The billing worker process (src/worker.ts) on SIGTERM: it stops taking jobs, lets the stripe-sync job in flight
 * finish (or hands it back to the queue), and only then closes Redis and PostgreSQL. The job here is slowed at the
 * Stripe stand-in (its list of subscriptions answers late), so the signal lands while it runs; before the fix the
 * worker closed its database first and the job failed with a closed pool.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRedis, type Redis } from '@rainmakers/kit';
import { createTestDatabase, type TestDatabase, testInfra, waitFor } from '@rainmakers/kit/testing';
import Stripe from 'stripe';
import { type StripeStandIn, startStripeStandIn } from '../../../scripts/lib/stripe-stand-in';
import { createSyncQueue, type SyncQueue } from '../src/jobs';
import type { Schema } from '../src/store/schema';
import { MIGRATIONS_DIR } from '../src/testing';

const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('billing worker shutdown', () => {
  let standIn: StripeStandIn;
  let database: TestDatabase<Schema>;
  let redis: Redis;
  let queue: SyncQueue;
  let child: ChildProcess | undefined;
  const prefix = `t${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: 'whsec_worker_shutdown', maxRetries: 0 });
    database = await createTestDatabase<Schema>(MIGRATIONS_DIR, 'billing_worker');
    redis = createRedis(testInfra().redisUrl, 'billing-worker-test');
    queue = createSyncQueue(redis, prefix);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await queue.close();
    await redis.quit();
    await database.drop();
    await standIn.stop();
  });

  it('finishes the stripe-sync job in flight before its connections close on SIGTERM', async () => {
    const stripe = new Stripe('sk_test_stand_in', { host: standIn.host, port: standIn.port, protocol: 'http' });
    for (const status of ['active', 'past_due']) {
      const customer = await stripe.customers.create({ email: `${status}@example.com`, metadata: { userId: '7' } });
      await fetch(`${standIn.url}/_stand-in/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customer: customer.id, status, sendEvent: false }),
      }).then((r) => r.arrayBuffer());
    }
    // The list of subscriptions answers 1.5 s late: the job is in flight when the signal comes.
    await fetch(`${standIn.url}/_stand-in/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v1/subscriptions', ms: 1_500 }),
    }).then((r) => r.arrayBuffer());

    const healthPort = await freePort();
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVICE_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: testInfra().redisUrl,
        REDIS_PREFIX: prefix,
        STRIPE_SECRET_KEY: 'sk_test_stand_in',
        STRIPE_API_URL: standIn.url,
        HEALTH_PORT: String(healthPort),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    await waitFor(
      async () => {
        const answer = await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => null);
        return answer?.status === 200 ? true : null;
      },
      { timeoutMs: 30_000 },
    );
    expect((await fetch(`http://127.0.0.1:${healthPort}/healthz`)).status).toBe(200);

    const job = await queue.add('stripe-sync', { actorId: 1 });
    const jobId = job.id as string;
    await waitFor(async () => ((await queue.getJobState(jobId)) === 'active' ? true : null), { timeoutMs: 15_000 });
    child.kill('SIGTERM');
    const code = await exited;

    const state = await queue.getJobState(jobId);
    const after = await queue.getJob(jobId);
    // Finished, or handed back to the queue untouched: never failed by its own worker's shutdown.
    expect(['completed', 'waiting', 'wait', 'delayed']).toContain(state);
    expect(after?.failedReason ?? '').toBe('');
    if (state === 'completed') expect(after?.returnvalue).toMatchObject({ done: true, customers: 2 });
    expect(output).not.toMatch(/Cannot use a pool after calling end|Connection is closed|job failed/);
    expect(code).toBe(0);
    // The worker's customers were written before the pool closed.
    const rows = await database.db.selectFrom('customers').select('customer_id').execute();
    if (state === 'completed') expect(rows).toHaveLength(2);
  }, 60_000);
});

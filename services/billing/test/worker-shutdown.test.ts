/**
 * The billing worker process (src/worker.ts) on SIGTERM: it stops taking jobs, lets the stripe-sync job in flight
 * finish (or hands it back to the queue), and only then closes Redis and PostgreSQL. The job here is slowed at the
 * Stripe stand-in (its list of subscriptions answers late), so the signal lands while it runs; before the fix the
 * worker closed its database first and the job failed with a closed pool.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRedis, type Redis } from '@rainmakers/kit';
import { createTestDatabase, type TestDatabase, testInfra, waitFor } from '@rainmakers/kit/testing';
import Stripe from 'stripe';
import { type StripeStandIn, startStripeStandIn } from '../../../scripts/lib/stripe-stand-in';
import { startWorkerProcess, type WorkerProcess } from '../../../scripts/lib/worker-process';
import { createSyncQueue, type SyncQueue } from '../src/jobs';
import type { Schema } from '../src/store/schema';
import { MIGRATIONS_DIR } from '../src/testing';

const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('billing worker shutdown', () => {
  let standIn: StripeStandIn;
  let database: TestDatabase<Schema>;
  let redis: Redis;
  let queue: SyncQueue;
  let worker: WorkerProcess | undefined;
  const prefix = `t${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ webhookSecret: 'whsec_worker_shutdown', maxRetries: 0 });
    database = await createTestDatabase<Schema>(MIGRATIONS_DIR, 'billing_worker');
    redis = createRedis(testInfra().redisUrl, 'billing-worker-test');
    queue = createSyncQueue(redis, prefix);
  });

  afterAll(async () => {
    if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
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

    worker = await startWorkerProcess(SERVICE_DIR, {
      DATABASE_URL: database.url,
      REDIS_URL: testInfra().redisUrl,
      REDIS_PREFIX: prefix,
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_API_URL: standIn.url,
      LOG_LEVEL: 'info',
    });
    expect((await fetch(`${worker.healthUrl}/healthz`)).status).toBe(200);

    const job = await queue.add('stripe-sync', { actorId: 1 });
    const jobId = job.id as string;
    await waitFor(async () => ((await queue.getJobState(jobId)) === 'active' ? true : null), { timeoutMs: 15_000 });
    worker.child.kill('SIGTERM');
    const code = await worker.exited;

    const state = await queue.getJobState(jobId);
    const after = await queue.getJob(jobId);
    // Finished, or handed back to the queue untouched: never failed by its own worker's shutdown.
    expect(['completed', 'waiting', 'wait', 'delayed']).toContain(state);
    expect(after?.failedReason ?? '').toBe('');
    if (state === 'completed') expect(after?.returnvalue).toMatchObject({ done: true, customers: 2 });
    expect(worker.output()).not.toMatch(/Cannot use a pool after calling end|Connection is closed|job failed/);
    expect(code).toBe(0);
    // The worker's customers were written before the pool closed.
    const rows = await database.db.selectFrom('customers').select('customer_id').execute();
    if (state === 'completed') expect(rows).toHaveLength(2);
  }, 60_000);
});

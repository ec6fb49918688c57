/**
 * The one source of a job's status: the `jobs` row the request that queues a job writes (queued) and the worker
 * writes as it goes, read by GET /api/user/jobs/{id} and by the per-kind paths the screens used before. Against the
 * real service, PostgreSQL, Redis (BullMQ) and a local S3; the worker runs in a process of its own in production,
 * here beside the service (started by the test where the test says so).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JobStatus } from '@rainmakers/contracts';
import { createLogger, createRedis, type Redis } from '@rainmakers/kit';
import { testInfra, waitFor } from '@rainmakers/kit/testing';
import { importChunkSize } from '../src/commands/imports';
import { createImportQueue, createUserWorkers, importProcessor } from '../src/jobs';
import { createUser, type Harness, startHarness } from './helpers';
import { HEADER_AND_ONE_ROW, workbookOf } from './xlsx-bytes';

type Status = JobStatus & Record<string, unknown>;

function upload(content: string | Buffer, name = 'people.csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  return form;
}

const status = async (h: Harness, path: string) => (await h.api.get<Status>(h.admin, path)).body;

async function finished(h: Harness, jobId: string): Promise<Status> {
  let last: Status | undefined;
  await waitFor(
    async () => {
      last = await status(h, `/api/user/jobs/${jobId}`);
      return last.state === 'completed' || last.state === 'failed';
    },
    { what: `job ${jobId} to end`, timeoutMs: 30_000 },
  );
  return last as Status;
}

describe('job status from the job table (worker in the service)', () => {
  let h: Harness;
  let redis: Redis;
  beforeAll(async () => {
    h = await startHarness();
    redis = createRedis(testInfra().redisUrl, 'users-job-status-test');
  });
  afterAll(async () => {
    await redis.quit();
    await h.stop();
  });

  it("answers a job's state, counts and error report after the worker finished, with its Redis data gone", async () => {
    const csv = 'email,fullName\r\nstatus1@example.com,Status One\r\nstatus2@example.com,Status Two\r\nbad,Bad';
    const started = await h.api.post<{ jobId: string; total: number }>(h.admin, '/api/user/import', upload(csv));
    expect(started.status).toBe(202);
    const { jobId } = started.body;
    // The row is written before the answer: the status is there at once.
    const first = await status(h, `/api/user/jobs/${jobId}`);
    expect(['queued', 'running', 'completed']).toContain(first.state);
    expect(first).toMatchObject({ jobId, kind: 'import', total: 3 });

    const done = await finished(h, jobId);
    expect(done).toMatchObject({
      jobId,
      kind: 'import',
      state: 'completed',
      total: 3,
      done: 3,
      counts: { total: 3, done: 3, created: 2, updated: 0, skipped: 0, failed: 1, errorCount: 1 },
      // The earlier import status keys, at the top level.
      created: 2,
      failed: 1,
      errorCount: 1,
      failedReason: null,
      errorFileUrl: `/api/user/jobs/${jobId}/errors.csv`,
    });
    expect(done.finishedAt).not.toBeNull();

    // BullMQ's copy of the job is gone: the status and the report do not depend on it.
    const keys = (await redis.keys(`${h.users.redisPrefix}bull:user-import:${jobId}*`)).filter((k) =>
      new RegExp(`user-import:${jobId}(:|$)`).test(k),
    );
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    expect(await status(h, `/api/user/jobs/${jobId}`)).toEqual(done);
    // The path the import dialog used answers the same; errors.csv is one file at both paths.
    expect(await status(h, `/api/user/import/${jobId}`)).toEqual(done);
    const errors = await h.api.get<string>(h.admin, `/api/user/jobs/${jobId}/errors.csv`);
    expect(errors.body).toBe('row,email,reason\r\n4,bad,The email is not valid\r\n');
    expect((await h.api.get<string>(h.admin, `/api/user/import/${jobId}/errors.csv`)).body).toBe(errors.body);
    // A path of another kind does not answer for it; unknown ids are 404 in the usual shape.
    expect((await h.api.get(h.admin, `/api/user/bulk-update/${jobId}`)).status).toBe(404);
    const unknown = await h.api.get<{ error: string }>(h.admin, '/api/user/jobs/no-such-job');
    expect({ status: unknown.status, error: unknown.body.error }).toEqual({ status: 404, error: 'Job not found' });
  });

  it('answers a failed job with the reason and an error report that says it', async () => {
    // A workbook whose directory lies about its texts: queued, then failed by the worker.
    const strings = `<si><t>email</t></si><si><t>fullName</t></si><si><t>${'x'.repeat(5_000)}</t></si>`;
    const lying = workbookOf({ rows: HEADER_AND_ONE_ROW, strings, stringCount: 3, declare: { strings: 200 } });
    const started = await h.api.post<{ jobId: string }>(h.admin, '/api/user/import', upload(lying, 'lying.xlsx'));
    expect(started.status).toBe(202);
    const failed = await finished(h, started.body.jobId);
    expect(failed).toMatchObject({
      kind: 'import',
      state: 'failed',
      failedReason: expect.stringMatching(/not a CSV table or an Excel workbook/),
      errorFileUrl: `/api/user/jobs/${started.body.jobId}/errors.csv`,
    });
    const report = await h.api.get<string>(h.admin, failed.errorFileUrl ?? '');
    expect(report.status).toBe(200);
    expect(report.body.split('\r\n')[0]).toBe('row,email,reason');
    expect(report.body).toContain(failed.failedReason ?? 'no reason');
    const history = await h.api.get<{ jobs: { id: string; state: string; errorFileUrl?: string }[] }>(
      h.admin,
      '/api/user/jobs',
    );
    expect(history.body.jobs.find((j) => j.id === started.body.jobId)).toMatchObject({
      state: 'failed',
      errorFileUrl: failed.errorFileUrl,
    });
  });

  it('keeps every bulk action in the job history, a small one done in the request too', async () => {
    const people = await Promise.all([createUser(h), createUser(h)]);
    const ids = people.map((p) => p.id);
    const res = await h.api.post<{ jobId: string; state: string; changed: number }>(h.admin, '/api/user/bulk-action', {
      action: 'set-role',
      role: 'premium',
      target: { ids },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'completed', changed: 2 });
    const job = await status(h, `/api/user/jobs/${res.body.jobId}`);
    expect(job).toMatchObject({
      kind: 'bulk-action',
      state: 'completed',
      total: 2,
      done: 2,
      counts: { total: 2, done: 2, changed: 2, unchanged: 0, failed: 0 },
    });
    expect(await status(h, `/api/user/bulk-action/${res.body.jobId}`)).toEqual(job);
  });
});

describe("a restarted worker's job", () => {
  let h: Harness;
  let redis: Redis;
  beforeAll(async () => {
    h = await startHarness({ runWorkers: false });
    redis = createRedis(testInfra().redisUrl, 'users-job-status-restart-test');
  });
  afterAll(async () => {
    await redis.quit();
    await h.stop();
  });

  it('is queued until a worker takes it, running with the first attempt’s counts, then ends once', async () => {
    const rows = Array.from({ length: 53 }, (_, i) => `restart${i}@example.com,Restart ${i}`);
    const started = await h.api.post<{ jobId: string }>(
      h.admin,
      '/api/user/import',
      upload(`email,fullName\r\n${rows.join('\r\n')}`, 'restart.csv'),
    );
    expect(started.status).toBe(202);
    const { jobId } = started.body;
    expect(await status(h, `/api/user/jobs/${jobId}`)).toMatchObject({ state: 'queued', total: 53, done: 0 });

    // A first worker takes the job and dies after its first chunk (its progress write never returns).
    const queue = createImportQueue(redis, h.users.redisPrefix);
    const queued = await queue.getJob(jobId);
    if (!queued) throw new Error('the import was not queued under its run id');
    let progressCalls = 0;
    const dying = {
      id: queued.id,
      data: queued.data,
      attemptsMade: 0,
      opts: { attempts: 3 },
      async updateProgress() {
        progressCalls += 1;
        if (progressCalls > 1) throw new Error('worker killed');
      },
    };
    await expect(importProcessor(h.users.jobDeps)(dying)).rejects.toThrow('worker killed');
    const midway = await status(h, `/api/user/jobs/${jobId}`);
    expect(midway.state).toBe('running');
    expect(midway.done).toBeGreaterThan(0);
    expect(midway.done).toBeLessThan(53);
    expect(importChunkSize(53)).toBeLessThan(53);

    // The restarted worker runs the job again from the queue: the recorded chunks count as they were.
    const [imports, bulk] = createUserWorkers(
      h.users.jobDeps,
      redis,
      h.users.redisPrefix,
      createLogger('users-worker-test', 'silent'),
    );
    imports.start();
    try {
      const done = await finished(h, jobId);
      expect(done).toMatchObject({
        state: 'completed',
        counts: { total: 53, done: 53, created: 53, updated: 0, skipped: 0, failed: 0, errorCount: 0 },
        createdAt: midway.createdAt,
      });
      const audit = await h.api.get<{ entries: { subjectId: string | null }[] }>(
        h.admin,
        '/api/user/audit-log?action=user.import',
      );
      expect(audit.body.entries.filter((e) => e.subjectId === jobId)).toHaveLength(1);
    } finally {
      await imports.stop();
      await bulk.stop();
      await queue.close();
    }
  });
});

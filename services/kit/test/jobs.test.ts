import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueue, createWorker, getJobStatus, type JobWorker, QueueName } from '../src/jobs';
import { createTestRedis, waitFor } from '../src/testing';
import { silentLogger as logger } from './support';

interface ImportData {
  rows: number;
  fail?: boolean;
}
interface ImportReport {
  imported: number;
}

let redis: Redis;
let prefix: string;
let queue: Queue<ImportData, ImportReport>;
let worker: JobWorker<ImportData, ImportReport>;
let releaseFirstJob: () => void;
const firstJobReleased = new Promise<void>((resolve) => {
  releaseFirstJob = resolve;
});

beforeAll(() => {
  ({ redis, prefix } = createTestRedis());
  queue = createQueue<ImportData, ImportReport>(QueueName.UserImport, redis, prefix);
  worker = createWorker<ImportData, ImportReport>(
    QueueName.UserImport,
    async (job) => {
      if (job.data.fail) throw new Error('row 2: email is not valid');
      await job.updateProgress(50);
      await firstJobReleased;
      await job.updateProgress(100);
      return { imported: job.data.rows };
    },
    redis,
    prefix,
    { logger },
  );
  worker.start();
});

afterAll(async () => {
  await worker.stop();
  await queue.close();
  redis.disconnect();
});

describe('jobs', () => {
  it('keeps its keys under the service prefix and applies the default job options', async () => {
    const job = await queue.add('import', { rows: 0, fail: true }, { attempts: 1 });
    expect(job.opts.removeOnComplete).toEqual({ count: 1_000 });
    expect(job.opts.removeOnFail).toEqual({ count: 5_000 });
    expect(queue.opts.defaultJobOptions).toMatchObject({ attempts: 3, backoff: { type: 'exponential' } });
    expect(await redis.exists(`${prefix}bull:user-import:${job.id}`)).toBe(1);
  });

  it('reports progress while a job runs, then its result', async () => {
    const job = await queue.add('import', { rows: 2 });
    const id = job.id ?? '';
    const running = await waitFor(async () => {
      const status = await getJobStatus(queue, id);
      return status?.state === 'active' && status.progress === 50 ? status : null;
    });
    expect(running).toMatchObject({ id, result: null, failedReason: null });

    releaseFirstJob();
    const done = await waitFor(async () => {
      const status = await getJobStatus(queue, id);
      return status?.state === 'completed' ? status : null;
    });
    expect(done).toEqual({
      id,
      state: 'completed',
      progress: 100,
      result: { imported: 2 },
      failedReason: null,
      attemptsMade: 1,
    });
  });

  it('reports why a job failed, and null for a job that does not exist', async () => {
    const job = await queue.add('import', { rows: 1, fail: true }, { attempts: 1 });
    const failed = await waitFor(async () => {
      const status = await getJobStatus(queue, job.id ?? '');
      return status?.state === 'failed' ? status : null;
    });
    expect(failed).toMatchObject({ failedReason: 'row 2: email is not valid', result: null, attemptsMade: 1 });
    expect(await getJobStatus(queue, 'no-such-job')).toBeNull();
  });
});

/**
 * A job queued inside a traced request carries its trace context in the job data, and the worker's span
 * joins that trace as a child of the span that queued it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../../../test/support/otlp-receiver';
import { createQueue, createWorker, type JobWorker, QueueName } from '../src/jobs';
import { createTestRedis, waitFor } from '../src/testing';
import { currentTraceparent, flushTracing, startTracing, stopTracing, withSpan } from '../src/tracing';
import { silentLogger as logger } from './support';

interface Data {
  rows: number;
}

let receiver: OtlpReceiver;
let redis: Redis;
let queue: Queue<Data, number>;
let worker: JobWorker<Data, number>;
const seen: unknown[] = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  startTracing({ SERVICE_NAME: 'kit-test', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: 50 });
  let prefix: string;
  ({ redis, prefix } = createTestRedis());
  queue = createQueue<Data, number>(QueueName.UserImport, redis, prefix);
  worker = createWorker<Data, number>(
    QueueName.UserImport,
    async (job) => {
      seen.push(currentTraceparent());
      return job.data.rows;
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
  await stopTracing();
  await receiver.close();
});

describe('traced jobs', () => {
  it("run in a span that is the child of the span that queued them, with the job's data intact", async () => {
    const queued = await withSpan('request', {}, async () => {
      const job = await queue.add('import', { rows: 3 });
      return { traceparent: currentTraceparent() ?? '', data: job.data };
    });
    const [, traceId, requestSpanId] = queued.traceparent.split('-');
    expect(queued.data).toEqual({ rows: 3, traceparent: queued.traceparent });
    const spans = await waitFor(async () => {
      await flushTracing();
      const found = (await (await fetch(`${receiver.url}/spans?traceId=${traceId}`)).json()) as ReceivedSpan[];
      return found.some((span) => span.name === 'user-import process') ? found : undefined;
    });
    const processed = spans.find((span) => span.name === 'user-import process');
    expect(processed).toMatchObject({ parentSpanId: requestSpanId, kind: 5, service: 'kit-test' });
    expect(processed?.attributes['messaging.destination.name']).toBe('user-import');
    // The processor itself ran inside that span.
    expect(String(seen[0]).split('-')[2]).toBe(processed?.spanId);
  });

  it('carry the trace context when queued in bulk too', async () => {
    const queued = await withSpan('request', {}, async () => {
      const jobs = await queue.addBulk([
        { name: 'import', data: { rows: 1 } },
        { name: 'import', data: { rows: 2 } },
      ]);
      return { traceparent: currentTraceparent() ?? '', data: jobs.map((job) => job.data) };
    });
    expect(queued.data).toEqual([
      { rows: 1, traceparent: queued.traceparent },
      { rows: 2, traceparent: queued.traceparent },
    ]);
  });
});

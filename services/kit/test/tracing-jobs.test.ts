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
  /** Added by the queue (kit jobs.ts) while tracing is on. */
  traceparent?: string;
}

let receiver: OtlpReceiver;
let redis: Redis;
let queue: Queue<Data, number>;
let worker: JobWorker<Data, number>;
const seen: unknown[] = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  Object.assign(process.env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '50',
  });
  startTracing({
    SERVICE_NAME: 'kit-test',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_TRACES_SAMPLER: 'parentbased_always_on',
  });
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
  it('get a PRODUCER span in the queuing trace, and run in a CONSUMER span that is its child', async () => {
    const queued = await withSpan('request', {}, async () => {
      const job = await queue.add('import', { rows: 3 });
      return { traceparent: currentTraceparent() ?? '', data: job.data };
    });
    const [, traceId, requestSpanId] = queued.traceparent.split('-');
    const carried = String(queued.data.traceparent);
    expect(queued.data.rows).toBe(3);
    expect(carried.split('-')[1]).toBe(traceId);
    const spans = await waitFor(async () => {
      await flushTracing();
      const found = (await (await fetch(`${receiver.url}/spans?traceId=${traceId}`)).json()) as ReceivedSpan[];
      return found.some((span) => span.name === 'user-import process') ? found : undefined;
    });
    const producer = spans.find((span) => span.name === 'user-import publish');
    expect(producer).toMatchObject({ parentSpanId: requestSpanId, kind: 4, service: 'kit-test' });
    expect(producer?.spanId).toBe(carried.split('-')[2]);
    expect(producer?.attributes['messaging.system']).toBe('bullmq');
    const processed = spans.find((span) => span.name === 'user-import process');
    expect(processed).toMatchObject({ parentSpanId: producer?.spanId, kind: 5, service: 'kit-test' });
    expect(processed?.attributes['messaging.destination.name']).toBe('user-import');
    // The processor itself ran inside that span.
    expect(String(seen[0]).split('-')[2]).toBe(processed?.spanId);
  });

  it('carry the trace context when queued in bulk too, one producer span per job', async () => {
    const queued = await withSpan('request', {}, async () => {
      const jobs = await queue.addBulk([
        { name: 'import', data: { rows: 1 } },
        { name: 'import', data: { rows: 2 } },
      ]);
      return { traceparent: currentTraceparent() ?? '', data: jobs.map((job) => job.data) };
    });
    const traceId = queued.traceparent.split('-')[1];
    expect(queued.data.map((data) => data.rows)).toEqual([1, 2]);
    const carried = queued.data.map((data) => String(data.traceparent).split('-'));
    expect(carried.map((parts) => parts[1])).toEqual([traceId, traceId]);
    expect(carried[0]?.[2]).not.toBe(carried[1]?.[2]);
  });
});

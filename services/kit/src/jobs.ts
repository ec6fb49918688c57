import {
  type DefaultJobOptions,
  type JobProgress,
  type JobState,
  type Processor,
  Queue,
  Worker,
  type WorkerOptions,
} from 'bullmq';
import type { Redis } from 'ioredis';
import { processActivity } from './activity';
import type { BackgroundTask } from './bootstrap';
import type { Logger } from './logger';
import { jobsFailed, queueMetricSources, type Sample } from './metrics';
import { blockingDuplicate } from './redis';
import { currentTraceparent, producerTraceparent, SpanKind, withSpan } from './tracing';

/** Every BullMQ queue of the product, by name. */
export const QueueName = {
  UserImport: 'user-import',
  UserBulkUpdate: 'user-bulk-update',
  StripeSync: 'stripe-sync',
  SendMail: 'send-mail',
  BoardReminders: 'board-reminders',
  CourseReleases: 'course-releases',
  Broadcast: 'broadcast',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 5_000 },
};

/** BullMQ keys live under `${REDIS_PREFIX}bull`, beside the rest of the service's keys. */
export function bullPrefix(prefix: string): string {
  return `${prefix}bull`;
}

/**
 * A queue's job counts by state, read straight from BullMQ's keys (no Queue object, no extra connection) at scrape
 * time: waiting (wait list and prioritized), active, delayed, failed.
 */
export async function readQueueCounts(redis: Redis, prefix: string, name: QueueName): Promise<Sample[]> {
  const key = (suffix: string) => `${bullPrefix(prefix)}:${name}:${suffix}`;
  const answers = await redis
    .multi()
    .llen(key('wait'))
    .zcard(key('prioritized'))
    .llen(key('active'))
    .zcard(key('delayed'))
    .zcard(key('failed'))
    .exec();
  const count = (index: number) => Number(answers?.[index]?.[1] ?? 0);
  const labels = (state: string) => ({ queue: name, state });
  return [
    { labels: labels('waiting'), value: count(0) + count(1) },
    { labels: labels('active'), value: count(2) },
    { labels: labels('delayed'), value: count(3) },
    { labels: labels('failed'), value: count(4) },
  ];
}

function reportQueue(redis: Redis, prefix: string, name: QueueName): void {
  queueMetricSources.set(name, () => readQueueCounts(redis, prefix, name));
}

/**
 * A queue to add jobs to. The connection is shared and stays open when the queue closes; a request connection
 * (kit createRequestRedis) makes an add fail fast with 503 while Redis is down instead of waiting for it.
 */
export function createQueue<Data = unknown, Result = unknown>(
  name: QueueName,
  connection: Redis,
  prefix: string,
): Queue<Data, Result> {
  reportQueue(connection, prefix, name);
  const queue = new Queue<Data, Result>(name, {
    connection,
    prefix: bullPrefix(prefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  // Each job gets a PRODUCER span in the queuing request's trace; its context rides in the job data, so the
  // worker's span is its child. Ours rather than BullMQ's telemetry option: docs/decisions.md "Traces: our own
  // client, database and messaging spans".
  const add = queue.add.bind(queue);
  queue.add = ((jobName, data, opts) => add(jobName, withTraceContext(data, name), opts)) as typeof queue.add;
  const addBulk = queue.addBulk.bind(queue);
  queue.addBulk = ((jobs) =>
    addBulk(jobs.map((job) => ({ ...job, data: withTraceContext(job.data, name) })))) as typeof queue.addBulk;
  return queue;
}

/** Where a job's data keeps the trace context of the request that queued it (tracing on only). */
export const JOB_TRACEPARENT_KEY = 'traceparent';

/**
 * The job data with the trace context added (an object's copy): a new PRODUCER span's for `queue`, else the active
 * one's; as given when tracing is off.
 */
export function withTraceContext<Data>(data: Data, queue?: QueueName): Data {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const traceparent = queue ? producerTraceparent(queue, 'bullmq') : currentTraceparent();
  if (!traceparent || typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  return { ...data, [JOB_TRACEPARENT_KEY]: traceparent };
}

function jobTraceparent(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[JOB_TRACEPARENT_KEY];
  return typeof value === 'string' ? value : undefined;
}

/** Runs each job inside a consumer span, a child of the span that queued it; a job counts as activity (activity.ts). */
function tracedProcessor<Data, Result>(queue: QueueName, processor: Processor<Data, Result>): Processor<Data, Result> {
  return (job, token, signal) => {
    processActivity.touch();
    return withSpan(
      `${queue} process`,
      {
        kind: SpanKind.CONSUMER,
        traceparent: jobTraceparent(job.data),
        attributes: {
          'messaging.system': 'bullmq',
          'messaging.operation.type': 'process',
          'messaging.destination.name': queue,
          'messaging.message.id': job.id ?? '',
        },
      },
      () => processor(job, token, signal).finally(() => processActivity.touch()),
    );
  };
}

export type JobWorkerOptions = Omit<WorkerOptions, 'connection' | 'prefix' | 'autorun'> & { logger?: Logger };

/** A BullMQ worker as a background task: started with the service, closed (after its current jobs) on stop. */
export class JobWorker<Data = unknown, Result = unknown> implements BackgroundTask {
  readonly worker: Worker<Data, Result>;
  private running: Promise<void> | undefined;
  private readonly logger: Logger | undefined;
  private readonly connection: Redis;

  constructor(
    name: QueueName,
    processor: Processor<Data, Result>,
    connection: Redis,
    prefix: string,
    options: JobWorkerOptions = {},
  ) {
    const { logger, ...workerOptions } = options;
    this.logger = logger?.child({ queue: name });
    // A worker waits on Redis on purpose (blocking reads, retries until Redis is back): a connection of its own
    // without the request path's command timeout, even when given the service's request connection.
    this.connection = blockingDuplicate(connection, `worker:${name}`);
    // Counts are read on the given (non-blocking) connection: the worker's own one sits in blocking reads.
    reportQueue(connection, prefix, name);
    this.worker = new Worker<Data, Result>(name, tracedProcessor(name, processor), {
      ...workerOptions,
      connection: this.connection,
      prefix: bullPrefix(prefix),
      autorun: false,
    });
    // Without a listener an 'error' event would crash the process (a lost connection is retried by BullMQ).
    this.worker.on('error', (error) => this.logger?.error({ err: error }, 'job worker error'));
    const failures = jobsFailed.labels({ queue: name });
    this.worker.on('failed', (job, error) => {
      failures.inc();
      this.logger?.warn({ err: error, jobId: job?.id, attemptsMade: job?.attemptsMade }, 'job failed');
    });
  }

  start(): void {
    this.running ??= this.worker.run().catch((error: unknown) => {
      this.logger?.error({ err: error }, 'job worker stopped');
    });
  }

  async stop(): Promise<void> {
    await this.worker.close();
    await this.running;
    this.running = undefined;
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}

export function createWorker<Data = unknown, Result = unknown>(
  name: QueueName,
  processor: Processor<Data, Result>,
  connection: Redis,
  prefix: string,
  options: JobWorkerOptions = {},
): JobWorker<Data, Result> {
  return new JobWorker(name, processor, connection, prefix, options);
}

export interface JobStatus<Result = unknown> {
  id: string;
  state: JobState | 'unknown';
  progress: JobProgress;
  /** The processor's return value once completed, else null. */
  result: Result | null;
  failedReason: string | null;
  attemptsMade: number;
}

/** Where a job stands, for progress bars and final reports; null when no such job (or it was removed). */
export async function getJobStatus<Data, Result>(
  queue: Queue<Data, Result>,
  id: string,
): Promise<JobStatus<Result> | null> {
  // State first: the job read after it is at least as recent, so a 'failed' state comes with its failedReason.
  const state = await queue.getJobState(id);
  const job = await queue.getJob(id);
  if (!job) return null;
  return {
    id,
    state,
    progress: job.progress,
    result: (job.returnvalue as Result | undefined) ?? null,
    failedReason: job.failedReason || null,
    attemptsMade: job.attemptsMade,
  };
}

/**
 * A sweep on a schedule: a BullMQ job scheduler fires one 'sweep' every `everyMs` (one job per tick, whichever
 * replica takes it; upserting the same scheduler id from every replica keeps one schedule), one sweep at a time per
 * process. The sweep itself must be safe to run twice or beside another replica's (the board's reminders and the
 * courses' release notices claim what they send insert-if-absent). `close` runs after the last sweep ended.
 */
export function createScheduledSweep<Result>(options: {
  queue: QueueName;
  schedulerId: string;
  everyMs: number;
  sweep: () => Promise<Result>;
  redis: Redis;
  prefix: string;
  logger: Logger;
  close?: () => Promise<void>;
}): BackgroundTask {
  const queue = createQueue<Record<string, never>, Result>(options.queue, options.redis, options.prefix);
  const worker = createWorker<Record<string, never>, Result>(
    options.queue,
    () => options.sweep(),
    options.redis,
    options.prefix,
    // The job's own retries would only repeat what the next tick does.
    { concurrency: 1, logger: options.logger },
  );
  return {
    async start() {
      await queue.upsertJobScheduler(
        options.schedulerId,
        { every: options.everyMs },
        {
          name: 'sweep',
          data: {},
          opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
        },
      );
      worker.start();
    },
    async stop() {
      await worker.stop();
      await queue.close();
      await options.close?.();
    },
  };
}

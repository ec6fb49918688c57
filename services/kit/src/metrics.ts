/**
 * Prometheus metrics: one registry per process, served as text at `GET /metrics` on a port the gateway
 * never forwards to (a service's own port, a worker's health port, the gateway's METRICS_PORT).
 *
 * Labels stay bounded: routes are Express route templates (`/api/user/:id`), never raw paths; anything that matched
 * no route is `unmatched`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type pg from 'pg';
import client from 'prom-client';
import { EventLoopLagSampler } from './event-loop-lag';

export const metricsRegistry = new client.Registry();
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

let processMetricsOn = false;

/** What is running, for `rainmakers_build_info` (BUILD_VERSION / BUILD_COMMIT, stamped into the images). */
export interface BuildStamp {
  version?: string | undefined;
  commit?: string | undefined;
}

/**
 * Process metrics (CPU, memory, event-loop lag, handles) and `rainmakers_build_info`, labelled with the service;
 * once per process.
 */
export function collectProcessMetrics(service: string, build: BuildStamp = {}): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  metricsRegistry.setDefaultLabels({ service });
  // prom-client's lag histogram cannot be left out of its defaults; it counted its own sampling interval as lag
  // (every service read ~1 s). Its gauges are replaced by event-loop-lag.ts's under the same names, and its native
  // timer is given an interval it never reaches, so it costs an idle pod nothing.
  client.collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: UNUSED_PRECISION_MS });
  for (const name of Object.values(LAG_GAUGES)) metricsRegistry.removeSingleMetric(name);
  collectEventLoopLag();
  const info = new client.Gauge({
    name: 'rainmakers_build_info',
    help: 'Always 1: the version, commit and Node.js running in this process',
    labelNames: ['version', 'commit', 'node'] as const,
    registers: [metricsRegistry],
  });
  info.set({ version: build.version || 'dev', commit: build.commit || 'unknown', node: process.versions.node }, 1);
}

/** About 24 days: prom-client's own lag timer, whose figures are dropped, never fires in practice. */
const UNUSED_PRECISION_MS = 2 ** 31 - 1;

const LAG_GAUGES = {
  lag: 'nodejs_eventloop_lag_seconds',
  min: 'nodejs_eventloop_lag_min_seconds',
  max: 'nodejs_eventloop_lag_max_seconds',
  mean: 'nodejs_eventloop_lag_mean_seconds',
  stddev: 'nodejs_eventloop_lag_stddev_seconds',
  p50: 'nodejs_eventloop_lag_p50_seconds',
  p90: 'nodejs_eventloop_lag_p90_seconds',
  p99: 'nodejs_eventloop_lag_p99_seconds',
  resolution: 'nodejs_eventloop_lag_resolution_seconds',
} as const;

/** The lag gauges, read from one sampler window per scrape (event-loop-lag.ts). */
function collectEventLoopLag(): void {
  const sampler = new EventLoopLagSampler();
  sampler.start();
  const help = {
    lag: 'Mean event-loop lag since the previous scrape (how late a timer fired, its interval not counted)',
    min: 'Smallest event-loop lag since the previous scrape',
    max: 'Largest event-loop lag since the previous scrape',
    mean: 'Mean event-loop lag since the previous scrape',
    stddev: 'Standard deviation of the event-loop lag since the previous scrape',
    p50: 'Median event-loop lag since the previous scrape',
    p90: '90th percentile of the event-loop lag since the previous scrape',
    p99: '99th percentile of the event-loop lag since the previous scrape',
    resolution:
      'Longest interval between lag samples since the previous scrape: 0.01 while serving, 1 while idle (a shorter stall may fall between samples)',
  };
  const gauges = Object.fromEntries(
    (Object.keys(LAG_GAUGES) as (keyof typeof LAG_GAUGES)[]).map((key) => [
      key,
      new client.Gauge({ name: LAG_GAUGES[key], help: help[key], registers: [metricsRegistry] }),
    ]),
  ) as Record<keyof typeof LAG_GAUGES, client.Gauge>;
  // One gauge's collect reads the window and sets all of them (prom-client collects every metric per scrape).
  const first = gauges.lag as client.Gauge & { collect?: () => void };
  first.collect = () => {
    const window = sampler.take();
    gauges.lag.set(window.mean);
    for (const key of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99', 'resolution'] as const) {
      gauges[key].set(window[key]);
    }
  };
}

const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route template, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request reaching the process to its answer being finished',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Where a proxy or a hand-written handler names the route a request took (the gateway's prefixes). */
export const METRICS_ROUTE_LOCAL = 'metricsRoute';

/** The bounded route label of a finished request. */
export function routeLabel(req: Request, res: ServerResponse): string {
  const named = (res as ServerResponse & { locals?: Record<string, unknown> }).locals?.[METRICS_ROUTE_LOCAL];
  if (typeof named === 'string') return named;
  const template = req.route?.path;
  if (typeof template === 'string') return `${req.baseUrl}${template}`;
  return 'unmatched';
}

/** Counts every answered request and its duration (probes and /metrics itself excluded). */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    if (req.path === '/healthz' || req.path === '/readyz' || req.path === '/metrics') return next();
    const started = performance.now();
    res.once('finish', () => {
      const series = httpSeries(req.method, routeLabel(req, res), res.statusCode);
      series.requests.inc();
      series.duration.observe((performance.now() - started) / 1000);
    });
    next();
  };
}

type HttpSeries = {
  requests: client.Counter.Internal;
  duration: client.Histogram.Internal<'method' | 'route' | 'status'>;
};

/**
 * The counter's and the histogram's series for one (method, route, status), kept: prom-client hashes a labels object
 * on every call, which was a good part of what metrics cost per request. Bounded: routes are templates and the
 * gateway's prefixes, so the combinations are few.
 */
const httpSeriesKept = new Map<string, HttpSeries>();

function httpSeries(method: string, route: string, status: number): HttpSeries {
  const key = `${method} ${status} ${route}`;
  let series = httpSeriesKept.get(key);
  if (!series) {
    const labels = { method, route, status: String(status) };
    series = { requests: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
    httpSeriesKept.set(key, series);
  }
  return series;
}

const pools = new Map<string, pg.Pool>();

const poolConnections: client.Gauge<'pool' | 'state'> = new client.Gauge({
  name: 'pg_pool_connections',
  help: 'PostgreSQL pool connections by state (in_use, idle) and queries waiting for one (waiting)',
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
  // Read at scrape time only, so nothing runs between scrapes.
  collect() {
    for (const [name, pool] of pools) {
      poolConnections.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
      poolConnections.set({ pool: name, state: 'idle' }, pool.idleCount);
      poolConnections.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Reports a pool's connections (in use, idle, waiting queries) at each scrape. */
export function registerPoolMetrics(name: string, pool: pg.Pool): void {
  pools.set(name, pool);
}

/**
 * A gauge read at scrape time from an async source (queue depths, stream lag): the reader runs only when
 * Prometheus asks, with a bound so a slow source cannot hold the scrape.
 */
export function scrapeGauge<L extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly L[];
  read: () => Promise<ReadonlyArray<{ labels: Record<L, string>; value: number }>>;
}): client.Gauge<L> {
  // A process that starts the same part again (tests start several gateways) reports the newest one.
  metricsRegistry.removeSingleMetric(options.name);
  const gauge: client.Gauge<L> = new client.Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames,
    registers: [metricsRegistry],
    async collect() {
      const rows = await withTimeout(options.read(), SCRAPE_READ_TIMEOUT_MS).catch(() => null);
      gauge.reset();
      for (const row of rows ?? []) gauge.set(row.labels as Partial<Record<L, string>>, row.value);
    },
  });
  return gauge;
}

/** How long one scrape-time read may take before its gauge is left empty for this scrape. */
export const SCRAPE_READ_TIMEOUT_MS = 1000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('scrape read timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Answers a scrape: the registry as Prometheus text. */
export async function writeMetrics(_req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await metricsRegistry.metrics();
  res.statusCode = 200;
  res.setHeader('Content-Type', METRICS_CONTENT_TYPE);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

export interface Sample {
  labels: Record<string, string>;
  value: number;
}
type SampleReader = () => Promise<Sample[]>;

/**
 * A gauge whose samples come from sources registered by the parts of the process that own them (a queue, a
 * consumer group, an outbox), each read at scrape time; a source that fails leaves only its own samples out.
 */
function sourcedGauge(name: string, help: string, labelNames: readonly string[]): Map<string, SampleReader> {
  const sources = new Map<string, SampleReader>();
  scrapeGauge({
    name,
    help,
    labelNames,
    read: async () => (await Promise.all([...sources.values()].map((read) => read().catch((): Sample[] => [])))).flat(),
  });
  return sources;
}

/** BullMQ jobs per queue and state (waiting, active, delayed, failed). */
export const queueMetricSources = sourcedGauge('jobs_queue_jobs', 'BullMQ jobs by queue and state', ['queue', 'state']);
/** Event-bus consumer groups: entries not yet delivered (lag) and delivered but unacknowledged (pending). */
export const eventConsumerMetricSources = sourcedGauge(
  'event_consumer_entries',
  'Event stream entries per consumer group and topic: lag (not yet delivered) and pending (not yet acknowledged)',
  ['group', 'topic', 'state'],
);
/** Entries parked in each topic's dead-letter stream. */
export const deadLetterMetricSources = sourcedGauge('event_dead_letters', 'Entries in dead-letter streams', ['topic']);
/** Outbox rows written but not yet published to the bus. */
export const outboxMetricSources = sourcedGauge('outbox_backlog', 'Outbox rows not yet published', ['database']);

/**
 * Jobs that failed an attempt, by queue: counted once, by the worker process that ran the attempt, so `sum by
 * (queue)` across pods adds up (the `jobs_queue_jobs` failed gauge is a list capped by removeOnFail, the same in
 * every pod that reports the queue).
 */
export const jobsFailed = new client.Counter({
  name: 'jobs_failed_total',
  help: 'BullMQ job attempts that failed, by queue (counted by the worker that ran them)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

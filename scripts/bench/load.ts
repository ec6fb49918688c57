/**
 * One load scenario with autocannon's programmatic API: an optional warm-up run (not recorded), then the
 * measured run. Every response time is kept (autocannon's own histogram has no p95), so the percentiles are
 * exact, overall and per label (e.g. per search term).
 */
import autocannon from 'autocannon';

export type Method = 'GET' | 'POST' | 'PUT';

export interface LoadRequest {
  method: Method;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Groups the latencies (e.g. the search term); optional. */
  label?: string;
}

export interface LoadSpec {
  name: string;
  /** Origin the requests go to, e.g. http://127.0.0.1:8080. */
  origin: string;
  connections: number;
  /** Either a duration or a bounded number of requests. */
  durationSeconds?: number;
  amount?: number;
  warmupSeconds?: number;
  /** Called for every request (round-robin over sessions, terms, lessons ...). */
  next: () => LoadRequest;
  timeoutSeconds?: number;
  /** Runs after the warm-up, right before the measured run (e.g. to sample CPU counters). */
  beforeMeasure?: () => Promise<void>;
  /** The scenario's deadline: when it aborts, the run in progress stops and reports what it measured so far. */
  signal?: AbortSignal;
}

export interface LatencySummary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LabelSummary {
  latency: LatencySummary;
  statusCodes: Record<string, number>;
  meanBytes: number;
}

export interface LoadResult {
  name: string;
  connections: number;
  /** Seconds the measured run took. */
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Mean size of a response (headers and body) in bytes. */
  meanBytes: number;
  byLabel: Record<string, LabelSummary>;
  /** Set when the scenario's deadline stopped it (planned seconds + margin): the row is marked and its target misses. */
  deadline?: { seconds: number; missed: boolean };
  /** Failures that are neither a status nor an autocannon error (e.g. a chat whose stream never ended), by kind. */
  failures?: Record<string, number>;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? 0;
}

export function summarize(values: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(values).sort();
  const sum = values.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    min: round(sorted[0] ?? 0),
    mean: round(sorted.length ? sum / sorted.length : 0),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

interface Samples {
  times: number[];
  bytes: number;
  statusCodes: Record<string, number>;
  byLabel: Map<string, { times: number[]; bytes: number; statusCodes: Record<string, number> }>;
}

function runOnce(
  spec: LoadSpec,
  options: { durationSeconds?: number; amount?: number },
): Promise<{ result: autocannon.Result; samples: Samples }> {
  const samples: Samples = { times: [], bytes: 0, statusCodes: {}, byLabel: new Map() };
  // onResponse runs just before the 'response' event of the same response (autocannon's client calls them
  // back to back, synchronously), so the label it reads from the request's context belongs to that response.
  let lastLabel: string | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.origin,
        connections: spec.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 10 }),
        timeout: spec.timeoutSeconds ?? 30,
        requests: [
          {
            setupRequest: (request, context) => {
              const next = spec.next();
              context.label = next.label;
              return { ...request, method: next.method, path: next.path, headers: next.headers, body: next.body };
            },
            onResponse: (_status, _body, context) => {
              lastLabel = typeof context.label === 'string' ? context.label : undefined;
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, samples })),
    );
    // The deadline stops the run where it is; autocannon then calls back with what it measured.
    const stop = () => instance.stop();
    if (spec.signal?.aborted) stop();
    spec.signal?.addEventListener('abort', stop, { once: true });
    instance.on('done', () => spec.signal?.removeEventListener('abort', stop));
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      samples.times.push(responseTime);
      samples.bytes += resBytes;
      samples.statusCodes[statusCode] = (samples.statusCodes[statusCode] ?? 0) + 1;
      if (lastLabel !== undefined) {
        let group = samples.byLabel.get(lastLabel);
        if (!group) {
          group = { times: [], bytes: 0, statusCodes: {} };
          samples.byLabel.set(lastLabel, group);
        }
        group.times.push(responseTime);
        group.bytes += resBytes;
        group.statusCodes[statusCode] = (group.statusCodes[statusCode] ?? 0) + 1;
        lastLabel = undefined;
      }
    });
  });
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupSeconds && spec.warmupSeconds > 0 && !spec.amount && !spec.signal?.aborted) {
    await runOnce(spec, { durationSeconds: spec.warmupSeconds });
  }
  await spec.beforeMeasure?.();
  const { result, samples } = await runOnce(spec, { durationSeconds: spec.durationSeconds, amount: spec.amount });
  const count = samples.times.length;
  const seconds = result.duration;
  const byLabel: Record<string, LabelSummary> = {};
  for (const [label, group] of [...samples.byLabel].sort(([a], [b]) => a.localeCompare(b))) {
    byLabel[label] = {
      latency: summarize(group.times),
      statusCodes: group.statusCodes,
      meanBytes: Math.round(group.times.length ? group.bytes / group.times.length : 0),
    };
  }
  return {
    name: spec.name,
    connections: spec.connections,
    seconds,
    requests: count,
    requestsPerSecond: round(seconds > 0 ? count / seconds : 0, 1),
    latency: summarize(samples.times),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: samples.statusCodes,
    meanBytes: Math.round(count ? samples.bytes / count : 0),
    byLabel,
  };
}

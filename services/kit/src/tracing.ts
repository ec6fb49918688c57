/**
 * Traces: OpenTelemetry with spans of our own at the places a request crosses a process boundary or waits on a
 * store, so one trace follows a request from the gateway through the services it calls (CLIENT -> SERVER), the
 * PostgreSQL queries and Redis commands they run (CLIENT spans with the database semantic conventions), the events
 * they publish (PRODUCER -> CONSUMER: the outbox keeps the producer span's `traceparent`, the envelope carries it)
 * and the jobs they queue (the job data carries it). Why our own spans rather than the instrumentation packages:
 * docs/decisions.md "Traces: our own client, database and messaging spans".
 *
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: then no SDK is started,
 * the API stays the no-op one, and every helper here returns at its first line. On: the OpenTelemetry Node SDK is
 * started from the environment, so it reads the standard variables itself (OTEL_RESOURCE_ATTRIBUTES,
 * OTEL_TRACES_SAMPLER(_ARG), OTEL_PROPAGATORS, OTEL_EXPORTER_OTLP_PROTOCOL / _ENDPOINT / _HEADERS, OTEL_BSP_*).
 */
import {
  type Attributes,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { startNodeSdk } from '@opentelemetry/sdk-node';
import { ParentBasedSampler, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace';
import type { Request, RequestHandler } from 'express';
import type { BaseConfig } from './config';
import { routeLabel } from './metrics';
import { onResponseClose } from './response-close';
import { traceRedisCommands } from './store-tracing';

const TRACER_NAME = '@rainmakers/kit';
export const TRACEPARENT_HEADER = 'traceparent';
/** The server span's attribute for the request id (the semantic conventions' name for a captured request header). */
export const REQUEST_ID_ATTRIBUTE = 'http.request.header.x-request-id';

interface RunningSdk {
  shutdown(): Promise<void>;
}
let sdk: RunningSdk | undefined;

/** Whether this process records spans (OTEL_EXPORTER_OTLP_ENDPOINT was set at start). */
export function tracingEnabled(): boolean {
  return sdk !== undefined;
}

/** What tracing reads from the process's config (kit config.ts, `baseConfigShape`). */
export type TracingSettings = Pick<BaseConfig, 'SERVICE_NAME'> &
  Partial<
    Pick<
      BaseConfig,
      | 'OTEL_EXPORTER_OTLP_ENDPOINT'
      | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
      | 'OTEL_SERVICE_NAME'
      | 'OTEL_TRACES_SAMPLER'
      | 'OTEL_TRACES_SAMPLER_ARG'
      | 'NODE_ENV'
      | 'BUILD_VERSION'
      | 'K8S_POD_NAME'
      | 'K8S_POD_UID'
      | 'K8S_NAMESPACE_NAME'
      | 'K8S_NODE_NAME'
    >
  >;

/**
 * The resource's defaults: lowest priority, so OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME (read by the SDK)
 * override them. The k8s.* values come from the downward API (helm chart, k8s/ manifests).
 */
export function baseResourceAttributes(settings: TracingSettings): Attributes {
  const attributes: Attributes = {
    'service.name': settings.OTEL_SERVICE_NAME || settings.SERVICE_NAME,
    'deployment.environment.name': settings.NODE_ENV ?? 'development',
  };
  const optional: [string, string | undefined][] = [
    ['service.version', settings.BUILD_VERSION],
    ['k8s.pod.name', settings.K8S_POD_NAME],
    ['k8s.pod.uid', settings.K8S_POD_UID],
    ['k8s.namespace.name', settings.K8S_NAMESPACE_NAME],
    ['k8s.node.name', settings.K8S_NODE_NAME],
  ];
  for (const [key, value] of optional) if (value) attributes[key] = value;
  return attributes;
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured; once per process. Returns whether it is on.
 * Spans are named by SERVICE_NAME (workers: `users-worker`...) unless OTEL_SERVICE_NAME is set.
 */
export function startTracing(settings: TracingSettings): boolean {
  if (sdk) return true;
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT && !settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return false;
  sdk = startNodeSdk({
    baseResource: defaultResource().merge(resourceFromAttributes(baseResourceAttributes(settings))),
    // Without OTEL_TRACES_SAMPLER our default: the gateway decides for a new trace (OTEL_TRACES_SAMPLER_ARG of
    // them), every process after it follows the traceparent's flag. With it, the SDK builds the one named.
    ...(settings.OTEL_TRACES_SAMPLER
      ? {}
      : {
          sampler: new ParentBasedSampler({
            root: new TraceIdRatioBasedSampler(settings.OTEL_TRACES_SAMPLER_ARG ?? DEFAULT_SAMPLE_RATIO),
          }),
        }),
    // Metrics are Prometheus's (metrics.ts) and logs pino's: the SDK only traces.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  cachedTracer = undefined;
  traceRedisCommands();
  return true;
}

/** Share of new traces recorded when neither OTEL_TRACES_SAMPLER nor OTEL_TRACES_SAMPLER_ARG says (docs/bench.md). */
export const DEFAULT_SAMPLE_RATIO = 0.1;

/** Sends the spans still batched and stops (on shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  if (!running) return;
  sdk = undefined;
  cachedTracer = undefined;
  await running.shutdown().catch(() => undefined);
}

/** The SDK's provider behind the API's proxy (forceFlush lives there). */
function sdkProvider(): (TracerProvider & { forceFlush?: () => Promise<void> }) | undefined {
  const global = trace.getTracerProvider() as TracerProvider & { getDelegate?: () => TracerProvider };
  return global.getDelegate?.() ?? global;
}

/** Spans still batched go out now (tests, short scripts). */
export async function flushTracing(): Promise<void> {
  if (sdk) await sdkProvider()?.forceFlush?.();
}

let cachedTracer: ReturnType<typeof trace.getTracer> | undefined;
/** The SDK's tracer, looked up once (getTracer builds a key and searches the provider's map on every call). */
function tracer() {
  cachedTracer ??= trace.getTracer(TRACER_NAME);
  return cachedTracer;
}

/** The active span's trace and span ids for a log line (pino mixin); empty when no span is active or tracing is off. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  if (!sdk) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Adds the active context's `traceparent` to outgoing headers (internal client, gateway proxy); as given when off. */
export function injectTraceHeaders<T extends Record<string, string>>(headers: T): T {
  if (sdk) propagation.inject(context.active(), headers);
  return headers;
}

/** The active context's W3C traceparent, to keep beside an event or a job; undefined when off or outside a span. */
export function currentTraceparent(): string | undefined {
  if (!sdk) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier[TRACEPARENT_HEADER];
}

function traceparentOf(span: Span): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  return carrier[TRACEPARENT_HEADER];
}

function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
  if (error instanceof Error) span.setAttribute('error.type', error.name);
}

/**
 * Runs `work` inside a new span whose parent is `traceparent` (an event's, a job's), or a new trace without one;
 * the span ends when `work` settles, with an error status when it throws. Only `work` when tracing is off.
 */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; traceparent?: string | undefined; attributes?: Attributes },
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!sdk) return work(undefined);
  const parent = options.traceparent
    ? propagation.extract(context.active(), { [TRACEPARENT_HEADER]: options.traceparent })
    : context.active();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        failed(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** An outgoing call's span and the `traceparent` that makes the callee's server span its child. */
export interface ClientSpan {
  span: Span;
  traceparent: string | undefined;
}

/**
 * Starts a CLIENT span for an HTTP call to another process (the gateway's proxy, the internal client), a child of
 * the active span; undefined when tracing is off or outside a recorded trace (nothing would join it).
 */
export function startClientSpan(method: string, url: URL, attributes: Attributes = {}): ClientSpan | undefined {
  if (!sdk) return undefined;
  const parent = trace.getActiveSpan();
  if (!parent?.isRecording()) return undefined;
  const span = tracer().startSpan(method, {
    kind: SpanKind.CLIENT,
    attributes: {
      'http.request.method': method,
      'server.address': url.hostname,
      'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
      'url.full': `${url.origin}${url.pathname}`,
      ...attributes,
    },
  });
  return { span, traceparent: traceparentOf(span) };
}

/** Ends an HTTP CLIENT span with the callee's status (an error status from 500 on), or with the error it failed with. */
export function endClientSpan(client: ClientSpan | undefined, status: number | undefined, error?: unknown): void {
  if (!client) return;
  if (status !== undefined) {
    client.span.setAttribute('http.response.status_code', status);
    if (status >= 500) {
      client.span.setAttribute('error.type', String(status));
      client.span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }
  if (error !== undefined) failed(client.span, error);
  client.span.end();
}

/**
 * Starts a CLIENT span for a query or a command (PostgreSQL, Redis) inside a recorded span, or undefined: a
 * store's traffic outside a request, an event or a job (pool probes, the relay's polling, blocking reads) would
 * only fill the trace store with one-span traces. The caller computes its attributes only when this returns a span.
 */
export function startStoreSpan(name: string): Span | undefined {
  if (!sdk) return undefined;
  const parent = trace.getActiveSpan();
  if (!parent?.isRecording()) return undefined;
  return tracer().startSpan(name, { kind: SpanKind.CLIENT });
}

/** Ends a store's span, failed when `error` is given. */
export function endStoreSpan(span: Span, error?: unknown): void {
  if (error !== undefined) failed(span, error);
  span.end();
}

/**
 * A PRODUCER span for a message sent now (`<destination> publish`, ended at once: the send itself is a row in the
 * outbox or a job in BullMQ, measured by their own spans), a child of the active span; returns the traceparent the
 * message carries so the consumer's span is the producer's child. undefined when off or outside a span.
 */
export function producerTraceparent(
  destination: string,
  system: 'redis' | 'bullmq',
  attributes: Attributes = {},
): string | undefined {
  if (!sdk) return undefined;
  const parent = trace.getActiveSpan();
  if (!parent) return undefined;
  if (!parent.isRecording()) return currentTraceparent();
  const span = tracer().startSpan(`${destination} publish`, {
    kind: SpanKind.PRODUCER,
    attributes: {
      'messaging.system': system,
      'messaging.operation.type': 'send',
      'messaging.operation.name': 'publish',
      'messaging.destination.name': destination,
      ...attributes,
    },
  });
  const traceparent = traceparentOf(span);
  span.end();
  return traceparent;
}

const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One server span per request, continuing an incoming `traceparent`, named `METHOD /route/template` once the answer
 * is finished (probes and /metrics are left out). The rest of the request runs with the span active, so log lines,
 * internal calls, queries, published events and queued jobs join it. Passes straight through when tracing is off.
 */
export function httpTracing(): RequestHandler {
  return (req, res, next) => {
    if (!sdk || UNTRACED_PATHS.has(req.path)) return next();
    const parent = propagation.extract(context.active(), req.headers);
    // Attributes only for a span that is recorded: at the default sampling nine requests in ten are not, and the
    // SDK sanitises attributes before it samples (what this skips was about a tenth of a proxied request's CPU in
    // the bare pipe; docs/bench.md "Traces that cost only when recorded"). The samplers we build read no attributes.
    const span = tracer().startSpan(req.method, { kind: SpanKind.SERVER }, parent);
    const active = context.with.bind(context, trace.setSpan(parent, span), next);
    if (!span.isRecording()) return active();
    const port = req.socket.localPort;
    span.setAttributes({
      'http.request.method': req.method,
      'url.path': req.path,
      // Express's view: the forwarded scheme and host behind a trusted proxy (the ingress, the gateway).
      'url.scheme': req.protocol,
      'server.address': req.hostname,
      ...(port ? { 'server.port': port } : {}),
      'network.protocol.version': req.httpVersion,
    });
    const requestId = req.headers['x-request-id'];
    if (typeof requestId === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, [requestId]);
    const finish = () => {
      const route = routeLabel(req as Request, res);
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) {
        span.setAttribute('error.type', String(res.statusCode));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    };
    onResponseClose(res, finish);
    active();
  };
}

export { SpanKind };

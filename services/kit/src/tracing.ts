/**
 * Traces: OpenTelemetry with manual spans at the few places a request crosses a process boundary, so one
 * trace follows a request from the gateway through the services it calls, the events it publishes (the outbox keeps
 * the W3C `traceparent`, the envelope carries it, the consumer's span is its child) and the jobs it queues (the job
 * data carries it, the worker's span is its child).
 *
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: then no provider, context
 * manager or propagator is registered, the API stays the no-op one, and every helper here returns at its first line.
 * On: spans go out in batches over OTLP/HTTP with JSON bodies, named by SERVICE_NAME (OTEL_SERVICE_NAME overrides).
 */
import { type Attributes, context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { Request, RequestHandler } from 'express';
import type { BaseConfig } from './config';
import { routeLabel } from './metrics';

const TRACER_NAME = '@rainmakers/kit';
export const TRACEPARENT_HEADER = 'traceparent';

let provider: TracerProvider | undefined;

/** Whether this process records spans (OTEL_EXPORTER_OTLP_ENDPOINT was set at start). */
export function tracingEnabled(): boolean {
  return provider !== undefined;
}

/** What tracing reads from the process's config (kit config.ts, `baseConfigShape`). */
export type TracingSettings = Pick<BaseConfig, 'SERVICE_NAME'> &
  Partial<
    Pick<
      BaseConfig,
      | 'OTEL_EXPORTER_OTLP_ENDPOINT'
      | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'
      | 'OTEL_EXPORTER_OTLP_HEADERS'
      | 'OTEL_SERVICE_NAME'
      | 'OTEL_TRACES_SAMPLER_ARG'
      | 'OTEL_BSP_SCHEDULE_DELAY'
      | 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE'
      | 'OTEL_BSP_MAX_QUEUE_SIZE'
    >
  >;

/** The traces URL: the full one when given, else `<endpoint>/v1/traces`; undefined when tracing is off. */
export function tracesUrl(settings: TracingSettings): string | undefined {
  if (settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  return `${settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}

/** `key=value,key2=value2` (values URL-encoded, as the OpenTelemetry specification has it). */
export function parseOtlpHeaders(value: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    headers[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured; once per process. Returns whether it is on.
 * Spans are named by SERVICE_NAME (workers: `users-worker`...) unless OTEL_SERVICE_NAME is set.
 */
export function startTracing(settings: TracingSettings): boolean {
  if (provider) return true;
  const url = tracesUrl(settings);
  if (!url) return false;
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.OTEL_SERVICE_NAME || settings.SERVICE_NAME }),
    // Head sampling: the gateway decides for a new trace; every process after it follows the traceparent's flag.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.OTEL_TRACES_SAMPLER_ARG ?? 1) }),
    // The batch keeps requests from waiting on the export; JSON bodies (the exporter's encoding).
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url, headers: parseOtlpHeaders(settings.OTEL_EXPORTER_OTLP_HEADERS) }),
        scheduledDelayMillis: settings.OTEL_BSP_SCHEDULE_DELAY ?? 5000,
        maxExportBatchSize: settings.OTEL_BSP_MAX_EXPORT_BATCH_SIZE ?? 512,
        maxQueueSize: settings.OTEL_BSP_MAX_QUEUE_SIZE ?? 2048,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return true;
}

/** Sends the spans still batched and stops (on shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const running = provider;
  if (!running) return;
  provider = undefined;
  await running.shutdown().catch(() => undefined);
}

/** Spans still batched go out now (tests, short scripts). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/** The active span's trace and span ids for a log line (pino mixin); empty when no span is active or tracing is off. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  if (!provider) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Adds the active context's `traceparent` to outgoing headers (internal client, gateway proxy); as given when off. */
export function injectTraceHeaders<T extends Record<string, string>>(headers: T): T {
  if (provider) propagation.inject(context.active(), headers);
  return headers;
}

/** The active context's W3C traceparent, to keep beside an event or a job; undefined when off or outside a span. */
export function currentTraceparent(): string | undefined {
  if (!provider) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier[TRACEPARENT_HEADER];
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
  if (!provider) return work(undefined);
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
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One server span per request, continuing an incoming `traceparent`, named `METHOD /route/template` once the answer
 * is finished (probes and /metrics are left out). The rest of the request runs with the span active, so log lines,
 * internal calls, published events and queued jobs join it. Passes straight through when tracing is off.
 */
export function httpTracing(): RequestHandler {
  return (req, res, next) => {
    if (!provider || UNTRACED_PATHS.has(req.path)) return next();
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer().startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': req.path },
      },
      parent,
    );
    const requestId = req.headers['x-request-id'];
    if (typeof requestId === 'string') span.setAttribute('request.id', requestId);
    const finish = () => {
      const route = routeLabel(req as Request, res);
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    res.once('close', finish);
    context.with(trace.setSpan(parent, span), next);
  };
}

export { SpanKind };

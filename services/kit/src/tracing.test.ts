import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from '@jest/globals';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../../../test/support/otlp-receiver';
import { createApp } from './http';
import { withTraceContext } from './jobs';
import { createLogger } from './logger';
import { waitFor } from './testing';
import {
  currentTraceparent,
  flushTracing,
  injectTraceHeaders,
  REQUEST_ID_ATTRIBUTE,
  startTracing,
  stopTracing,
  traceLogFields,
  tracingEnabled,
  withSpan,
} from './tracing';

let receiver: OtlpReceiver | undefined;

afterAll(async () => {
  await stopTracing();
  await receiver?.close();
});

async function received(traceId: string): Promise<ReceivedSpan[]> {
  await flushTracing();
  const response = await fetch(`${receiver?.url}/spans?traceId=${traceId}`);
  return (await response.json()) as ReceivedSpan[];
}

describe('tracing', () => {
  // First: this file's process has not started tracing yet.
  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing recorded, nothing added', async () => {
    expect(startTracing({ SERVICE_NAME: 'unit' })).toBe(false);
    expect(tracingEnabled()).toBe(false);
    const data = { userId: 1 };
    await withSpan('nothing', {}, async (span) => {
      expect(span).toBeUndefined();
      expect(currentTraceparent()).toBeUndefined();
      expect(traceLogFields()).toEqual({});
      expect(injectTraceHeaders({ accept: 'application/json' })).toEqual({ accept: 'application/json' });
      expect(withTraceContext(data)).toBe(data);
    });
  });

  it('exports spans over OTLP/JSON; a span started from a traceparent is the child of the one that gave it', async () => {
    receiver = await startOtlpReceiver();
    // The SDK reads the standard variables itself: JSON bodies for the receiver, every trace kept, a resource
    // attribute of the operator's over the kit's default, and the batch sent quickly.
    Object.assign(process.env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,team=sellers',
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    expect(
      startTracing({
        SERVICE_NAME: 'unit',
        NODE_ENV: 'test',
        BUILD_VERSION: '1.2.3',
        K8S_POD_NAME: 'unit-7f9c',
        OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`,
        OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      }),
    ).toBe(true);
    const carried = await withSpan('publish', {}, async () => ({
      traceparent: currentTraceparent(),
      log: traceLogFields(),
      job: withTraceContext({ userId: 1 }),
    }));
    expect(carried.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const [, traceId, spanId] = carried.traceparent?.split('-') ?? [];
    expect(carried.log).toEqual({ trace_id: traceId, span_id: spanId });
    expect(carried.job).toEqual({ userId: 1, traceparent: carried.traceparent });

    await withSpan('consume', { traceparent: carried.traceparent }, async () => undefined);
    const spans = await received(traceId ?? '');
    expect(spans.map((span) => span.name).sort()).toEqual(['consume', 'publish']);
    expect(spans.find((span) => span.name === 'consume')?.parentSpanId).toBe(spanId);
    expect(spans.every((span) => span.service === 'unit')).toBe(true);
    expect(spans[0]?.resource).toMatchObject({
      'service.version': '1.2.3',
      'k8s.pod.name': 'unit-7f9c',
      'deployment.environment.name': 'staging',
      team: 'sellers',
    });
  });

  it('gives each request a server span named by its route, continuing the caller’s traceparent', async () => {
    const logger = createLogger('unit', 'silent');
    const app = createApp({ name: 'unit', logger, internalTokenKeys: 'x'.repeat(32) }, (routes) => {
      routes.get('/api/thing/:id', (_req, res) => {
        res.json({ traceparent: currentTraceparent() });
      });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const caller = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
      const response = await fetch(`http://127.0.0.1:${port}/api/thing/7`, {
        headers: { traceparent: caller, 'x-request-id': 'req-42' },
      });
      const body = (await response.json()) as { traceparent: string };
      expect(body.traceparent.split('-')[1]).toBe('a'.repeat(32));
      // The span ends when the answer's connection work is done, just after the client has it.
      const spans = await waitFor(async () => {
        const found = await received('a'.repeat(32));
        return found.length > 0 ? found : undefined;
      });
      expect(spans).toHaveLength(1);
      expect(spans[0]).toMatchObject({ name: 'GET /api/thing/:id', parentSpanId: 'b'.repeat(16), kind: 2 });
      expect(spans[0]?.attributes).toMatchObject({
        'http.response.status_code': 200,
        'url.scheme': 'http',
        'server.address': '127.0.0.1',
        'server.port': port,
        [REQUEST_ID_ATTRIBUTE]: 'req-42',
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/**
 * A small OTLP/HTTP trace receiver for the tests: accepts `POST /v1/traces` with OTLP/JSON bodies (what
 * the kit's exporter sends), keeps the last spans in memory, and answers `GET /spans?traceId=...` with them
 * flattened. The test stack's processes export to it (OTEL_EXPORTER_OTLP_ENDPOINT), so a system test can look a
 * request's trace up by id.
 */
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  service: string;
  /** Span attributes; an array's values joined by commas. */
  attributes: Record<string, string | number | boolean>;
  /** The resource's attributes (service.name, service.version, k8s.*...). */
  resource: Record<string, string | number | boolean>;
  links: { traceId: string; spanId: string }[];
}

/** Bounded: every system test run exports its spans here. */
const MAX_SPANS = 50_000;

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpAttribute {
  key: string;
  value?: OtlpValue;
}
interface OtlpRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: OtlpAttribute[];
        links?: { traceId: string; spanId: string }[];
      }[];
    }[];
  }[];
}

function scalar(value: OtlpValue): string | number | boolean | undefined {
  return value.stringValue ?? value.boolValue ?? value.doubleValue ?? value.intValue;
}

function attributes(list: OtlpAttribute[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    if (!value) continue;
    if (value.arrayValue) {
      out[key] = (value.arrayValue.values ?? []).map((item) => String(scalar(item) ?? '')).join(',');
      continue;
    }
    const v = scalar(value);
    if (v !== undefined) out[key] = typeof v === 'string' && value.intValue !== undefined ? Number(v) : v;
  }
  return out;
}

/** Flattens an OTLP/JSON export request into spans, each with its resource's service.name. */
export function flattenOtlp(body: OtlpRequest): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of body.resourceSpans ?? []) {
    const resource = attributes(resourceSpans.resource?.attributes);
    const service = String(resource['service.name'] ?? '');
    for (const scope of resourceSpans.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          name: span.name,
          kind: span.kind ?? 0,
          service,
          attributes: attributes(span.attributes),
          resource,
          links: (span.links ?? []).map((link) => ({ traceId: link.traceId, spanId: link.spanId })),
        });
      }
    }
  }
  return spans;
}

export interface OtlpReceiver {
  url: string;
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  let spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'GET' && url.pathname === '/spans') {
      const traceId = url.searchParams.get('traceId');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(traceId ? spans.filter((span) => span.traceId === traceId) : spans));
      return;
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/traces') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        let raw = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
        spans = [...spans, ...flattenOtlp(JSON.parse(raw.toString('utf8')) as OtlpRequest)].slice(-MAX_SPANS);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

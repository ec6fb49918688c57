/**
 * Where the observed pipe's spans go (the tracing overhead scenario): an OTLP/HTTP endpoint that accepts
 * `POST /v1/traces`, counts the spans it is sent and keeps nothing, so the cost measured is the exporting side's.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpSink {
  url: string;
  /** Spans received so far. */
  spans(): number;
  stop(): Promise<void>;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  let spans = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        // OTLP/JSON: counting the span ids is enough (no gzip: the kit's exporter sends plain JSON).
        spans += Buffer.concat(chunks).toString('utf8').split('"spanId"').length - 1;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => spans,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

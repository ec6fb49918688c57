import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { accessLogLevel, createApp } from './http';

/** An app whose log lines land in `lines`, with one route that answers with a person's id in its actor. */
function appLoggingTo(lines: string[], accessLogSampleRate: number) {
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return createApp({ name: 'test', logger, internalTokenKeys: 'x'.repeat(32), accessLogSampleRate }, (app) => {
    app.post('/api/things/:id', (req, res) => {
      req.log.info({ thing: req.params.id }, 'thing read');
      res.json({ id: req.params.id, ok: true });
    });
  });
}

async function call(app: ReturnType<typeof appLoggingTo>, times: number) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    for (let i = 0; i < times; i += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/api/things/42?secret=query`, {
        method: 'POST',
        headers: { cookie: 'rm_session=very-secret', 'content-type': 'application/json', 'x-request-id': `req-${i}` },
        body: JSON.stringify({ password: 'hunter22' }),
      });
      expect(response.status).toBe(200);
    }
  } finally {
    server.close();
  }
}

describe('access log', () => {
  it('writes one line per request: route template, status, duration, request id; never cookies, query or body', async () => {
    const lines: string[] = [];
    await call(appLoggingTo(lines, 1), 2);
    const access = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({
      route: '/api/things/:id',
      req: { method: 'POST', url: '/api/things/42', id: 'req-0' },
      res: { statusCode: 200 },
    });
    expect(typeof access[0].responseTime).toBe('number');
    const text = lines.join('\n');
    for (const secret of ['very-secret', 'hunter22', 'secret=query', 'cookie']) expect(text).not.toContain(secret);
  });

  it('gives routes a logger whose lines carry the request id', async () => {
    const lines: string[] = [];
    await call(appLoggingTo(lines, 0), 2);
    const routeLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'thing read');
    expect(routeLines.map((entry) => [entry.reqId, entry.thing])).toEqual([
      ['req-0', '42'],
      ['req-1', '42'],
    ]);
  });

  it('samples successful requests: none at rate 0', async () => {
    const lines: string[] = [];
    await call(appLoggingTo(lines, 0), 3);
    expect(lines.filter((line) => line.includes('"msg":"request"'))).toHaveLength(0);
  });

  it('samples only 2xx answers (and shed 503s): 3xx, 4xx and 5xx are always written', () => {
    const never = () => 0.99;
    expect(accessLogLevel(200, undefined, 0.5, never)).toBeNull();
    expect(accessLogLevel(204, undefined, 0.5, () => 0.1)).toBe('info');
    expect(accessLogLevel(503, '1', 0, never)).toBeNull();
    expect(accessLogLevel(304, undefined, 0, never)).toBe('info');
    expect(accessLogLevel(401, undefined, 0, never)).toBe('info');
    expect(accessLogLevel(403, undefined, 0, never)).toBe('info');
    expect(accessLogLevel(500, undefined, 0, never)).toBe('error');
    expect(accessLogLevel(503, undefined, 0, never)).toBe('error');
  });
});

import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

/** A gateway whose log lines land in `lines`, with successful answers never sampled (rate 0). */
let gateway: GatewayForTest;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  gateway = await startGatewayForTest({ upstreams: {}, logger, env: { ACCESS_LOG_SAMPLE_RATE: '0' } });
});

afterAll(async () => {
  await gateway?.stop();
});

const accessLines = (requestId: string) =>
  lines.filter((line) => line.msg?.toString().startsWith('request') && line.reqId === requestId);

describe("the gateway's access log", () => {
  it("writes a line for the 4xx it answers itself (sign-in, CSRF), never the path's query", async () => {
    const unauthenticated = await fetch(`${gateway.url}/api/dashboard?search=jane%40example.com`, {
      headers: { 'x-request-id': 'req-401' },
    });
    expect(unauthenticated.status).toBe(401);
    const forged = await fetch(`${gateway.url}/api/move-the-needle/card/upsert?q=private-term`, {
      method: 'POST',
      headers: { 'x-request-id': 'req-403', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    // The line is written when the answer closes, just after the client has it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [denied] = accessLines('req-401');
    expect(denied).toMatchObject({
      msg: 'request',
      level: 30,
      req: { id: 'req-401', method: 'GET' },
      res: { statusCode: 401 },
      route: '/api/dashboard',
    });
    expect(typeof denied?.responseTime).toBe('number');
    expect(accessLines('req-403')).toEqual([
      expect.objectContaining({ res: { statusCode: 403 }, req: { id: 'req-403', method: 'POST' } }),
    ]);
    const text = JSON.stringify(lines);
    for (const personal of ['jane', 'private-term', 'search=', 'card/upsert']) expect(text).not.toContain(personal);
  });

  it('samples a 503 with Retry-After (a service it cannot reach) like a success', async () => {
    // No service behind it: the gateway answers 503 with Retry-After for a service it cannot reach.
    const unreachable = await fetch(`${gateway.url}/api/auth/me`, { headers: { 'x-request-id': 'req-503' } });
    expect(unreachable.status).toBe(503);
    expect(unreachable.headers.get('retry-after')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(accessLines('req-503')).toEqual([]);
  });
});

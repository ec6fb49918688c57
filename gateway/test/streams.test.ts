/**
 * Event streams and the keep-alive pool: streams stay open for as long as a tab does, so they must not take the
 * pooled sockets the service's ordinary calls need (gateway/src/proxy.ts, createStreamAgent).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@rainmakers/kit';
import express from 'express';
import { createProxies, type Proxies, proxyLocals } from '../src/proxy';
import { DEFAULT_UPSTREAM_TIMEOUTS_MS } from '../src/routes';

const POOL = 2;
let board: http.Server;
let front: http.Server;
let proxies: Proxies;
let frontUrl = '';
const openStreams = new Set<http.ServerResponse>();

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

beforeAll(async () => {
  // A board service: /events streams until the test ends, /cards answers at once.
  board = http.createServer((req, res) => {
    if (req.url === '/healthz') return res.end('{"status":"ok"}');
    if (req.url?.startsWith('/api/move-the-needle/events')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': open\n\n');
      openStreams.add(res);
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  const boardUrl = await listen(board);
  const upstreams = Object.fromEntries(
    ['auth', 'users', 'courses', 'board', 'tools', 'resources', 'billing'].map((name) => [name, boardUrl]),
  ) as Parameters<typeof createProxies>[0]['upstreams'];
  proxies = createProxies({
    upstreams,
    maxSockets: POOL,
    timeoutsMs: DEFAULT_UPSTREAM_TIMEOUTS_MS,
    connectTimeoutMs: 1000,
    breaker: { failureThreshold: 5, openMs: 1000 },
    probe: { intervalMs: 0, timeoutMs: 500, silenceMs: 3000, livenessIntervalMs: 0, livenessTimeoutMs: 500 },
    logger: createLogger('gateway-test', 'silent'),
  });
  const app = express();
  app.use((req, res, next) => {
    proxyLocals(res).upstreamTimeout = req.path.endsWith('/events') ? 'stream' : 'api';
    void proxies.handlers.board(req, res, next);
  });
  front = http.createServer(app);
  frontUrl = await listen(front);
});

afterAll(async () => {
  for (const res of openStreams) res.end();
  proxies.close();
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => board.close(resolve));
});

/** Opens an event stream and resolves once its first bytes arrived; the request stays open. */
function openStream(agent: http.Agent): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${frontUrl}/api/move-the-needle/events?userId=1`, { agent }, (res) => {
      res.once('data', () => resolve(req));
    });
    req.once('error', reject);
  });
}

describe('event streams through the gateway', () => {
  it('leave the pool to ordinary calls: more open streams than pooled sockets, and a call still answers', async () => {
    const clients = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const streams = await Promise.all(Array.from({ length: POOL + 3 }, () => openStream(clients)));
    expect(openStreams.size).toBe(POOL + 3);

    const started = performance.now();
    const answer = await fetch(`${frontUrl}/api/move-the-needle/cards`, { signal: AbortSignal.timeout(5000) });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    // Not a speed check: a call queued behind the streams would wait for the 5 s abort above.
    expect(performance.now() - started).toBeLessThan(4000);

    for (const stream of streams) stream.destroy();
    clients.destroy();
  });
});

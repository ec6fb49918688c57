/**
 * What the gateway's access line costs: `node scripts/run.mjs scripts/bench/access-log.ts [rounds] [seconds]`.
 * A server process with the gateway's access log (the kit's `accessLogMiddleware` as gateway/src/app.ts sets it up,
 * pino at info writing to a file, as a container's stdout) answering the 380-byte `GET /api/auth/me` body, loaded
 * with autocannon at 10 connections; ACCESS_LOG_SAMPLE_RATE 1 and 0 alternated. The CPU per request is read from
 * the server process itself (process.cpuUsage around the measured run), which a shared machine disturbs far less
 * than throughput. With `--lines`, the line alone: CPU per line of the same shape written by the same logger, no
 * HTTP around it. Not part of `npm run bench`: the full stack's `me` scenario measures the whole gateway.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import { accessLogMiddleware, createLogger, METRICS_ROUTE_LOCAL } from '../../services/kit/src/index';

const ME_BODY = {
  currentUser: {
    id: 1042,
    email: 'bench.member.1@example.com',
    fullName: 'Bench Member One',
    role: 'premium',
    photoUrl: null,
    city: 'Austin',
    state: 'TX',
    country: 'US',
    phoneNumber: null,
    tags: ['Bench'],
    blocked: false,
    stripeCustomerId: 'cus_bench000001',
    createdAt: '2026-11-01T10:00:00.000Z',
  },
};

type Served = { type: 'port'; port: number } | { type: 'cpu'; micros: number };

/** The server: the access log as the gateway sets it up, then a fixed answer. */
function serve(sampleRate: number): void {
  const logger = createLogger('gateway', 'info');
  const app = express();
  app.use(accessLogMiddleware(logger, { sampleRate, userId: () => 1042, path: false }));
  app.get('/api/auth/me', (_req, res) => {
    res.locals[METRICS_ROUTE_LOCAL] = '/api/auth';
    res.json(ME_BODY);
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') process.send?.({ type: 'port', port: address.port } satisfies Served);
  });
  process.on('message', () => {
    const used = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: used.user + used.system } satisfies Served);
  });
}

const next = <T extends Served['type']>(child: ChildProcess, type: T) =>
  new Promise<Extract<Served, { type: T }>>((resolve) => {
    const listener = (message: Served) => {
      if (message.type !== type) return;
      child.off('message', listener);
      resolve(message as Extract<Served, { type: T }>);
    };
    child.on('message', listener);
  });

async function cpuMicros(child: ChildProcess): Promise<number> {
  const answer = next(child, 'cpu');
  child.send('cpu');
  return (await answer).micros;
}

const load = (url: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url: `${url}/api/auth/me`, connections: 10, duration, headers: { accept: 'application/json' } };
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

async function round(sampleRate: number, seconds: number, dir: string) {
  const logFile = path.join(dir, `access-${sampleRate}-${Date.now()}.log`);
  const out = openSync(logFile, 'w');
  const child = fork(fileURLToPath(import.meta.url), ['--serve', String(sampleRate)], {
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  try {
    const { port } = await next(child, 'port');
    const url = `http://127.0.0.1:${port}`;
    await load(url, 2);
    const before = await cpuMicros(child);
    const load1 = loadavg()[0] ?? 0;
    const result = await load(url, seconds);
    const used = (await cpuMicros(child)) - before;
    const requests = result.requests.total;
    return {
      sampleRate,
      reqPerSec: result.requests.average,
      cpuMsPerRequest: used / 1000 / requests,
      non2xx: result.non2xx,
      logBytes: statSync(logFile).size,
      loadAverage: `${load1.toFixed(1)} -> ${(loadavg()[0] ?? 0).toFixed(1)}`,
    };
  } finally {
    child.kill();
  }
}

async function main() {
  const rounds = Number(process.argv[2] ?? 2);
  const seconds = Number(process.argv[3] ?? 10);
  const dir = mkdtempSync(path.join(tmpdir(), 'access-log-bench-'));
  try {
    for (let n = 0; n < rounds; n += 1) {
      for (const rate of [1, 0]) console.log(JSON.stringify(await round(rate, seconds, dir)));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU microseconds per access line of the gateway's shape, written by the kit's logger to this process's stdout. */
function lines(count: number): void {
  const logger = createLogger('gateway', 'info');
  const write = (n: number) =>
    logger.info(
      {
        reqId: `5d0c1f6e-0b1e-4b9a-9a43-${String(n).padStart(12, '0')}`,
        req: { id: `5d0c1f6e-0b1e-4b9a-9a43-${String(n).padStart(12, '0')}`, method: 'GET' },
        res: { statusCode: 200 },
        responseTime: 1,
        route: '/api/auth',
        bytes: 380,
        userId: 1042,
        trace_id: undefined,
      },
      'request',
    );
  for (let n = 0; n < 20_000; n += 1) write(n);
  const before = process.cpuUsage();
  for (let n = 0; n < count; n += 1) write(n);
  const used = process.cpuUsage(before);
  process.stderr.write(`${JSON.stringify({ lines: count, cpuMicrosPerLine: (used.user + used.system) / count })}\n`);
}

async function measureLines(dir: string) {
  for (let n = 0; n < 4; n += 1) {
    const out = openSync(path.join(dir, `lines-${n}.log`), 'w');
    const child = fork(fileURLToPath(import.meta.url), ['--lines', '100000'], {
      stdio: ['ignore', out, 'inherit', 'ipc'],
    });
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

if (process.argv[2] === '--serve') serve(Number(process.argv[3]));
else if (process.argv[2] === '--lines' && process.argv[3]) lines(Number(process.argv[3]));
else if (process.argv[2] === '--lines') {
  const dir = mkdtempSync(path.join(tmpdir(), 'access-log-lines-'));
  await measureLines(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
} else await main();

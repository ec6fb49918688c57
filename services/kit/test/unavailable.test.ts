/**
 * PostgreSQL or Redis down (refused) or frozen (connections accepted, nothing answered, as under `kill -STOP`)
 * while a service serves requests: every request answers within about a second, 503 SERVICE_UNAVAILABLE, the
 * service's /readyz says unready, and everything works again once the dependency is back. The real test
 * PostgreSQL and Redis sit behind a TCP relay the test can freeze or shut.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { dependencyReadiness } from '../src/bootstrap';
import {
  createDatabase,
  type DatabaseHandle,
  ensureDatabaseExists,
  SERVICE_DATABASE_OPTIONS,
  WATCHDOG_APPLICATION_NAME,
} from '../src/db';
import { createApp } from '../src/http';
import { createRequestRedis, type Redis } from '../src/redis';
import { startTestServer, TEST_SECRET, type TestServer, testInfra, waitFor } from '../src/testing';
import { isDependencyFailure } from '../src/unavailable';
import { silentLogger } from './support';

// Recovery waits on reconnects; a loaded 2-core machine needs more than jest's default 5 s.
jest.setTimeout(30_000);

/** Forwards a port to a real server; frozen: holds every byte both ways (and new connections) until thawed. */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private frozen = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      client.pipe(upstream).pipe(client);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
        // After pipe(), which resumes its source.
        if (this.frozen) socket.pause();
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  freeze(): void {
    this.frozen = true;
    for (const socket of this.sockets) socket.pause();
  }

  thaw(): void {
    this.frozen = false;
    for (const socket of this.sockets) socket.resume();
  }

  /** Like a killed server: open connections reset, new ones refused. */
  async shut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const { postgresUrl, redisUrl } = testInfra();
const UNAVAILABLE = { error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' };
const pgTarget = new URL(postgresUrl);
const redisTarget = new URL(redisUrl);
const pgRelay = new Relay({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
const redisRelay = new Relay({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
let database: DatabaseHandle<Record<string, never>>;
let redis: Redis;
let server: TestServer;

beforeAll(async () => {
  await pgRelay.start();
  await redisRelay.start();
  const dbUrl = new URL(postgresUrl);
  dbUrl.pathname = '/kit_unavailable';
  await ensureDatabaseExists(dbUrl.toString());
  dbUrl.host = `127.0.0.1:${pgRelay.port}`;
  database = createDatabase(dbUrl.toString(), SERVICE_DATABASE_OPTIONS);
  const redisUrlViaRelay = new URL(redisUrl);
  redisUrlViaRelay.host = `127.0.0.1:${redisRelay.port}`;
  redis = createRequestRedis(redisUrlViaRelay.toString(), 'kit-unavailable-test');
  redis.on('error', () => {});
  const app = createApp(
    {
      name: 'faulty',
      logger: silentLogger,
      internalTokenKeys: TEST_SECRET,
      readiness: dependencyReadiness(database, redis),
    },
    (app) => {
      app.get('/db', async (_req, res) => {
        const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
        res.json(rows[0]);
      });
      app.get('/cache', async (_req, res) => {
        res.json({ value: await redis.get('kit-unavailable-test') });
      });
    },
  );
  server = await startTestServer(app);
  await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, { timeoutMs: 10_000 });
  // A running service's watchdog holds its probe connection long before any fault; wait for it here too.
  await waitFor(
    async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = ${WATCHDOG_APPLICATION_NAME} AND datname = 'kit_unavailable'`.execute(database.db);
      return (rows[0]?.n ?? 0) > 0;
    },
    { timeoutMs: 10_000, what: 'the watchdog connection' },
  );
});

afterAll(async () => {
  pgRelay.thaw();
  redisRelay.thaw();
  await server?.close();
  redis?.disconnect();
  await database?.close();
  await pgRelay.shut();
  await redisRelay.shut();
});

async function timed(path: string): Promise<{ status: number; ms: number; body: unknown }> {
  const started = Date.now();
  const response = await fetch(server.url + path);
  const body = await response.json();
  return { status: response.status, ms: Date.now() - started, body };
}

async function expectUnavailableFast(path: string, times = 3): Promise<void> {
  for (let i = 0; i < times; i++) {
    const answer = await timed(path);
    expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect(answer.ms).toBeLessThan(1200);
  }
}

async function expectReadiness(status: number, failing?: string): Promise<void> {
  const answer = await timed('/readyz');
  expect(answer.status).toBe(status);
  expect(answer.ms).toBeLessThan(1200);
  if (failing) expect((answer.body as { checks: Record<string, string> }).checks[failing]).not.toBe('ok');
}

describe('PostgreSQL', () => {
  it('frozen: requests answer 503 within about a second, /readyz goes unready, all recovers on thaw', async () => {
    expect(await timed('/db')).toMatchObject({ status: 200, body: { one: 1 } });
    pgRelay.freeze();
    await expectUnavailableFast('/db');
    await expectReadiness(503, 'postgres');
    expect(await timed('/cache')).toMatchObject({ status: 200 });
    pgRelay.thaw();
    await waitFor(async () => (await timed('/db')).status === 200, { timeoutMs: 5000 });
    await waitFor(async () => (await timed('/readyz')).status === 200, { timeoutMs: 5000 });
  });

  it('down: requests answer 503 at once, and work again once it is back', async () => {
    await pgRelay.shut();
    await expectUnavailableFast('/db');
    await expectReadiness(503, 'postgres');
    await pgRelay.start();
    await waitFor(async () => (await timed('/db')).status === 200, { timeoutMs: 5000 });
  });
});

describe('Redis', () => {
  it('frozen: requests answer 503 within about a second, /readyz goes unready, all recovers on thaw', async () => {
    expect(await timed('/cache')).toMatchObject({ status: 200 });
    redisRelay.freeze();
    await expectUnavailableFast('/cache');
    await expectReadiness(503, 'redis');
    expect(await timed('/db')).toMatchObject({ status: 200 });
    redisRelay.thaw();
    await waitFor(async () => (await timed('/cache')).status === 200, { timeoutMs: 5000 });
  });

  it('down: requests answer 503 at once, and work again once it is back', async () => {
    await redisRelay.shut();
    await expectUnavailableFast('/cache');
    await expectReadiness(503, 'redis');
    await redisRelay.start();
    await waitFor(async () => (await timed('/cache')).status === 200, { timeoutMs: 5000 });
    await waitFor(async () => (await timed('/readyz')).status === 200, { timeoutMs: 5000 });
  });
});

describe('isDependencyFailure', () => {
  it('knows lost connections and timeouts, and nothing else', () => {
    expect(isDependencyFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDependencyFailure(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDependencyFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDependencyFailure(new Error('Command timed out'))).toBe(true);
    expect(isDependencyFailure(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } }))).toBe(true);
    expect(isDependencyFailure(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDependencyFailure(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

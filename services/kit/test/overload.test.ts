/**
 * Load shedding in the kit's HTTP layer: past the in-flight bound new requests answer a fast 503 OVERLOADED with
 * Retry-After while /healthz, /readyz and /internal/* still answer; a PostgreSQL pool drained for the whole pool
 * wait answers the same 503 OVERLOADED (not 500, not SERVICE_UNAVAILABLE). Real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle, ensureDatabaseExists } from '../src/db';
import { createApp } from '../src/http';
import { startTestServer, TEST_SECRET, type TestServer, testInfra } from '../src/testing';
import { silentLogger } from './support';

jest.setTimeout(30_000);

const OVERLOADED_BODY = { error: 'The service is busy. Please try again in a moment.', code: 'OVERLOADED' };
let database: DatabaseHandle<Record<string, never>>;
let server: TestServer;
/** Calls to /held wait here until released. */
const held: Array<() => void> = [];

beforeAll(async () => {
  const dbUrl = new URL(testInfra().postgresUrl);
  dbUrl.pathname = '/kit_overload';
  await ensureDatabaseExists(dbUrl.toString());
  // Two connections, a short pool wait: three slow queries at once drain it.
  database = createDatabase(dbUrl.toString(), { max: 2, connectionTimeoutMs: 200 });
  const app = createApp(
    {
      name: 'busy',
      logger: silentLogger,
      internalTokenKeys: TEST_SECRET,
      loadShedding: { maxInFlight: 3, maxEventLoopDelayMs: 0, retryAfterSeconds: 2 },
    },
    (app) => {
      app.get('/held', async (_req, res) => {
        await new Promise<void>((resolve) => held.push(resolve));
        res.json({ ok: true });
      });
      app.get('/internal/lookup', (_req, res) => {
        res.json({ ok: true });
      });
      app.get('/slow-query', async (_req, res) => {
        await sql`SELECT pg_sleep(0.8)`.execute(database.db);
        res.json({ ok: true });
      });
    },
  );
  server = await startTestServer(app);
});

afterAll(async () => {
  for (const release of held.splice(0)) release();
  await server?.close();
  await database?.close();
});

async function get(path: string) {
  const response = await fetch(server.url + path);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

describe('load shedding', () => {
  it('answers 503 OVERLOADED with Retry-After past the in-flight bound, never for probes or internal calls', async () => {
    const inFlight = [get('/held'), get('/held'), get('/held')];
    while (held.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await get('/held')).toEqual({ status: 503, retryAfter: '2', body: OVERLOADED_BODY });
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/internal/lookup')).status).not.toBe(503);
    for (const release of held.splice(0)) release();
    expect((await Promise.all(inFlight)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Back under the bound: served again.
    const again = get('/held');
    while (held.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    for (const release of held.splice(0)) release();
    expect((await again).status).toBe(200);
  });

  it('a drained PostgreSQL pool answers 503 OVERLOADED with Retry-After, not 500', async () => {
    const answers = await Promise.all([get('/slow-query'), get('/slow-query'), get('/slow-query')]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 503]);
    const shed = answers.find((answer) => answer.status === 503);
    expect(shed?.body).toEqual(OVERLOADED_BODY);
    expect(shed?.retryAfter).toBe('1');
  });
});

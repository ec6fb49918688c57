/**
 * Test kit: real PostgreSQL and Redis (started by the suite's global setup), a throwaway database per test
 * file, the service app on an ephemeral port, and an HTTP client that can act as any role.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Actor, EventData, Role } from '@rainmakers/contracts';
import type { Express } from 'express';
import pg from 'pg';
import type { BackgroundTask, ServiceRuntime } from '../bootstrap';
import type { BaseConfig } from '../config';
import { createDatabase, type DatabaseHandle, runMigrations } from '../db';
import type { BuiltService, DefinedService, DefinedServiceConfig } from '../define-service';
import type { ReadinessCheck } from '../http';
import { INTERNAL_TOKEN_HEADER, signActorToken, signServiceToken } from '../internal-token';
import { createLogger } from '../logger';
import { mailWorkerFor } from '../mail';
import { createRedis, type Redis } from '../redis';
import { closeServer, listen } from '../service';

export const TEST_SECRET = 'test-internal-token-secret-0123456789';

export function testInfra(): { postgresUrl: string; redisUrl: string } {
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!postgresUrl || !redisUrl) {
    throw new Error('TEST_POSTGRES_URL and TEST_REDIS_URL are set by the test runner; run tests with `npm test`');
  }
  return { postgresUrl, redisUrl };
}

export interface TestDatabase<Schema> extends DatabaseHandle<Schema> {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database with the service's migrations applied; `drop()` removes it. */
export async function createTestDatabase<Schema>(migrationsDir: string, label = 'svc'): Promise<TestDatabase<Schema>> {
  const { postgresUrl } = testInfra();
  const name = `t_${label.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase<Schema>(url.toString(), { max: 5 });
  await runMigrations(handle.pool, migrationsDir);
  return {
    ...handle,
    url: url.toString(),
    name,
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A Redis connection and a key prefix no other test file uses. */
export function createTestRedis(): { redis: Redis; prefix: string; url: string } {
  const { redisUrl } = testInfra();
  return { redis: createRedis(redisUrl, 'test'), prefix: `t${randomBytes(4).toString('hex')}:`, url: redisUrl };
}

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function startTestServer(app: Express): Promise<TestServer> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let nextUserId = 10_000;

type UserChanged = EventData<'users.user-changed'>;

/**
 * A users.user-changed event as the users service announces a person: `fields` over a basic member with nothing
 * else set (no tags, resources or Stripe customer), for the services' tests that receive people.
 */
export function userChangedEvent(fields: Pick<UserChanged, 'id' | 'version'> & Partial<UserChanged>): UserChanged {
  return {
    email: `person${fields.id}@example.test`,
    fullName: `Person ${fields.id}`,
    role: 'basic',
    photoUrl: null,
    city: null,
    state: null,
    country: null,
    phoneNumber: null,
    resources: [],
    tagIds: [],
    tagNames: [],
    stripeStatus: null,
    stripeCustomerId: null,
    alwaysGrantAccess: false,
    createdAt: new Date().toISOString(),
    ...fields,
  };
}

/** An access profile for a role, as the gateway would forward it. */
export function buildActor(role: Role, overrides: Partial<Actor> = {}): Actor {
  return {
    userId: overrides.userId ?? nextUserId++,
    sessionId: `s-${randomBytes(4).toString('hex')}`,
    role,
    accountRole: role,
    isAdmin: false,
    tagIds: [],
    tagNames: [],
    stripeStatus: 'active',
    alwaysGrantAccess: false,
    impersonatorId: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    // Every admin session passed the second factor (an admin cannot get a session without it), an admin previewing
    // another role's included; a test of the rule itself says `secondFactor: false`.
    secondFactor: (overrides.accountRole ?? role) === 'admin',
    ...overrides,
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export type Caller = Actor | { service: string } | null;

/** Calls a service as a person (their internal token), as another service, or anonymously (null). */
export function client(baseUrl: string, secret = TEST_SECRET) {
  async function call<T = Record<string, unknown>>(
    as: Caller,
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (as && 'service' in as) headers[INTERNAL_TOKEN_HEADER] = signServiceToken(as.service, secret);
    else if (as) headers[INTERNAL_TOKEN_HEADER] = signActorToken(as, secret);
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(baseUrl + path, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    call,
    get: <T = Record<string, unknown>>(as: Caller, path: string) => call<T>(as, 'GET', path),
    post: <T = Record<string, unknown>>(as: Caller, path: string, body?: unknown) => call<T>(as, 'POST', path, body),
    put: <T = Record<string, unknown>>(as: Caller, path: string, body?: unknown) => call<T>(as, 'PUT', path, body),
    del: <T = Record<string, unknown>>(as: Caller, path: string, body?: unknown) => call<T>(as, 'DELETE', path, body),
  };
}

export const ALL_ROLES: Role[] = ['admin', 'coach', 'premium', 'course only', 'basic'];

export interface ServiceUnderTest<Schema, Config, Built> {
  url: string;
  port: number;
  database: TestDatabase<Schema>;
  redisPrefix: string;
  config: Config;
  /** What the service's build function returned (app, background tasks, and whatever else it exposes). */
  built: Built;
  stop(): Promise<void>;
}

/**
 * The real service, as `runService` boots it, on a throwaway database: config from `loadConfig` with the test
 * infrastructure's addresses (plus `env`), the app on `port` (0 = any), its background tasks started.
 * Every service's `src/testing.ts` is a thin wrapper around this.
 */
export async function startServiceForTest<
  Schema,
  Config extends BaseConfig,
  Built extends { app: Express; background?: BackgroundTask[] },
>(options: {
  name: string;
  migrationsDir: string;
  port?: number;
  redisPrefix?: string;
  env?: Record<string, string | undefined>;
  loadConfig: (env: Record<string, string | undefined>) => Config;
  build: (runtime: ServiceRuntime<Schema>, config: Config) => Built | Promise<Built>;
}): Promise<ServiceUnderTest<Schema, Config, Built>> {
  const { redisUrl } = testInfra();
  const database = await createTestDatabase<Schema>(options.migrationsDir, options.name);
  const redisPrefix = options.redisPrefix ?? `t${randomBytes(4).toString('hex')}:`;
  const config = options.loadConfig({
    NODE_ENV: 'test',
    SERVICE_NAME: options.name,
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    ...options.env,
  });
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL, `${options.name}-test`);
  const readiness: ReadinessCheck[] = [
    { name: 'postgres', check: () => database.pool.query('SELECT 1') },
    { name: 'redis', check: () => redis.ping() },
  ];
  const built = await options.build({ config, logger, database, redis, readiness }, config);
  const server = await listen(built.app, config.PORT, config.HOST);
  const background = built.background ?? [];
  for (const task of background) await task.start();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    database,
    redisPrefix,
    config,
    built,
    async stop() {
      for (const task of [...background].reverse()) await task.stop();
      server.closeAllConnections();
      await closeServer(server);
      await redis.quit();
      await database.drop();
    },
  };
}

export interface WaitOptions {
  /** Give up after this long (default 15 s: events, mail and argon2 lag on a busy 2-core machine). */
  timeoutMs?: number;
  /** Pause between probes (default 50 ms). */
  intervalMs?: number;
  /** Named in the timeout error. */
  what?: string;
}

/**
 * Polls `probe` until it returns something other than undefined, null or false, and returns that. A probe that
 * throws counts as "not yet"; on timeout the error names `what` and the last value or error seen (as `cause`).
 * Tests wait for the condition a pause would stand for, never for a fixed time.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 15_000, intervalMs = 50, what = 'the condition' }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const shown = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${shown})`, { cause: last });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Retries `assertion` until it stops throwing (e.g. a block of `expect`s), and returns what it returned. */
export async function eventually<T>(assertion: () => Promise<T> | T, options: WaitOptions = {}): Promise<T> {
  const { value } = await waitFor(async () => ({ value: await assertion() }), options);
  return value;
}

/** What `keepSampling` saw: every status, the failures (not 2xx), and the times. */
export interface Samples {
  count: number;
  statuses: number[];
  failures: number[];
  p95: number;
  max: number;
}

/**
 * Calls `call` (which answers an HTTP status) again and again, `everyMs` apart, until `stop()`: a bystander's reads
 * while something heavy runs beside them (isolation tests).
 */
export function keepSampling(call: () => Promise<number>, everyMs: number): { stop(): Promise<Samples> } {
  const samples: { status: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const status = await call();
      samples.push({ status, ms: performance.now() - started });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const times = samples.map((s) => s.ms).sort((a, b) => a - b);
      return {
        count: samples.length,
        statuses: [...new Set(samples.map((s) => s.status))],
        failures: samples.filter((s) => s.status < 200 || s.status >= 300).map((s) => s.status),
        p95: times[Math.floor(times.length * 0.95)] ?? 0,
        max: times[times.length - 1] ?? 0,
      };
    },
  };
}

/**
 * A service declared with the kit's defineService, started for tests the way main.ts starts it: its own settings
 * (plus `env`), its deps, consumers, tasks and (RUN_WORKERS_IN_PROCESS) workers. `built.deps` and `built.relay`
 * are the running ones.
 */
export function startDefinedServiceForTest<Schema, Config extends DefinedServiceConfig, Deps>(
  definition: DefinedService<Schema, Config, Deps>,
  options: { port?: number | undefined; redisPrefix?: string | undefined; env?: Record<string, string | undefined> },
): Promise<ServiceUnderTest<Schema, Config, BuiltService<Schema, Deps>>> {
  return startServiceForTest({
    name: definition.name,
    migrationsDir: definition.migrations,
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: options.env,
    loadConfig: (env) => definition.config.load(env),
    build: (runtime: ServiceRuntime<Schema>, config: Config) => definition.build(runtime, config),
  });
}

/**
 * The send-mail worker on the test Redis, standing in for auth's (the one place mail is sent from) in the suites of
 * services that only queue mail.
 */
export async function startMailWorkerForTest(options: {
  redisPrefix: string;
  smtpUrl: string;
}): Promise<{ stop(): Promise<void> }> {
  const redis = createRedis(testInfra().redisUrl, 'mail-worker-test');
  const worker = mailWorkerFor(
    {
      REDIS_PREFIX: options.redisPrefix,
      SMTP_URL: options.smtpUrl,
      MAIL_FROM: 'Rainmakers <no-reply@rainmakers.local>',
    },
    redis,
    createLogger('mail-worker-test', process.env.TEST_LOG_LEVEL ?? 'silent'),
  );
  await worker.start();
  return {
    async stop() {
      await worker.stop();
      await redis.quit();
    },
  };
}

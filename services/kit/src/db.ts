import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { PacedTimer } from './activity';
import { traceQueries } from './store-tracing';
import { tracingEnabled } from './tracing';

// COUNT(*) and BIGSERIAL come back as int8; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export type Db<Schema> = Kysely<Schema>;
export type Tx<Schema> = Transaction<Schema>;

export interface DatabaseHandle<Schema> {
  db: Kysely<Schema>;
  pool: pg.Pool;
  /** False while the watchdog finds PostgreSQL down or frozen (always true without a watchdog). */
  healthy(): boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  max?: number;
  /**
   * A checkout that gets no connection within this long fails: the pool's wait for a free connection ("timeout
   * exceeded when trying to connect": drained, answered 503 OVERLOADED) and the opening of a new one (a stopped or
   * unreachable server). Services: DATABASE_POOL_WAIT_MS. 0: no limit.
   */
  connectionTimeoutMs?: number;
  /** Server-side statement_timeout and client-side read timeout of one query. 0: no limit (migrations, scripts). */
  queryTimeoutMs?: number;
  /**
   * Probes PostgreSQL every intervalMs on a connection of its own. When a probe is refused, or gets no answer
   * within timeoutMs while no query came back either, the database counts as down: queries in flight are cut
   * (their sockets destroyed) and new ones fail at once, until a probe answers again.
   */
  watchdog?: { intervalMs: number; timeoutMs: number };
}

/**
 * What services run with: PostgreSQL down or frozen is noticed within about half a second and answered 503
 * (kit unavailable.ts), while the query limit stays far above any query the product makes (p95 ~40 ms).
 */
export const SERVICE_DATABASE_OPTIONS: DatabaseOptions = {
  max: 10,
  connectionTimeoutMs: 1000,
  queryTimeoutMs: 10_000,
  watchdog: { intervalMs: 250, timeoutMs: 500 },
};

/**
 * The statement timeout every service query runs under unless its route asks for another (`withStatementTimeout`):
 * DATABASE_STATEMENT_TIMEOUT_MS (kit config), 5 s by default — far above what any route needs (p95 ~40 ms), short
 * enough that a runaway statement gives its connection back long before the gateway's 10 s timeout.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/**
 * SERVICE_DATABASE_OPTIONS with the configured statement timeout (0: none): what a service answering requests runs
 * with (kit bootstrap.ts). Workers keep SERVICE_DATABASE_OPTIONS' 10 s (their jobs are not requests).
 */
export function serviceDatabaseOptions(statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS): DatabaseOptions {
  return { ...SERVICE_DATABASE_OPTIONS, queryTimeoutMs: statementTimeoutMs };
}

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout (answered 503, see unavailable.ts). */
export const STATEMENT_TIMEOUT_SQLSTATE = '57014';

/** Whether `error` is a statement cancelled by its statement_timeout. */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown })?.code === STATEMENT_TIMEOUT_SQLSTATE;
}

/**
 * Runs `work` in a transaction whose statements run under `timeoutMs` instead of the pool's default
 * (`SET LOCAL statement_timeout`: shorter for a route that must stay cheap, longer for an export). The pool's
 * client-side read timeout still bounds each query (pool statement timeout + 500 ms), so a longer timeout than the
 * pool's needs a pool created with a larger queryTimeoutMs. A statement cancelled by it answers 503 with
 * Retry-After (unavailable.ts, limits.ts retryAfterOnUnavailable).
 */
export async function withStatementTimeout<Schema, T>(
  db: Kysely<Schema>,
  timeoutMs: number,
  work: (tx: Transaction<Schema>) => Promise<T>,
): Promise<T> {
  if (!Number.isInteger(timeoutMs) || timeoutMs < 0) throw new Error(`Invalid statement timeout ${timeoutMs}`);
  return db.transaction().execute(async (tx) => {
    // SET cannot take a parameter; the value is a checked integer.
    await sql.raw(`SET LOCAL statement_timeout = ${timeoutMs}`).execute(tx);
    return work(tx);
  });
}

/**
 * The same for a raw pg client of `pool` (stores written as hand-made SQL): `work` gets a client inside a
 * transaction running under `timeoutMs`; it is committed when `work` resolves, rolled back when it throws.
 */
export async function withPoolStatementTimeout<T>(
  pool: pg.Pool,
  timeoutMs: number,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (!Number.isInteger(timeoutMs) || timeoutMs < 0) throw new Error(`Invalid statement timeout ${timeoutMs}`);
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL statement_timeout = ${timeoutMs}`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

export function createDatabase<Schema>(url: string, options: DatabaseOptions = {}): DatabaseHandle<Schema> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    ...(options.connectionTimeoutMs ? { connectionTimeoutMillis: options.connectionTimeoutMs } : {}),
    ...(options.queryTimeoutMs
      ? { statement_timeout: options.queryTimeoutMs, query_timeout: options.queryTimeoutMs + 500 }
      : {}),
  });
  // An idle client losing its connection must not crash the service; the pool replaces it.
  pool.on('error', () => {});
  // Each new connection's queries get CLIENT spans inside a traced request (store-tracing.ts); none when off.
  pool.on('connect', (client) => {
    if (tracingEnabled()) traceQueries(client);
  });
  const watchdog = options.watchdog ? new PoolWatchdog(pool, url, options.watchdog) : undefined;
  const dialectPool = watchdog
    ? {
        connect: () => (watchdog.healthy ? pool.connect() : Promise.reject(new Error('Database unavailable'))),
        end: () => pool.end(),
      }
    : pool;
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: dialectPool }) });
  return {
    db,
    pool,
    healthy: () => watchdog?.healthy ?? true,
    close: async () => {
      watchdog?.stop();
      await db.destroy();
    },
  };
}

/** Tears a pg client's socket down: the only way to end a query a frozen server will never answer. */
function destroyClient(client: pg.Client | pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

class PoolWatchdog {
  healthy = true;
  /** performance.now() when a pooled query last came back: proof of life for a server slow to answer the probe. */
  private lastRelease = 0;
  private readonly acquired = new Set<pg.PoolClient>();
  private probe: pg.Client | undefined;
  private readonly timer: PacedTimer;
  private stopped = false;
  /** performance.now() when probes started coming back 'late' without an answer in between. */
  private lateSince: number | undefined;

  constructor(
    pool: pg.Pool,
    private readonly url: string,
    private readonly options: { intervalMs: number; timeoutMs: number },
  ) {
    // A client whose socket the watchdog destroys reports it as an 'error' event once its query has failed.
    pool.on('connect', (client) => client.on('error', () => {}));
    pool.on('acquire', (client) => {
      this.acquired.add(client);
      // pool.query() and idle clients do not pass the gate in front of Kysely: while the database counts as down,
      // a client handed out fails its query at once instead of waiting on a server that does not answer.
      if (!this.healthy) destroyClient(client);
    });
    pool.on('release', (_error, client) => {
      this.acquired.delete(client);
      this.lastRelease = performance.now();
    });
    pool.on('remove', (client) => this.acquired.delete(client));
    // Every intervalMs while the process serves; slower while it is idle (activity.ts), and at once on its first
    // request after a quiet spell, so a database that froze meanwhile is still noticed within intervalMs of it.
    this.timer = new PacedTimer(() => this.tick(), options.intervalMs);
    this.timer.start();
  }

  stop(): void {
    this.stopped = true;
    this.timer.stop();
    if (this.probe) destroyClient(this.probe);
    this.probe = undefined;
  }

  private async tick(): Promise<void> {
    if (!this.probe) {
      // Opening a connection is slow under load (a backend is forked): only a refusal counts against the server.
      const probe = new pg.Client({
        connectionString: this.url,
        connectionTimeoutMillis: CONNECT_PROBE_TIMEOUT_MS,
        application_name: WATCHDOG_APPLICATION_NAME,
      });
      probe.on('error', () => {});
      const started = performance.now();
      const connecting = probe.connect();
      // A frozen server accepts the connection and never answers the startup: once the probe connection has lost
      // that race for twice the probe timeout and no pooled query came back meanwhile, the database counts as down.
      // (A slow fork under load delays the startup too, but pooled queries keep coming back then.)
      const outcome = await settleWithin(connecting, this.options.timeoutMs * 2);
      if (outcome === 'silent' && this.lastRelease < started) this.markDown();
      try {
        await connecting;
      } catch (error) {
        destroyClient(probe);
        if (isRefused(error)) this.markDown();
        return;
      }
      if (this.stopped) return destroyClient(probe);
      this.probe = probe;
    }
    const started = performance.now();
    const outcome = await settleWithin(this.probe.query('SELECT 1'), this.options.timeoutMs);
    if (this.stopped) return;
    if (outcome === 'answered') {
      this.healthy = true;
      this.lateSince = undefined;
      return;
    }
    // A starved process proves nothing once; a silence that lasts past LATE_SILENCE_MS counts all the same.
    if (outcome === 'late') {
      this.lateSince ??= started;
      if (performance.now() - this.lateSince < LATE_SILENCE_MS) return;
    }
    this.lateSince = undefined;
    destroyClient(this.probe);
    this.probe = undefined;
    // A lost probe connection is reopened next time; a silent server counts unless other queries came back.
    if (outcome !== 'failed' && this.lastRelease < started) this.markDown();
  }

  private markDown(): void {
    this.healthy = false;
    for (const client of this.acquired) destroyClient(client);
  }
}

const CONNECT_PROBE_TIMEOUT_MS = 2000;
/** The watchdog's own connection, as pg_stat_activity names it (tests wait for it before freezing PostgreSQL). */
export const WATCHDOG_APPLICATION_NAME = 'rm-watchdog';
const LATE_SILENCE_MS = 1000;

/**
 * 'answered', 'failed', or 'silent' when `promise` has not settled within `ms` ('late' when this process's own timer
 * fired >100 ms late); when the timer fires, one more turn of the event loop is given to I/O, so an answer already
 * waiting on the socket of a busy process still counts.
 */
function settleWithin(promise: Promise<unknown>, ms: number): Promise<'answered' | 'failed' | 'silent' | 'late'> {
  return new Promise((resolve) => {
    let outcome: 'answered' | 'failed' | 'silent' = 'silent';
    const deadline = performance.now() + ms;
    // A timer that fires much later than asked means this process was starved: the silence proves nothing.
    const timer = setTimeout(
      () => setImmediate(() => resolve(outcome === 'silent' && performance.now() - deadline > 100 ? 'late' : outcome)),
      ms,
    );
    promise.then(
      () => {
        outcome = 'answered';
        clearTimeout(timer);
        resolve(outcome);
      },
      () => {
        outcome = 'failed';
        clearTimeout(timer);
        resolve(outcome);
      },
    );
  });
}

function isRefused(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'ECONNREFUSED' || code === '57P03' || code === '57P01';
}

/** Creates the database named in `url` when it does not exist yet (embedded start and tests). */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`Refusing to create database with name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } catch (error) {
        // Another process created it between our check and our create.
        if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

const MIGRATION_LOCK = 727_172;
/**
 * Found through the kit's package.json, not this file's address: a service's compiled module (dist/main.mjs) has
 * the kit compiled in, and its own address would point at the service's migrations.
 */
export const KIT_MIGRATIONS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@rainmakers/kit/package.json')),
  'migrations',
);

/** The table that records the applied migrations (a restore creates it before replaying them). */
export const SCHEMA_MIGRATIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

/**
 * A service's migrations in the order they run, each under the name schema_migrations records: the kit's own
 * tables (outbox, processed events) come first, under a "kit/" name. Backups record and check the same list.
 */
export async function migrationFiles(directory: string): Promise<{ name: string; path: string }[]> {
  const kitFiles = (await readdir(KIT_MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const serviceFiles = (await readdir(directory)).filter((f) => f.endsWith('.sql')).sort();
  return [
    ...kitFiles.map((f) => ({ name: `kit/${f}`, path: path.join(KIT_MIGRATIONS_DIR, f) })),
    ...serviceFiles.map((f) => ({ name: f, path: path.join(directory, f) })),
  ];
}

/**
 * Applies forward-only SQL migrations (`NNN_name.sql`) in name order, each in its own transaction,
 * under an advisory lock so several replicas can start at once.
 */
export async function runMigrations(pool: pg.Pool, directory: string): Promise<string[]> {
  const files = await migrationFiles(directory);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(SCHEMA_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file.name)) continue;
      const sql = await readFile(file.path, 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file.name]);
        await client.query('COMMIT');
        applied.push(file.name);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return applied;
}

/** PostgreSQL unique-violation details, for turning a constraint into a field error. */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' ? { constraint: e.constraint ?? '' } : null;
}
export function foreignKeyViolation(error: unknown): { constraint: string } | null {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23503' ? { constraint: e.constraint ?? '' } : null;
}

// Services write their store code against these through the kit, so every service uses the kit's Kysely.
export {
  type ColumnType,
  type ExpressionBuilder,
  type Generated,
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';

/** The term with LIKE's wildcards escaped (backslash is PostgreSQL's default LIKE escape). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%`, wildcards in the term escaped (for substring ILIKE searches). */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

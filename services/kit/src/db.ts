import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

// COUNT(*) and BIGSERIAL come back as int8; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export type Db<Schema> = Kysely<Schema>;
export type Tx<Schema> = Transaction<Schema>;

export interface DatabaseHandle<Schema> {
  db: Kysely<Schema>;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDatabase<Schema>(url: string, options: { max?: number } = {}): DatabaseHandle<Schema> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the service; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
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
export const KIT_MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Applies forward-only SQL migrations (`NNN_name.sql`) in name order, each in its own transaction,
 * under an advisory lock so several replicas can start at once.
 */
export async function runMigrations(pool: pg.Pool, directory: string): Promise<string[]> {
  const kitFiles = (await readdir(KIT_MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const serviceFiles = (await readdir(directory)).filter((f) => f.endsWith('.sql')).sort();
  // The kit's own tables (outbox, processed events) come first, under a "kit/" name.
  const files = [
    ...kitFiles.map((f) => ({ name: `kit/${f}`, path: path.join(KIT_MIGRATIONS_DIR, f) })),
    ...serviceFiles.map((f) => ({ name: f, path: path.join(directory, f) })),
  ];
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
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
  type Generated,
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';

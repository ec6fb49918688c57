/**
 * One service database out of PostgreSQL and back, through the pg driver: every table's rows with COPY (text
 * format, PostgreSQL's own exact representation of each value), the sequences' positions, the applied migrations.
 * On restore the schema comes from the service's own migrations replayed to the recorded level, then the rows.
 *
 * SQL lives here although it is not a service's store/: this is operator tooling that reads every service's
 * database the same way (docs/decisions.md "Backups: a logical export per database through the driver").
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SCHEMA_MIGRATIONS_TABLE } from '@rainmakers/kit';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { withDatabase } from '../lib/infra';
import { hashingStream } from './files';
import {
  type DatabaseEntry,
  type MigrationEntry,
  quoteIdent,
  type SequenceEntry,
  sortMigrationNames,
  type TableEntry,
  tablePath,
} from './manifest';

/** A migration this checkout has: its recorded name, checksum and file. */
export interface CodeMigration extends MigrationEntry {
  path: string;
}

async function connect(url: string): Promise<pg.Client> {
  // No statement timeout: COPY of a large table may take longer than any request's limit.
  const client = new pg.Client({ connectionString: url, application_name: 'rainmakers-backup' });
  await client.connect();
  return client;
}

async function publicTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The columns a COPY writes and reads: generated ones are computed by PostgreSQL and cannot be loaded. */
async function copyColumns(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [quoteIdent(table)],
  );
  return rows.map((r) => r.name);
}

async function exportTable(
  client: pg.Client,
  table: string,
  database: string,
  stagingDir: string,
): Promise<TableEntry> {
  const columns = await copyColumns(client, table);
  const file = tablePath(database, table);
  const target = path.join(stagingDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  const list = columns.map(quoteIdent).join(', ');
  const source = client.query(copyTo(`COPY ${quoteIdent(table)} (${list}) TO STDOUT`));
  const hash = hashingStream();
  await pipeline(source, hash.stream, createWriteStream(target));
  return { name: table, columns, rows: source.rowCount, file: { path: file, ...hash.result() } };
}

async function readSequences(client: pg.Client): Promise<SequenceEntry[]> {
  const { rows: names } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const sequences: SequenceEntry[] = [];
  for (const { name } of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${quoteIdent(name)}`,
    );
    const row = rows[0];
    if (row) sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return sequences;
}

/**
 * Writes every table of one database under `stagingDir` from one snapshot (REPEATABLE READ, read only): the
 * rows of all its tables are of the same instant while the services keep writing.
 */
export async function exportDatabase(options: {
  url: string;
  service: string;
  database: string;
  stagingDir: string;
  code: readonly CodeMigration[];
}): Promise<DatabaseEntry> {
  const client = await connect(options.url);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const applied = await client.query<{ name: string }>('SELECT name FROM schema_migrations').catch((error: Error) => {
      throw new Error(`${options.database} has no migrations table (${error.message}): has ${options.service} run?`);
    });
    const migrations = sortMigrationNames(applied.rows.map((r) => r.name)).map((name) => {
      const ours = options.code.find((m) => m.name === name);
      if (!ours)
        throw new Error(
          `${options.database} has migration ${name}, which this checkout does not have: back up with the version that runs`,
        );
      return { name, sha256: ours.sha256 };
    });
    const tables: TableEntry[] = [];
    for (const table of await publicTables(client))
      tables.push(await exportTable(client, table, options.database, options.stagingDir));
    const sequences = await readSequences(client);
    const { rows } = await client.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
    await client.query('COMMIT');
    return {
      service: options.service,
      database: options.database,
      migrations,
      sizeBytes: Number(rows[0]?.size ?? 0),
      tables,
      sequences,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The migrations of `entry`, with their files from this checkout (migrationProblems has checked they match). */
function migrationsToReplay(entry: DatabaseEntry, code: readonly CodeMigration[]): CodeMigration[] {
  return entry.migrations.map((m) => {
    const ours = code.find((c) => c.name === m.name);
    if (!ours) throw new Error(`${entry.database}: migration ${m.name} is not in this checkout`);
    return ours;
  });
}

async function replayMigrations(client: pg.Client, migrations: readonly CodeMigration[]): Promise<void> {
  await client.query(SCHEMA_MIGRATIONS_TABLE);
  for (const migration of migrations) {
    await client.query('BEGIN');
    try {
      await client.query(await readFile(migration.path, 'utf8'));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
    }
  }
}

async function importTable(client: pg.Client, table: TableEntry, extractedDir: string): Promise<void> {
  const present = await copyColumns(client, table.name);
  const missing = table.columns.filter((c) => !present.includes(c));
  if (missing.length > 0)
    throw new Error(`table ${table.name} has no column(s) ${missing.join(', ')} after its migrations`);
  const list = table.columns.map(quoteIdent).join(', ');
  const sink = client.query(copyFrom(`COPY ${quoteIdent(table.name)} (${list}) FROM STDIN`));
  await pipeline(createReadStream(path.join(extractedDir, table.file.path)), sink);
  if (sink.rowCount !== table.rows)
    throw new Error(`table ${table.name}: ${sink.rowCount} rows loaded, the archive has ${table.rows}`);
}

/**
 * Builds one database under the name `target` (dropped first when a previous attempt left it): the schema by the
 * service's migrations to the recorded level, every table emptied of what the migrations inserted, then the rows
 * and the sequence positions, in one transaction with triggers off (the rows are already what the triggers made;
 * foreign keys hold because they held in the snapshot).
 */
export async function importDatabase(options: {
  serverUrl: string;
  target: string;
  entry: DatabaseEntry;
  code: readonly CodeMigration[];
  extractedDir: string;
}): Promise<void> {
  const { entry } = options;
  const replay = migrationsToReplay(entry, options.code);
  await recreateDatabase(options.serverUrl, options.target);
  const client = await connect(withDatabase(options.serverUrl, options.target));
  try {
    await replayMigrations(client, replay);
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    const tables = await publicTables(client);
    if (tables.length > 0) await client.query(`TRUNCATE ${tables.map(quoteIdent).join(', ')}`);
    const absent = entry.tables.filter((t) => !tables.includes(t.name)).map((t) => t.name);
    if (absent.length > 0) throw new Error(`no table(s) ${absent.join(', ')} after the migrations`);
    for (const table of entry.tables) await importTable(client, table, options.extractedDir);
    for (const sequence of entry.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        quoteIdent(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw new Error(`${entry.database}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(withDatabase(serverUrl, 'postgres'));
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

/** Puts the rebuilt databases in place of the live ones, as one step per database (drop, rename). */
export async function swapDatabases(serverUrl: string, pairs: readonly { from: string; to: string }[]): Promise<void> {
  await onServer(serverUrl, async (client) => {
    for (const { from, to } of pairs) {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(to)} WITH (FORCE)`);
      await client.query(`ALTER DATABASE ${quoteIdent(from)} RENAME TO ${quoteIdent(to)}`);
    }
  });
}

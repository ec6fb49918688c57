import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../src/testing';

describe('migrations', () => {
  let db: TestDatabase<Record<string, never>>;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    await writeFile(path.join(dir, '001_things.sql'), 'CREATE TABLE things (id serial PRIMARY KEY, name text);');
    await writeFile(path.join(dir, '002_more.sql'), "INSERT INTO things (name) VALUES ('a'), ('b');");
    db = await createTestDatabase(dir, 'kit');
  });
  afterAll(() => db.drop());

  it('applies every file once, in order', async () => {
    const { rows } = await sql<{ count: number }>`SELECT count(*) AS count FROM things`.execute(db.db);
    expect(rows[0]?.count).toBe(2);
    const { runMigrations } = await import('../src/db');
    expect(await runMigrations(db.pool, dir)).toEqual([]);
  });
});

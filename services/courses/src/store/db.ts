import type { DatabaseHandle, Db } from '@rainmakers/kit';
import type { CoursesDatabase } from './schema';

export type CoursesDb = Db<CoursesDatabase>;
export type CoursesPool = DatabaseHandle<CoursesDatabase>['pool'];

/**
 * What the store works with: Kysely for typed reads and writes (and transactions), the pool for the few
 * hand-written search queries whose shape (capped CTEs, lateral excerpts) reads better as SQL.
 */
export interface CoursesStore {
  db: CoursesDb;
  pool: CoursesPool;
}

/** Collects positional parameters for a hand-written statement. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Statement {
  text: string;
  values: unknown[];
}

export async function queryRows<T>(pool: CoursesPool, statement: Statement): Promise<T[]> {
  const result = await pool.query(statement.text, statement.values);
  return result.rows as T[];
}

/** Groups tag rows by owner id, keeping the query's order. */
export function groupTags<K extends string>(
  rows: readonly ({ tag_id: number; tag_name: string } & Record<K, number>)[],
  key: K,
): Map<number, { id: number; name: string }[]> {
  const map = new Map<number, { id: number; name: string }[]>();
  for (const row of rows) {
    const owner = row[key];
    const list = map.get(owner) ?? [];
    list.push({ id: row.tag_id, name: row.tag_name });
    map.set(owner, list);
  }
  return map;
}

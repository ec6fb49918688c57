import type { Db } from '@rainmakers/kit';
import type { ResourcesDatabase } from './schema';

export type ResourcesDb = Db<ResourcesDatabase>;

export interface Ref {
  id: number;
  name: string;
}

/** Groups `{owner, id, name}` rows by owner, keeping the query's order. */
export function groupRefs<K extends string>(
  rows: readonly ({ id: number; name: string } & Record<K, number>)[],
  key: K,
): Map<number, Ref[]> {
  const map = new Map<number, Ref[]>();
  for (const row of rows) {
    const list = map.get(row[key]) ?? [];
    list.push({ id: row.id, name: row.name });
    map.set(row[key], list);
  }
  return map;
}

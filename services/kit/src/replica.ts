import { type Kysely, sql } from 'kysely';

/**
 * Writes a service's copy of a record another service owns (the people copies of board and courses, kept from
 * users.* events): inserts the row, or replaces the stored one unless that one has a newer `version` (events
 * can arrive out of order after a redelivery). `key` is the conflict column; every other column given is replaced.
 */
export async function saveNewerCopy<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  key: keyof DB[T] & string,
  row: { [C in keyof DB[T] & string]?: unknown } & { version: number },
): Promise<void> {
  const columns = Object.keys(row).filter((c) => row[c as keyof typeof row] !== undefined);
  const values = columns.map((c) => row[c as keyof typeof row]);
  const replaced = columns.filter((c) => c !== key);
  await sql`
    INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    VALUES (${sql.join(values.map((v) => sql`${v}`))})
    ON CONFLICT (${sql.ref(key)}) DO UPDATE
    SET ${sql.join(replaced.map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`))}
    WHERE ${sql.ref(`${table}.version`)} <= ${row.version}
  `.execute(db);
}

import { sql } from '@rainmakers/kit';
import type { BillingDb } from './db';

/**
 * Runs `work` on one database connection that holds a session-level advisory lock named `name` (released after,
 * also on failure): work under the same name runs one at a time across every billing process.
 */
export async function withAdvisoryLock<R>(
  db: BillingDb,
  name: string,
  work: (connection: BillingDb) => Promise<R>,
): Promise<R> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtextextended(${name}, 0))`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtextextended(${name}, 0))`.execute(connection);
    }
  });
}

import { sql } from '@rainmakers/kit';
import type { BillingDeps } from './deps';

/**
 * Runs `work` on one database connection that holds a session-level advisory lock named `name` (released after,
 * also on failure): work under the same name runs one at a time across every billing process, and no transaction
 * stays open while Stripe is called. `work` gets the deps with that connection as its database.
 */
export async function withLock<D extends BillingDeps, R>(
  deps: D,
  name: string,
  work: (deps: D) => Promise<R>,
): Promise<R> {
  return deps.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtextextended(${name}, 0))`.execute(connection);
    try {
      return await work({ ...deps, db: connection });
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtextextended(${name}, 0))`.execute(connection);
    }
  });
}

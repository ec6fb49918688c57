import type { BillingDeps } from '../deps';
import { withAdvisoryLock } from '../store/locks';

/**
 * Runs `work` under the advisory lock named `name` (store/locks.ts): work under the same name runs one at a time
 * across every billing process, and no transaction stays open while Stripe is called. `work` gets the deps with
 * the lock's connection as its database.
 */
export async function withLock<D extends BillingDeps, R>(
  deps: D,
  name: string,
  work: (deps: D) => Promise<R>,
): Promise<R> {
  return withAdvisoryLock(deps.db, name, (connection) => work({ ...deps, db: connection }));
}

import type { EventData, EventType } from '@rainmakers/contracts';
import type { Kysely, Transaction } from 'kysely';
import { recordIdempotencyKey } from '../idempotency';
import { publishEvent } from './outbox';

/** Whatever relays the outbox: told after a commit that wrote events (an OutboxRelay, or null when none runs). */
export interface EventNudger {
  nudge(): void;
}

/** Writes an event into the outbox of the surrounding transaction. Returns the event id. */
export type Publish = <T extends EventType>(type: T, data: EventData<T>) => Promise<string>;

export interface TransactionEffects {
  /** Writes an event in this transaction: consumers see it only if the transaction commits. */
  publish: Publish;
  /** Runs after the commit (never after a rollback): cache invalidation, notifications. */
  afterCommit(effect: () => Promise<unknown> | unknown): void;
}

/**
 * "Write in the transaction, publish after commit": runs `work` in one transaction whose events go to the outbox
 * with the change; after the commit, nudges the relay (only when something was published) and runs the effects
 * registered with `afterCommit`, in order. On a rollback neither happens, so no consumer and no cache ever sees
 * a change that was not kept.
 *
 * Inside a create answered by the kit's `answerOnce`, the request's Idempotency-Key is recorded in this transaction
 * (idempotency.ts), so the key exists exactly when the change does.
 *
 * Every effect runs even when an earlier one fails; the first failure is then thrown. The change itself is
 * committed by then: effects must be safe to miss (a cache with a TTL, a relay that also polls).
 */
export async function withEvents<DB, R>(
  db: Kysely<DB>,
  relay: EventNudger | null,
  work: (trx: Transaction<DB>, effects: TransactionEffects) => Promise<R>,
): Promise<R> {
  let published = 0;
  const effects: (() => Promise<unknown> | unknown)[] = [];
  const result = await db.transaction().execute(async (trx) => {
    await recordIdempotencyKey(trx);
    return work(trx, {
      publish: async (type, data) => {
        const id = await publishEvent(trx, type, data);
        published += 1;
        return id;
      },
      afterCommit: (effect) => {
        effects.push(effect);
      },
    });
  });
  if (published > 0) relay?.nudge();
  let firstError: { error: unknown } | null = null;
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      firstError ??= { error };
    }
  }
  if (firstError) throw firstError.error;
  return result;
}

import type { Kysely } from 'kysely';
import { EventConsumer, type TransactionalEventHandlers } from './bus';
import type { Logger } from './logger';
import type { Redis } from './redis';

/** What every event consumer of a service is made with: its database, Redis, key prefix, logger and reclaim time. */
export interface ConsumerWiring<DB> {
  db: Kysely<DB>;
  redis: Redis;
  prefix: string;
  logger: Logger;
  /** EVENT_RECLAIM_IDLE_MS: entries a crashed member left pending this long are taken over. */
  reclaimIdleMs?: number | undefined;
}

/** The wiring of a running service (kit runService's runtime) and its settings. */
export function consumerWiring<DB>(
  runtime: { database: { db: Kysely<DB> }; redis: Redis; logger: Logger },
  config: { REDIS_PREFIX: string; EVENT_RECLAIM_IDLE_MS?: number | undefined },
): ConsumerWiring<DB> {
  return {
    db: runtime.database.db,
    redis: runtime.redis,
    prefix: config.REDIS_PREFIX,
    logger: runtime.logger,
    reclaimIdleMs: config.EVENT_RECLAIM_IDLE_MS,
  };
}

/**
 * A service's consumer of one group: each handler runs in a transaction that records the event id in
 * processed_events (idempotent), acknowledged after the commit.
 */
export function createConsumer<DB>(
  wiring: ConsumerWiring<DB>,
  group: string,
  handlers: TransactionalEventHandlers<DB>,
): EventConsumer<DB> {
  return new EventConsumer<DB>({
    db: wiring.db,
    redis: wiring.redis,
    prefix: wiring.prefix,
    logger: wiring.logger,
    group,
    ...(wiring.reclaimIdleMs !== undefined ? { reclaimIdleMs: wiring.reclaimIdleMs } : {}),
    handlers,
  });
}

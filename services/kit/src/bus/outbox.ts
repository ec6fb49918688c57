import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope, EventType } from '@rainmakers/contracts';
import type { Redis } from 'ioredis';
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import { processActivity } from '../activity';
import type { BackgroundTask } from '../bootstrap';
import type { Logger } from '../logger';
import { outboxMetricSources } from '../metrics';
import { producerTraceparent } from '../tracing';
import { checkEventData } from './envelope';
import { RedisStreamsTransport } from './redis-streams';
import { LoopingTask } from './sleeper';
import type { EventTransport } from './transport';

/** An outbox row's values (`id`, `type`, `data` as JSON text, `traceparent`), checked like publishEvent's. */
export interface OutboxRowValues {
  id: string;
  type: string;
  data: string;
  traceparent: string | null;
}

/**
 * The values of the outbox row announcing an event, for a store that writes it in the same statement as the change
 * it announces (`INSERT INTO outbox (id, type, data, traceparent) ... $data::jsonb`); then nudge the relay after.
 */
export function outboxRow<T extends EventType>(type: T, data: EventData<T>): OutboxRowValues {
  // The event's PRODUCER span, a child of the publishing request's; its context travels with the event, so the
  // consumers' spans are its children (NULL when tracing is off or outside a span).
  const id = randomUUID();
  const checked = JSON.stringify(checkEventData(type, data));
  return {
    id,
    type,
    data: checked,
    traceparent: producerTraceparent(type, 'redis', { 'messaging.message.id': id }) ?? null,
  };
}

/**
 * Writes an event into the outbox with the caller's executor, so it commits or rolls back with the change it
 * announces. `executor` is a Kysely instance or a transaction of any schema. Returns the event id.
 */
export async function publishEvent<T extends EventType>(
  executor: QueryExecutorProvider,
  type: T,
  data: EventData<T>,
): Promise<string> {
  const row = outboxRow(type, data);
  await sql`INSERT INTO outbox (id, type, data, traceparent)
    VALUES (${row.id}, ${row.type}, ${row.data}::jsonb, ${row.traceparent})`.execute(executor);
  return row.id;
}

interface OutboxRow {
  seq: number;
  id: string;
  type: string;
  occurred_at: Date;
  data: unknown;
  traceparent: string | null;
}

// One relay per database at a time (advisory lock), so each stream receives events in outbox order.
const RELAY_LOCK = 727_173;
const PRUNE_EVERY_MS = 10 * 60_000;
const MAX_RETRY_DELAY_MS = 10_000;

export interface OutboxRelayOptions<DB> {
  db: Kysely<DB>;
  redis: Redis;
  prefix: string;
  logger: Logger;
  /** How often to look for unpublished rows when nobody nudges. */
  pollMs?: number;
  batchSize?: number;
  /** Published rows are deleted after this long (they are only kept for inspection). */
  retainPublishedMs?: number;
  /** Replaces the Redis Streams transport. */
  transport?: EventTransport;
  /**
   * How long a nudge waits before the relay runs, so the events of writes that follow each other closely go out in
   * one batch (one transaction and one XADD pipeline) instead of one each. Default 10 ms.
   */
  nudgeDelayMs?: number;
}

/**
 * Moves outbox rows to the bus in `seq` order and stamps `published_at`. Rows and the bus write share one
 * transaction: if Redis is unreachable the transaction rolls back and the rows are retried later, never lost.
 * A crash between XADD and COMMIT re-sends a row: delivery is at least once, consumers are idempotent.
 */
export class OutboxRelay<DB = unknown> extends LoopingTask implements BackgroundTask {
  private readonly db: Kysely<DB>;
  private readonly logger: Logger;
  private readonly transport: EventTransport;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly retainPublishedMs: number;
  private lastPruneAt = 0;
  private readonly nudgeDelayMs: number;
  private nudgeTimer: NodeJS.Timeout | undefined;

  constructor(options: OutboxRelayOptions<DB>) {
    super();
    this.db = options.db;
    this.logger = options.logger;
    this.transport = options.transport ?? new RedisStreamsTransport({ redis: options.redis, prefix: options.prefix });
    this.pollMs = options.pollMs ?? 250;
    this.batchSize = options.batchSize ?? 100;
    this.retainPublishedMs = options.retainPublishedMs ?? 7 * 24 * 3600_000;
    this.nudgeDelayMs = options.nudgeDelayMs ?? 10;
    // Bounded by the partial index on unpublished rows; a backlog of a million still counts in well under a second.
    outboxMetricSources.set('outbox', async () => {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM outbox WHERE published_at IS NULL`.execute(
        this.db,
      );
      return [{ labels: { database: 'service' }, value: Number(rows[0]?.n ?? 0) }];
    });
  }

  protected async afterStop(): Promise<void> {
    clearTimeout(this.nudgeTimer);
    this.nudgeTimer = undefined;
    await this.transport.close();
  }

  /**
   * Publish soon instead of at the next poll (call after committing a transaction that published events): after
   * `nudgeDelayMs`, once for every nudge that came in meanwhile. A lesson completion is the product's most frequent
   * write; under load its events then share the relay's transaction.
   */
  nudge(): void {
    if (this.nudgeTimer) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = undefined;
      this.sleeper.wake();
    }, this.nudgeDelayMs);
    this.nudgeTimer.unref();
  }

  /** Publishes everything pending, waiting for another relay's turn if needed; returns how many were sent. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.publishBatch(true);
      total += sent;
      if (sent < this.batchSize) return total;
    }
  }

  protected async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      // A commit that wrote events nudges the relay; the poll is the fallback for everything else (another
      // replica's leftovers, a crash between commit and nudge), so an idle process polls at the idle pace.
      let delay = processActivity.pace(this.pollMs);
      try {
        const sent = await this.publishBatch(false);
        failures = 0;
        if (sent === this.batchSize) delay = 0;
        await this.pruneOccasionally();
      } catch (error) {
        failures += 1;
        delay = Math.min(this.pollMs * 2 ** failures, MAX_RETRY_DELAY_MS);
        this.logger.warn({ err: error, retryInMs: delay }, 'outbox relay could not publish; will retry');
      }
      if (delay > 0 && this.running) await this.sleeper.sleep(delay);
    }
  }

  /** One batch in one transaction. `waitForTurn` false: skip when another relay is publishing right now. */
  private publishBatch(waitForTurn: boolean): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      if (waitForTurn) {
        await sql`SELECT pg_advisory_xact_lock(${RELAY_LOCK})`.execute(trx);
      } else {
        const { rows } = await sql<{
          locked: boolean;
        }>`SELECT pg_try_advisory_xact_lock(${RELAY_LOCK}) AS locked`.execute(trx);
        if (!rows[0]?.locked) return 0;
      }
      // The row locks are a second guard: even without the advisory lock no two relays could send the same row.
      const { rows } = await sql<OutboxRow>`
        SELECT seq, id, type, occurred_at, data, traceparent FROM outbox
        WHERE published_at IS NULL
        ORDER BY seq
        LIMIT ${this.batchSize}
        FOR UPDATE SKIP LOCKED`.execute(trx);
      if (rows.length === 0) return 0;
      const envelopes: EventEnvelope[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        occurredAt: row.occurred_at.toISOString(),
        data: row.data,
        ...(row.traceparent ? { traceparent: row.traceparent } : {}),
      }));
      await this.transport.append(envelopes);
      const seqs = rows.map((row) => row.seq);
      await sql`UPDATE outbox SET published_at = now() WHERE seq = ANY(${seqs}::bigint[])`.execute(trx);
      return rows.length;
    });
  }

  private async pruneOccasionally(): Promise<void> {
    if (Date.now() - this.lastPruneAt < PRUNE_EVERY_MS) return;
    this.lastPruneAt = Date.now();
    const cutoff = new Date(Date.now() - this.retainPublishedMs);
    await sql`DELETE FROM outbox WHERE published_at < ${cutoff}`.execute(this.db);
  }
}

import { hostname } from 'node:os';
import type { EventData, EventType } from '@rainmakers/contracts';
import type { Redis } from 'ioredis';
import { type Kysely, sql, type Transaction } from 'kysely';
import { processActivity } from '../activity';
import type { BackgroundTask } from '../bootstrap';
import type { Logger } from '../logger';
import { deadLetterMetricSources, eventConsumerMetricSources } from '../metrics';
import { SpanKind, withSpan } from '../tracing';
import { decodeEnvelope, isEventType, type TypedEnvelope } from './envelope';
import { RedisStreamsTransport, readConsumerGroupStanding } from './redis-streams';
import { LoopingTask } from './sleeper';
import type { Delivery, EventTransport, Subscription } from './transport';

export interface EventContext<T extends EventType> {
  event: TypedEnvelope<T>;
}
export interface TransactionalEventContext<T extends EventType, DB> extends EventContext<T> {
  /** The transaction that also records the event as processed: write the handler's changes through it. */
  trx: Transaction<DB>;
  /** Runs `effect` once the transaction has committed (never after a rollback), e.g. to invalidate a cache. */
  afterCommit(effect: () => Promise<unknown> | unknown): void;
}

export type EventHandlers = {
  [T in EventType]?: (data: EventData<T>, context: EventContext<T>) => Promise<void> | void;
};
export type TransactionalEventHandlers<DB> = {
  [T in EventType]?: (data: EventData<T>, context: TransactionalEventContext<T, DB>) => Promise<void> | void;
};

interface EventConsumerBaseOptions {
  redis: Redis;
  prefix: string;
  /** The consumer group: every replica of one service's consumer shares it; each event reaches the group once. */
  group: string;
  /** This member's name within the group; defaults to `${group}-${hostname}-${pid}`. */
  consumer?: string;
  logger: Logger;
  /** Entries left unacknowledged this long (a crashed or failing member) are taken over. */
  reclaimIdleMs?: number;
  /** A handler runs at most this many times for one entry; then the entry goes to the dead-letter stream. */
  maxDeliveries?: number;
  blockMs?: number;
  batchSize?: number;
  /** How long processed event ids are remembered (Redis key TTL, or age of processed_events rows pruned). */
  processedTtlSeconds?: number;
  /** Replaces the Redis Streams transport. */
  transport?: EventTransport;
}

/** Idempotency in PostgreSQL: each handler runs in a transaction that also inserts into processed_events. */
export interface TransactionalEventConsumerOptions<DB> extends EventConsumerBaseOptions {
  db: Kysely<DB>;
  handlers: TransactionalEventHandlers<DB>;
}

/** Idempotency in Redis (services without a database of their own, e.g. the gateway). */
export interface RedisEventConsumerOptions extends EventConsumerBaseOptions {
  db?: undefined;
  handlers: EventHandlers;
}

export type EventConsumerOptions<DB> = TransactionalEventConsumerOptions<DB> | RedisEventConsumerOptions;

const MAX_RETRY_DELAY_MS = 10_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const DEFAULT_PROCESSED_TTL_SECONDS = 7 * 24 * 3600;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads the streams of the handled event types as one member of a consumer group. An entry is acknowledged only
 * after its handler's work is committed; a failing handler leaves it pending, to be reclaimed and retried after
 * `reclaimIdleMs`; entries that cannot be decoded, or that failed `maxDeliveries` times, go to dead letters.
 * Entries of one stream are handled one after another, in stream order.
 */
export class EventConsumer<DB = unknown> extends LoopingTask implements BackgroundTask {
  readonly subscription: Subscription;
  private readonly logger: Logger;
  private readonly transport: EventTransport;
  private readonly reclaimIdleMs: number;
  private readonly maxDeliveries: number;
  private readonly blockMs: number;
  private readonly batchSize: number;
  /** Runs the handler at most once per event id; false when the event had already been processed. */
  private readonly apply: (event: TypedEnvelope<EventType>) => Promise<boolean>;
  /** Forgets processed event ids older than the TTL (PostgreSQL; Redis keys expire by themselves). */
  private readonly pruneProcessed: (() => Promise<unknown>) | undefined;

  constructor(options: TransactionalEventConsumerOptions<DB>);
  constructor(options: RedisEventConsumerOptions);
  constructor(options: EventConsumerOptions<DB>) {
    super();
    const topics = Object.entries(options.handlers)
      .filter(([type, handler]) => isEventType(type) && typeof handler === 'function')
      .map(([type]) => type);
    if (topics.length === 0) throw new Error(`EventConsumer ${options.group} has no handlers`);
    this.subscription = {
      group: options.group,
      consumer: options.consumer ?? `${options.group}-${hostname()}-${process.pid}`,
      topics,
    };
    this.logger = options.logger.child({ group: options.group });
    this.transport = options.transport ?? new RedisStreamsTransport({ redis: options.redis, prefix: options.prefix });
    this.reclaimIdleMs = options.reclaimIdleMs ?? 30_000;
    this.maxDeliveries = options.maxDeliveries ?? 5;
    this.blockMs = options.blockMs ?? 5_000;
    this.batchSize = options.batchSize ?? 20;
    this.apply = options.db ? this.transactional(options.db, options.handlers) : this.withRedisIdempotency(options);
    if (!options.transport) this.reportStanding(options.redis, options.prefix);
    const ttlSeconds = options.processedTtlSeconds ?? DEFAULT_PROCESSED_TTL_SECONDS;
    const db = options.db;
    this.pruneProcessed = db
      ? () =>
          sql`DELETE FROM processed_events WHERE consumer = ${options.group}
              AND processed_at < now() - make_interval(secs => ${ttlSeconds})`.execute(db)
      : undefined;
  }

  /** The blocking read waits up to blockMs for nothing: closing its connection ends it (nothing is delivered). */
  protected override interrupt(): void {
    void this.transport.close();
  }

  protected async afterStop(): Promise<void> {
    await this.transport.close();
  }

  /** Lag, pending and dead letters of this group, read when metrics are scraped (one read for both gauges). */
  private reportStanding(redis: Redis, prefix: string): void {
    const { group, topics } = this.subscription;
    let latest: Promise<Awaited<ReturnType<typeof readConsumerGroupStanding>>> | undefined;
    const read = () => {
      latest ??= readConsumerGroupStanding(redis, prefix, group, topics).finally(() => {
        latest = undefined;
      });
      return latest;
    };
    eventConsumerMetricSources.set(group, async () => (await read()).entries);
    deadLetterMetricSources.set(group, async () => (await read()).deadLetters);
  }

  private transactional(db: Kysely<DB>, handlers: TransactionalEventHandlers<DB>) {
    const group = this.subscription.group;
    return async (event: TypedEnvelope<EventType>) => {
      const effects: (() => Promise<unknown> | unknown)[] = [];
      const applied = await db.transaction().execute(async (trx) => {
        // A second delivery of the same event waits here for the first one's transaction, then finds the row.
        const { rows } = await sql`
          INSERT INTO processed_events (consumer, event_id) VALUES (${group}, ${event.id})
          ON CONFLICT DO NOTHING RETURNING event_id`.execute(trx);
        if (rows.length === 0) return false;
        const handler = handlers[event.type] as
          | ((data: unknown, context: TransactionalEventContext<EventType, DB>) => Promise<void> | void)
          | undefined;
        await handler?.(event.data, { event, trx, afterCommit: (effect) => effects.push(effect) });
        return true;
      });
      for (const effect of effects) {
        try {
          await effect();
        } catch (error) {
          this.logger.warn({ err: error, type: event.type }, 'an after-commit effect of an event failed');
        }
      }
      return applied;
    };
  }

  private withRedisIdempotency(options: RedisEventConsumerOptions) {
    const { redis, prefix, handlers } = options;
    const ttlSeconds = options.processedTtlSeconds ?? DEFAULT_PROCESSED_TTL_SECONDS;
    return async (event: TypedEnvelope<EventType>) => {
      const key = `${prefix}processed:${this.subscription.group}:${event.id}`;
      if ((await redis.exists(key)) === 1) return false;
      const handler = handlers[event.type] as
        | ((data: unknown, context: EventContext<EventType>) => Promise<void> | void)
        | undefined;
      await handler?.(event.data, { event });
      // Recorded only after success; a crash in between runs the handler again, so these handlers stay idempotent.
      await redis.set(key, '1', 'EX', ttlSeconds, 'NX');
      return true;
    };
  }

  protected async run(): Promise<void> {
    const claimEveryMs = Math.max(50, Math.floor(this.reclaimIdleMs / 2));
    let subscribed = false;
    let lastClaimAt = 0;
    let lastPruneAt = 0;
    let failures = 0;
    while (this.running) {
      try {
        if (!subscribed) {
          await this.transport.subscribe(this.subscription);
          subscribed = true;
        }
        if (Date.now() - lastClaimAt >= claimEveryMs) {
          lastClaimAt = Date.now();
          const claimed = await this.transport.claim(this.subscription, {
            minIdleMs: this.reclaimIdleMs,
            count: this.batchSize,
          });
          await this.handleAll(claimed);
        }
        if (this.pruneProcessed && Date.now() - lastPruneAt >= PRUNE_EVERY_MS) {
          lastPruneAt = Date.now();
          await this.pruneProcessed();
        }
        if (!this.running) break;
        // A blocking read returns as soon as an event arrives: its length only sets how often an idle consumer
        // wakes, and it must not delay the next claim.
        const blockMs = Math.min(this.blockMs, Math.max(50, claimEveryMs - (Date.now() - lastClaimAt)));
        const fresh = await this.transport.read(this.subscription, { count: this.batchSize, blockMs });
        if (fresh.length > 0) processActivity.touch();
        await this.handleAll(fresh);
        failures = 0;
      } catch (error) {
        if (!this.running) break;
        failures += 1;
        const delay = Math.min(100 * 2 ** failures, MAX_RETRY_DELAY_MS);
        this.logger.error({ err: error, retryInMs: delay }, 'event consumer could not read from the bus');
        if (this.running) await this.sleeper.sleep(delay);
      }
    }
  }

  private async handleAll(deliveries: readonly Delivery[]): Promise<void> {
    for (const delivery of deliveries) await this.handle(delivery);
  }

  private async handle(delivery: Delivery): Promise<void> {
    const where = { topic: delivery.topic, entryId: delivery.position, deliveries: delivery.deliveries };
    if (delivery.deliveries > this.maxDeliveries) {
      // Handed out more often than any handler ran to an end: its consumers died while holding it.
      return this.deadLetter(delivery, `delivered ${delivery.deliveries} times without being acknowledged`);
    }
    const decoded = decodeEnvelope(delivery.topic, delivery.payload);
    if (!decoded.ok) return this.deadLetter(delivery, decoded.reason);
    const event = decoded.envelope;
    let applied: boolean;
    try {
      // A child of the publishing request's span (its traceparent came in the envelope): the trace follows the event.
      applied = await withSpan(
        `${event.type} process`,
        {
          kind: SpanKind.CONSUMER,
          traceparent: event.traceparent,
          attributes: {
            'messaging.system': 'redis',
            'messaging.operation.type': 'process',
            'messaging.destination.name': event.type,
            'messaging.consumer.group.name': this.subscription.group,
            'messaging.message.id': event.id,
          },
        },
        () => this.apply(event),
      );
    } catch (error) {
      if (delivery.deliveries >= this.maxDeliveries) {
        return this.deadLetter(delivery, `handler failed ${delivery.deliveries} times: ${errorMessage(error)}`);
      }
      this.logger.warn({ err: error, eventId: event.id, ...where }, 'event handler failed; it will be retried');
      return;
    }
    await this.transport.ack(this.subscription, delivery);
    if (!applied) this.logger.debug({ eventId: event.id, ...where }, 'event already processed; acknowledged again');
  }

  private async deadLetter(delivery: Delivery, reason: string): Promise<void> {
    await this.transport.deadLetter(this.subscription, delivery, reason);
    this.logger.error(
      { topic: delivery.topic, entryId: delivery.position, deliveries: delivery.deliveries, reason },
      'event moved to the dead-letter stream',
    );
  }
}

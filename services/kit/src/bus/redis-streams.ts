import type { EventEnvelope } from '@rainmakers/contracts';
import type { Redis } from 'ioredis';
import type { Sample } from '../metrics';
import { blockingDuplicate, whenReady } from '../redis';
import { type Delivery, type EventTransport, encodeEnvelope, type Subscription } from './transport';

export const DEFAULT_STREAM_MAX_LENGTH = 100_000;

/** `${prefix}events:${type}`: one stream per event type. */
export function eventStreamKey(prefix: string, type: string): string {
  return `${prefix}events:${type}`;
}

/** `${prefix}dead:${type}`: entries no consumer group could handle. */
export function deadLetterStreamKey(prefix: string, type: string): string {
  return `${prefix}dead:${type}`;
}

type StreamEntry = [id: string, fields: string[] | null];

export interface RedisStreamsTransportOptions {
  redis: Redis;
  prefix: string;
  /** Approximate cap of each stream (XADD MAXLEN ~). */
  maxLength?: number;
}

function fieldValue(fields: readonly string[] | null, name: string): string | undefined {
  if (!fields) return undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

function isStreamEntry(value: unknown): value is StreamEntry {
  return Array.isArray(value) && typeof value[0] === 'string' && (value[1] === null || Array.isArray(value[1]));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Redis Streams: each entry holds one field, `envelope` (JSON). Blocking reads use a connection of their own
 * (`redis.duplicate()`), so the shared connection never waits behind a BLOCK.
 */
export class RedisStreamsTransport implements EventTransport {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly maxLength: number;
  private blocking: Redis | undefined;
  /** XAUTOCLAIM cursor per stream, so successive claims walk the whole pending list. */
  private readonly claimCursors = new Map<string, string>();

  constructor(options: RedisStreamsTransportOptions) {
    this.redis = options.redis;
    this.prefix = options.prefix;
    this.maxLength = options.maxLength ?? DEFAULT_STREAM_MAX_LENGTH;
  }

  private key(topic: string): string {
    return eventStreamKey(this.prefix, topic);
  }

  private topicOf(key: string): string {
    return key.slice(eventStreamKey(this.prefix, '').length);
  }

  async append(envelopes: readonly EventEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const envelope of envelopes) {
      pipeline.xadd(this.key(envelope.type), 'MAXLEN', '~', this.maxLength, '*', 'envelope', encodeEnvelope(envelope));
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
    if (results.length !== envelopes.length) throw new Error('Redis did not answer every XADD');
  }

  async subscribe({ group, topics }: Subscription): Promise<void> {
    // At start the shared connection may still be connecting (it queues nothing): wait a moment rather than fail.
    await whenReady(this.redis, 2000);
    for (const topic of topics) {
      try {
        // From '0', not '$': events published before the group first existed are delivered too.
        await this.redis.xgroup('CREATE', this.key(topic), group, '0', 'MKSTREAM');
      } catch (error) {
        if (!errorMessage(error).startsWith('BUSYGROUP')) throw error;
      }
    }
  }

  async read(subscription: Subscription, { count, blockMs }: { count: number; blockMs: number }): Promise<Delivery[]> {
    const { group, consumer, topics } = subscription;
    if (topics.length === 0) return [];
    // Named after the member, so CLIENT LIST shows who is blocked reading.
    this.blocking ??= blockingDuplicate(this.redis, `events:${consumer}`.replace(/[^\w:.-]/g, '_'));
    let reply: unknown;
    try {
      reply = await this.blocking.xreadgroup(
        'GROUP',
        group,
        consumer,
        'COUNT',
        count,
        'BLOCK',
        blockMs,
        'STREAMS',
        ...topics.map((topic) => this.key(topic)),
        ...topics.map(() => '>'),
      );
    } catch (error) {
      // The stream or group was deleted under us (FLUSHDB, manual cleanup): recreate and carry on.
      if (errorMessage(error).startsWith('NOGROUP')) {
        await this.subscribe(subscription);
        return [];
      }
      throw error;
    }
    if (!Array.isArray(reply)) return [];
    const deliveries: Delivery[] = [];
    for (const streamReply of reply) {
      if (!Array.isArray(streamReply) || typeof streamReply[0] !== 'string' || !Array.isArray(streamReply[1])) continue;
      const topic = this.topicOf(streamReply[0]);
      for (const entry of streamReply[1]) {
        if (!isStreamEntry(entry)) continue;
        deliveries.push({ topic, position: entry[0], payload: fieldValue(entry[1], 'envelope') ?? '', deliveries: 1 });
      }
    }
    return deliveries;
  }

  async claim(
    subscription: Subscription,
    { minIdleMs, count }: { minIdleMs: number; count: number },
  ): Promise<Delivery[]> {
    const { group, consumer, topics } = subscription;
    const deliveries: Delivery[] = [];
    for (const topic of topics) {
      const key = this.key(topic);
      let reply: unknown;
      try {
        reply = await this.redis.xautoclaim(
          key,
          group,
          consumer,
          minIdleMs,
          this.claimCursors.get(key) ?? '0-0',
          'COUNT',
          count,
        );
      } catch (error) {
        if (errorMessage(error).startsWith('NOGROUP')) {
          await this.subscribe(subscription);
          continue;
        }
        throw error;
      }
      if (!Array.isArray(reply) || typeof reply[0] !== 'string' || !Array.isArray(reply[1])) continue;
      this.claimCursors.set(key, reply[0]);
      const entries = reply[1].filter(isStreamEntry);
      if (entries.length === 0) continue;
      const counts = await this.deliveryCounts(key, group, consumer, entries);
      for (const [position, fields] of entries) {
        deliveries.push({
          topic,
          position,
          payload: fieldValue(fields, 'envelope') ?? '',
          // XAUTOCLAIM counted this delivery, so a claimed entry has been delivered at least twice.
          deliveries: counts.get(position) ?? 2,
        });
      }
    }
    return deliveries;
  }

  /** Delivery counters of entries this consumer just claimed (XPENDING over their id range). */
  private async deliveryCounts(
    key: string,
    group: string,
    consumer: string,
    entries: readonly StreamEntry[],
  ): Promise<Map<string, number>> {
    const first = entries[0]?.[0] ?? '-';
    const last = entries[entries.length - 1]?.[0] ?? '+';
    const reply: unknown = await this.redis.xpending(key, group, first, last, entries.length * 2, consumer);
    const counts = new Map<string, number>();
    if (!Array.isArray(reply)) return counts;
    for (const row of reply) {
      if (Array.isArray(row) && typeof row[0] === 'string' && typeof row[3] === 'number') counts.set(row[0], row[3]);
    }
    return counts;
  }

  async ack({ group }: Subscription, delivery: Delivery): Promise<void> {
    await this.redis.xack(this.key(delivery.topic), group, delivery.position);
  }

  async deadLetter(subscription: Subscription, delivery: Delivery, reason: string): Promise<void> {
    const results = await this.redis
      .multi()
      .xadd(
        deadLetterStreamKey(this.prefix, delivery.topic),
        'MAXLEN',
        '~',
        this.maxLength,
        '*',
        'envelope',
        delivery.payload,
        'group',
        subscription.group,
        'consumer',
        subscription.consumer,
        'entryId',
        delivery.position,
        'deliveries',
        String(delivery.deliveries),
        'error',
        reason,
        'failedAt',
        new Date().toISOString(),
      )
      .xack(this.key(delivery.topic), subscription.group, delivery.position)
      .exec();
    const failed = results?.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  async close(): Promise<void> {
    this.blocking?.disconnect();
    this.blocking = undefined;
  }
}

/**
 * A consumer group's standing on each of its topics, for metrics: `lag` (entries not yet delivered to the group,
 * Redis 7's XINFO GROUPS) and `pending` (delivered, not yet acknowledged), and each topic's dead-letter count.
 */
export async function readConsumerGroupStanding(
  redis: Redis,
  prefix: string,
  group: string,
  topics: readonly string[],
): Promise<{ entries: Sample[]; deadLetters: Sample[] }> {
  const entries: Sample[] = [];
  const deadLetters: Sample[] = [];
  for (const topic of topics) {
    const groups = (await redis.xinfo('GROUPS', eventStreamKey(prefix, topic)).catch(() => [])) as unknown[][];
    for (const fields of groups) {
      const info = new Map<string, unknown>();
      for (let i = 0; i + 1 < fields.length; i += 2) info.set(String(fields[i]), fields[i + 1]);
      if (info.get('name') !== group) continue;
      entries.push({ labels: { group, topic, state: 'pending' }, value: Number(info.get('pending') ?? 0) });
      // Null when Redis cannot tell (entries deleted by trimming): reported as unknown, i.e. left out.
      const lag = info.get('lag');
      if (lag !== null && lag !== undefined)
        entries.push({ labels: { group, topic, state: 'lag' }, value: Number(lag) });
    }
    deadLetters.push({ labels: { topic }, value: await redis.xlen(deadLetterStreamKey(prefix, topic)) });
  }
  return { entries, deadLetters };
}

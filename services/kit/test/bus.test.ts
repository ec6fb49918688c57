import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope, EventType } from '@rainmakers/contracts';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { BackgroundTask } from '../src/bootstrap';
import {
  deadLetterStreamKey,
  EventConsumer,
  eventStreamKey,
  OutboxRelay,
  publishEvent,
  RedisStreamsTransport,
} from '../src/bus';
import { createTestDatabase, createTestRedis, type TestDatabase, waitFor } from '../src/testing';
import { type EffectsSchema, effectsMigrations, lessonCompleted, silentLogger as logger } from './support';

let database: TestDatabase<EffectsSchema>;
let redis: Redis;
let basePrefix: string;
let prefixCount = 0;
const running: BackgroundTask[] = [];

beforeAll(async () => {
  database = await createTestDatabase<EffectsSchema>(await effectsMigrations(), 'kit_bus');
  ({ redis, prefix: basePrefix } = createTestRedis());
});

afterAll(async () => {
  for (const task of running) await task.stop();
  await database.drop();
  redis.disconnect();
});

/** Each test gets streams of its own, so a new group reading from '0' sees only that test's events. */
function isolatedPrefix(): string {
  prefixCount += 1;
  return `${basePrefix}${prefixCount}:`;
}

function started<T extends BackgroundTask>(task: T): T {
  running.push(task);
  void task.start();
  return task;
}

async function effectCount(eventId: string): Promise<number> {
  const row = await database.db
    .selectFrom('effects')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return row.count;
}

async function pendingCount(prefix: string, type: EventType, group: string): Promise<number> {
  const summary = (await redis.xpending(eventStreamKey(prefix, type), group)) as [number, ...unknown[]];
  return summary[0];
}

function envelope<T extends EventType>(type: T, data: unknown): EventEnvelope {
  return { id: randomUUID(), type, occurredAt: new Date().toISOString(), data };
}

async function deadLetters(prefix: string, type: EventType): Promise<Record<string, string>[]> {
  const entries = await redis.xrange(deadLetterStreamKey(prefix, type), '-', '+');
  return entries.map(([, fields]) => {
    const record: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i] as string] = fields[i + 1] as string;
    return record;
  });
}

const fast = { blockMs: 100, reclaimIdleMs: 300 };

describe('outbox and relay', () => {
  it('publishes committed events only, to a group that did not exist yet, recorded as processed', async () => {
    const prefix = isolatedPrefix();
    const relay = new OutboxRelay({ db: database.db, redis, prefix, logger });
    const id = await database.db.transaction().execute((trx) => publishEvent(trx, 'users.user-deleted', { id: 7 }));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await publishEvent(trx, 'users.user-deleted', { id: 8 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    expect(await relay.flush()).toBe(1);
    const { rows } = await sql<{ published: boolean }>`
      SELECT published_at IS NOT NULL AS published FROM outbox WHERE id = ${id}`.execute(database.db);
    expect(rows[0]?.published).toBe(true);
    expect(await redis.xlen(eventStreamKey(prefix, 'users.user-deleted'))).toBe(1);

    started(
      new EventConsumer({
        ...fast,
        redis,
        prefix,
        group: 'late-joiner',
        logger,
        db: database.db,
        handlers: {
          'users.user-deleted': async (data, { event, trx }) => {
            await trx
              .insertInto('effects')
              .values({ event_id: event.id, note: `deleted ${data.id}` })
              .execute();
          },
        },
      }),
    );
    await waitFor(async () => (await effectCount(id)) === 1, { what: 'the handler effect' });
    const processed = await sql<{ consumer: string }>`
      SELECT consumer FROM processed_events WHERE event_id = ${id}`.execute(database.db);
    expect(processed.rows).toEqual([{ consumer: 'late-joiner' }]);
    await waitFor(async () => (await pendingCount(prefix, 'users.user-deleted', 'late-joiner')) === 0);
  });

  it('refuses to publish data that does not match the contract', async () => {
    const invalid = { id: 'seven' } as unknown as { id: number };
    await expect(publishEvent(database.db, 'users.user-deleted', invalid)).rejects.toThrow(
      /Invalid users.user-deleted event data: id:/,
    );
  });

  it('keeps events unpublished while Redis is unreachable and sends them later', async () => {
    const prefix = isolatedPrefix();
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const unreachable = new Redis({
      host: '127.0.0.1',
      port: closedPort,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const id = await publishEvent(database.db, 'users.user-deleted', { id: 9 });
    const failing = new OutboxRelay({ db: database.db, redis: unreachable, prefix, logger });
    await expect(failing.flush()).rejects.toThrow();
    const { rows } = await sql<{ published: boolean }>`
      SELECT published_at IS NOT NULL AS published FROM outbox WHERE id = ${id}`.execute(database.db);
    expect(rows[0]?.published).toBe(false);
    unreachable.disconnect();

    const relay = new OutboxRelay({ db: database.db, redis, prefix, logger });
    expect(await relay.flush()).toBe(1);
    const [[, fields] = ['', []]] = await redis.xrange(eventStreamKey(prefix, 'users.user-deleted'), '-', '+');
    expect(JSON.parse(fields[1] ?? '{}')).toMatchObject({ id, type: 'users.user-deleted', data: { id: 9 } });
  });

  it('sends at once when nudged, without waiting for the next poll', async () => {
    const prefix = isolatedPrefix();
    const relay = new OutboxRelay({ db: database.db, redis, prefix, logger, pollMs: 60_000 });
    const early = await publishEvent(database.db, 'users.user-deleted', { id: 11 });
    relay.start();
    try {
      // The first poll sends what was there at start; after that only the nudge can send within 2 s.
      await waitFor(
        async () => {
          const { rows } = await sql<{ published: boolean }>`
            SELECT published_at IS NOT NULL AS published FROM outbox WHERE id = ${early}`.execute(database.db);
          return rows[0]?.published;
        },
        { what: 'the first poll' },
      );
      const id = await publishEvent(database.db, 'users.user-deleted', { id: 10 });
      relay.nudge();
      await waitFor(
        async () => {
          const { rows } = await sql<{ published: boolean }>`
            SELECT published_at IS NOT NULL AS published FROM outbox WHERE id = ${id}`.execute(database.db);
          return rows[0]?.published;
        },
        { timeoutMs: 2_000, what: 'the nudged relay' },
      );
    } finally {
      await relay.stop();
    }
  });
});

describe('event consumer', () => {
  it('delivers each stream in the order events were published', async () => {
    const prefix = isolatedPrefix();
    for (let lessonId = 1; lessonId <= 30; lessonId += 1) {
      await database.db.transaction().execute(async (trx) => {
        await publishEvent(trx, 'courses.lesson-completed', lessonCompleted(lessonId));
        if (lessonId % 3 === 0) await publishEvent(trx, 'courses.lesson-uncompleted', lessonCompleted(lessonId));
      });
    }
    expect(await new OutboxRelay({ db: database.db, redis, prefix, logger, batchSize: 7 }).flush()).toBe(40);

    const completed: number[] = [];
    const uncompleted: number[] = [];
    started(
      new EventConsumer({
        ...fast,
        batchSize: 4,
        redis,
        prefix,
        group: 'progress',
        logger,
        handlers: {
          'courses.lesson-completed': (data) => {
            completed.push(data.lessonId);
          },
          'courses.lesson-uncompleted': (data) => {
            uncompleted.push(data.lessonId);
          },
        },
      }),
    );
    await waitFor(() => completed.length === 30 && uncompleted.length === 10, { what: 'all 40 events' });
    expect(completed).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(uncompleted).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30]);
  });

  it('applies an event delivered twice once (PostgreSQL idempotency)', async () => {
    const prefix = isolatedPrefix();
    const twice = envelope('users.user-deleted', { id: 11 });
    const sentinel = envelope('users.user-deleted', { id: 12 });
    await new RedisStreamsTransport({ redis, prefix }).append([twice, twice, sentinel]);
    started(
      new EventConsumer({
        ...fast,
        redis,
        prefix,
        group: 'pg-once',
        logger,
        db: database.db,
        handlers: {
          'users.user-deleted': async (_data, { event, trx }) => {
            await trx.insertInto('effects').values({ event_id: event.id, note: 'pg-once' }).execute();
          },
        },
      }),
    );
    await waitFor(async () => (await effectCount(sentinel.id)) === 1, { what: 'the sentinel event' });
    expect(await effectCount(twice.id)).toBe(1);
    expect(await pendingCount(prefix, 'users.user-deleted', 'pg-once')).toBe(0);
  });

  it('applies an event delivered twice once (Redis idempotency)', async () => {
    const prefix = isolatedPrefix();
    const twice = envelope('users.user-deleted', { id: 13 });
    const sentinel = envelope('users.user-deleted', { id: 14 });
    await new RedisStreamsTransport({ redis, prefix }).append([twice, twice, sentinel]);
    const handled: string[] = [];
    started(
      new EventConsumer({
        ...fast,
        redis,
        prefix,
        group: 'redis-once',
        logger,
        handlers: {
          'users.user-deleted': (_data, { event }) => {
            handled.push(event.id);
          },
        },
      }),
    );
    await waitFor(() => handled.includes(sentinel.id), { what: 'the sentinel event' });
    expect(handled).toEqual([twice.id, sentinel.id]);
    expect(await redis.exists(`${prefix}processed:redis-once:${twice.id}`)).toBe(1);
    expect(await redis.ttl(`${prefix}processed:redis-once:${twice.id}`)).toBeGreaterThan(6 * 24 * 3600);
    expect(await pendingCount(prefix, 'users.user-deleted', 'redis-once')).toBe(0);
  });

  it('retries a failed handler by reclaiming the entry; the failed attempt leaves no trace', async () => {
    const prefix = isolatedPrefix();
    const event = envelope('users.user-deleted', { id: 15 });
    await new RedisStreamsTransport({ redis, prefix }).append([event]);
    let attempts = 0;
    started(
      new EventConsumer({
        ...fast,
        redis,
        prefix,
        group: 'flaky',
        logger,
        db: database.db,
        handlers: {
          'users.user-deleted': async (_data, { event: current, trx }) => {
            attempts += 1;
            await trx
              .insertInto('effects')
              .values({ event_id: current.id, note: `attempt ${attempts}` })
              .execute();
            if (attempts === 1) throw new Error('temporary failure');
          },
        },
      }),
    );
    await waitFor(async () => attempts === 2 && (await pendingCount(prefix, 'users.user-deleted', 'flaky')) === 0, {
      what: 'the retried delivery',
    });
    const notes = await database.db.selectFrom('effects').select('note').where('event_id', '=', event.id).execute();
    expect(notes).toEqual([{ note: 'attempt 2' }]);
  });

  it('parks undecodable and invalid entries in the dead-letter stream without calling the handler', async () => {
    const prefix = isolatedPrefix();
    const stream = eventStreamKey(prefix, 'users.user-deleted');
    const invalid = envelope('users.user-deleted', { id: 'not a number' });
    await redis.xadd(stream, '*', 'envelope', JSON.stringify(invalid));
    await redis.xadd(stream, '*', 'envelope', '{not json');
    const valid = envelope('users.user-deleted', { id: 16 });
    await new RedisStreamsTransport({ redis, prefix }).append([valid]);
    const handled: string[] = [];
    started(
      new EventConsumer({
        ...fast,
        redis,
        prefix,
        group: 'strict',
        logger,
        handlers: {
          'users.user-deleted': (_data, { event }) => {
            handled.push(event.id);
          },
        },
      }),
    );
    await waitFor(() => handled.length === 1, { what: 'the valid event' });
    expect(handled).toEqual([valid.id]);
    const dead = await deadLetters(prefix, 'users.user-deleted');
    expect(dead.map((entry) => entry.error)).toEqual([
      expect.stringMatching(/^invalid users.user-deleted data: id:/),
      'payload is not JSON',
    ]);
    expect(dead[0]).toMatchObject({ group: 'strict', deliveries: '1', envelope: JSON.stringify(invalid) });
    expect(await pendingCount(prefix, 'users.user-deleted', 'strict')).toBe(0);
  });

  it('moves an event whose handler keeps failing to dead letters after maxDeliveries attempts', async () => {
    const prefix = isolatedPrefix();
    const poison = envelope('users.user-deleted', { id: 17 });
    await new RedisStreamsTransport({ redis, prefix }).append([poison]);
    let attempts = 0;
    const handled: string[] = [];
    started(
      new EventConsumer({
        blockMs: 50,
        reclaimIdleMs: 150,
        maxDeliveries: 3,
        redis,
        prefix,
        group: 'doomed',
        logger,
        handlers: {
          'users.user-deleted': (_data, { event }) => {
            if (event.id !== poison.id) {
              handled.push(event.id);
              return;
            }
            attempts += 1;
            throw new Error('boom');
          },
        },
      }),
    );
    const [dead] = await waitFor(async () => {
      const entries = await deadLetters(prefix, 'users.user-deleted');
      return entries.length > 0 ? entries : null;
    });
    expect(attempts).toBe(3);
    expect(dead).toMatchObject({ error: 'handler failed 3 times: boom', deliveries: '3', group: 'doomed' });
    expect(JSON.parse(dead?.envelope ?? '{}')).toMatchObject({ id: poison.id });
    expect(await pendingCount(prefix, 'users.user-deleted', 'doomed')).toBe(0);
    // Nothing pending means nothing left to reclaim; a later event handled shows the consumer still reads.
    const later = envelope('users.user-deleted', { id: 19 });
    await new RedisStreamsTransport({ redis, prefix }).append([later]);
    await waitFor(() => handled.includes(later.id), { what: 'the later event' });
    expect(attempts).toBe(3);
  });

  it('parks an entry whose consumers kept dying before acknowledging it, without running the handler again', async () => {
    const prefix = isolatedPrefix();
    const stream = eventStreamKey(prefix, 'users.user-deleted');
    const event = envelope('users.user-deleted', { id: 18 });
    await new RedisStreamsTransport({ redis, prefix }).append([event]);
    // Five members took the entry and died holding it.
    await redis.xgroup('CREATE', stream, 'crash-loop', '0');
    const read = (await redis.xreadgroup('GROUP', 'crash-loop', 'ghost', 'COUNT', 1, 'STREAMS', stream, '>')) as [
      string,
      [string, string[]][],
    ][];
    const entryId = read[0]?.[1][0]?.[0] ?? '';
    await redis.xclaim(stream, 'crash-loop', 'ghost', 0, entryId, 'RETRYCOUNT', 5);
    let attempts = 0;
    started(
      new EventConsumer({
        blockMs: 50,
        reclaimIdleMs: 100,
        redis,
        prefix,
        group: 'crash-loop',
        logger,
        handlers: {
          'users.user-deleted': () => {
            attempts += 1;
          },
        },
      }),
    );
    const [dead] = await waitFor(async () => {
      const entries = await deadLetters(prefix, 'users.user-deleted');
      return entries.length > 0 ? entries : null;
    });
    expect(dead).toMatchObject({ entryId, deliveries: '6', error: 'delivered 6 times without being acknowledged' });
    expect(attempts).toBe(0);
    expect(await pendingCount(prefix, 'users.user-deleted', 'crash-loop')).toBe(0);
  });

  it('forgets processed event ids older than processedTtlSeconds', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await sql`INSERT INTO processed_events (consumer, event_id, processed_at)
      VALUES ('pruning', ${old}, now() - interval '8 days'), ('pruning', ${recent}, now() - interval '1 day')`.execute(
      database.db,
    );
    started(
      new EventConsumer({
        ...fast,
        redis,
        prefix: isolatedPrefix(),
        group: 'pruning',
        logger,
        db: database.db,
        handlers: { 'users.user-deleted': () => {} },
      }),
    );
    const remaining = await waitFor(async () => {
      const { rows } = await sql<{ event_id: string }>`
        SELECT event_id FROM processed_events WHERE consumer = 'pruning'`.execute(database.db);
      return rows.length === 1 ? rows : null;
    });
    expect(remaining).toEqual([{ event_id: recent }]);
  });

  it('stops promptly while waiting for entries and closes its blocking connection', async () => {
    const prefix = isolatedPrefix();
    const consumer = new EventConsumer({
      redis,
      prefix,
      group: 'idle',
      consumer: 'idle-member',
      logger,
      blockMs: 300,
      handlers: { 'users.user-deleted': () => {} },
    });
    consumer.start();
    await waitFor(async () => String(await redis.client('LIST')).includes('name=events:idle-member'));
    const before = Date.now();
    await consumer.stop();
    expect(Date.now() - before).toBeLessThan(1_000);
    await waitFor(async () => !String(await redis.client('LIST')).includes('name=events:idle-member'), {
      timeoutMs: 1_000,
      what: 'the blocking connection to close',
    });
  });
});

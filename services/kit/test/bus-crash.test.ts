import { type ChildProcess, spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { EventConsumer, eventStreamKey, OutboxRelay, publishEvent } from '../src/bus';
import { createTestDatabase, createTestRedis, type TestDatabase, waitFor } from '../src/testing';
import { type EffectsSchema, effectsMigrations, silentLogger as logger } from './support';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/hanging-consumer.ts', import.meta.url));

let database: TestDatabase<EffectsSchema>;
let redis: Redis;
let redisUrl: string;
let prefix: string;
let child: ChildProcess | undefined;
let survivor: EventConsumer<EffectsSchema> | undefined;

beforeAll(async () => {
  database = await createTestDatabase<EffectsSchema>(await effectsMigrations(), 'kit_bus_crash');
  ({ redis, prefix, url: redisUrl } = createTestRedis());
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await survivor?.stop();
  await database.drop();
  redis.disconnect();
});

/** Resolves with the process's stdout once it contains `text`. */
function stdoutContains(proc: ChildProcess, text: string, stderr: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`child never printed "${text}"; stdout: ${output}; stderr: ${stderr()}`)),
      15_000,
    );
    proc.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}) early; stdout: ${output}; stderr: ${stderr()}`));
    });
  });
}

describe('a consumer killed while handling an event', () => {
  it('leaves the entry pending; another member reclaims it and it takes effect exactly once', async () => {
    const group = 'crash-test';
    const stream = eventStreamKey(prefix, 'users.user-deleted');
    const eventId = await publishEvent(database.db, 'users.user-deleted', { id: 42 });
    expect(await new OutboxRelay({ db: database.db, redis, prefix, logger }).flush()).toBe(1);

    let stderr = '';
    child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, BUS_PREFIX: prefix, BUS_GROUP: group },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const killed = new Promise<NodeJS.Signals | null>((resolve) =>
      child?.once('exit', (_code, signal) => resolve(signal)),
    );
    await stdoutContains(child, `handling ${eventId}`, () => stderr);

    // Read by the child, neither committed nor acknowledged.
    const pending = (await redis.xpending(stream, group, '-', '+', 10)) as [string, string, number, number][];
    expect(pending).toHaveLength(1);
    expect(pending[0]?.[1]).toBe(`${group}-${hostname()}-${child.pid}`);
    expect(pending[0]?.[3]).toBe(1);

    child.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');
    child = undefined;

    const handledHere: string[] = [];
    survivor = new EventConsumer({
      redis,
      prefix,
      group,
      consumer: 'survivor',
      logger,
      db: database.db,
      reclaimIdleMs: 300,
      blockMs: 100,
      handlers: {
        'users.user-deleted': async (_data, { event, trx }) => {
          handledHere.push(event.id);
          await trx.insertInto('effects').values({ event_id: event.id, note: 'survivor' }).execute();
        },
      },
    });
    survivor.start();

    await waitFor(async () => ((await redis.xpending(stream, group)) as [number])[0] === 0, {
      timeoutMs: 10_000,
      what: 'the survivor to reclaim and acknowledge the entry',
    });
    const effects = await database.db.selectFrom('effects').select(['event_id', 'note']).execute();
    expect(effects).toEqual([{ event_id: eventId, note: 'survivor' }]);
    expect(handledHere).toEqual([eventId]);
    const processed = await sql<{ count: number }>`
      SELECT count(*) AS count FROM processed_events WHERE consumer = ${group} AND event_id = ${eventId}`.execute(
      database.db,
    );
    expect(processed.rows[0]?.count).toBe(1);
  }, 30_000);
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deadLetterStreamKey, eventStreamKey } from '../src/bus/redis-streams';
import { listDeadLetters, purgeDeadLetters, readDeadLetters, replayDeadLetters } from '../src/dead-letters';
import { createRedis, type Redis } from '../src/redis';
import { testInfra } from '../src/testing';

let redis: Redis;
const prefix = `t${randomBytes(4).toString('hex')}:`;

/** Parks an entry the way the transport does (redis-streams.ts deadLetter). */
async function park(topic: string, envelope: string, error: string): Promise<string> {
  const id = await redis.xadd(
    deadLetterStreamKey(prefix, topic),
    '*',
    'envelope',
    envelope,
    'group',
    'users',
    'consumer',
    'c1',
    'entryId',
    '1-0',
    'deliveries',
    '5',
    'error',
    error,
    'failedAt',
    new Date().toISOString(),
  );
  return id as string;
}

beforeAll(() => {
  redis = createRedis(testInfra().redisUrl, 'dead-letters-test');
});

afterAll(async () => {
  await redis.quit();
});

describe('dead-letter commands', () => {
  it('lists, inspects, replays one onto its topic and purges the rest', async () => {
    const first = await park('auth.signed-in', '{"id":"e1"}', 'handler failed 5 times: boom');
    const second = await park('auth.signed-in', '{"id":"e2"}', 'undecodable');
    await park('courses.lesson-completed', '{"id":"e3"}', 'boom');

    expect(await listDeadLetters(redis, prefix)).toEqual([
      { topic: 'auth.signed-in', count: 2 },
      { topic: 'courses.lesson-completed', count: 1 },
    ]);
    const letters = await readDeadLetters(redis, prefix, 'auth.signed-in');
    expect(letters.map((l) => [l.id, l.group, l.error, l.deliveries, l.envelope])).toEqual([
      [first, 'users', 'handler failed 5 times: boom', 5, '{"id":"e1"}'],
      [second, 'users', 'undecodable', 5, '{"id":"e2"}'],
    ]);

    expect(await replayDeadLetters(redis, prefix, 'auth.signed-in', [first])).toBe(1);
    const replayed = await redis.xrange(eventStreamKey(prefix, 'auth.signed-in'), '-', '+');
    expect(replayed.map(([, fields]) => fields)).toEqual([['envelope', '{"id":"e1"}']]);
    expect((await readDeadLetters(redis, prefix, 'auth.signed-in')).map((l) => l.id)).toEqual([second]);

    expect(await purgeDeadLetters(redis, prefix, 'auth.signed-in', 'all')).toBe(1);
    expect(await purgeDeadLetters(redis, prefix, 'courses.lesson-completed', ['0-1'])).toBe(0);
    expect(await listDeadLetters(redis, prefix)).toEqual([
      { topic: 'auth.signed-in', count: 0 },
      { topic: 'courses.lesson-completed', count: 1 },
    ]);
  });
});

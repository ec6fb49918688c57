import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventData, User } from '@rainmakers/contracts';
import { createLogger, EventConsumer } from '@rainmakers/kit';
import { createTestRedis, waitFor } from '@rainmakers/kit/testing';
import { createTag, createUser, type Harness, startHarness } from './helpers';

type Received =
  | { type: 'users.user-changed'; data: EventData<'users.user-changed'> }
  | { type: 'users.user-deleted'; data: EventData<'users.user-deleted'> };

describe('events on the bus', () => {
  let h: Harness;
  let consumer: EventConsumer;
  const received: Received[] = [];
  const { redis } = createTestRedis();

  beforeAll(async () => {
    h = await startHarness();
    consumer = new EventConsumer({
      redis,
      prefix: h.users.redisPrefix,
      group: 'users-test-listener',
      logger: createLogger('test', 'silent'),
      blockMs: 100,
      handlers: {
        'users.user-changed': (data) => {
          received.push({ type: 'users.user-changed', data });
        },
        'users.user-deleted': (data) => {
          received.push({ type: 'users.user-deleted', data });
        },
      },
    });
    await consumer.start();
  });
  afterAll(async () => {
    await consumer.stop();
    await h.stop();
    await redis.quit();
  });

  it('relays changes of a person, in order and with growing versions, then their deletion', async () => {
    const tag = await createTag(h, 'Bus Tag');
    const person: User = await createUser(h, { fullName: 'On The Bus' });
    await h.api.post(h.admin, '/api/user/upsert', { id: person.id, Tags: [tag.id] });
    await h.api.post(h.admin, '/api/user/upgrade-role', { users: [person.id], newRole: 'premium' });
    await h.api.del(h.admin, `/api/user/${person.id}`);

    const mine = await waitFor(() => {
      const events = received.filter((e) => e.data.id === person.id);
      return events.some((e) => e.type === 'users.user-deleted') ? events : undefined;
    });
    const changes = mine.filter((e) => e.type === 'users.user-changed').map((e) => e.data);
    expect(changes.map((c) => [c.role, c.tagNames])).toEqual([
      ['basic', []],
      ['basic', ['Bus Tag']],
      ['premium', ['Bus Tag']],
    ]);
    const versions = changes.map((c) => c.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    expect(new Set(versions).size).toBe(versions.length);
    expect(mine.at(-1)).toEqual({ type: 'users.user-deleted', data: { id: person.id } });

    const { rows } = await h.users.database.pool.query(
      'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL',
    );
    expect(rows[0].n).toBe(0);
  });
});

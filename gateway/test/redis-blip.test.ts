/**
 * A Redis blip at the gateway: while its Redis connection fails, a session or access profile this process checked
 * within REDIS_OUTAGE_GRACE_MS is answered from that check; one never checked, or checked longer ago, is asked of
 * auth/users as before (here nothing listens there, so 503). The real test Redis, then a connection to it closed.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { type AccessProfile, type SessionRecord, sessionCacheKey } from '@rainmakers/contracts';
import { createInternalClient, createLogger, createRequestRedis, type HttpError, type Redis } from '@rainmakers/kit';
import { TEST_SECRET, testInfra, waitFor } from '@rainmakers/kit/testing';
import { ProfileStore } from '../src/profile-cache';
import { SessionStore } from '../src/session';

const logger = createLogger('gateway-test', 'silent');
const nowhere = createInternalClient({ baseUrl: 'http://127.0.0.1:9', service: 'gateway', secret: TEST_SECRET });
const prefix = `blip${Date.now()}:`;
const connections: Redis[] = [];

async function connectedRedis(): Promise<Redis> {
  const redis = createRequestRedis(testInfra().redisUrl, 'gateway-blip-test');
  redis.on('error', () => {});
  connections.push(redis);
  await waitFor(async () => redis.status === 'ready');
  return redis;
}

afterEach(() => {
  for (const redis of connections.splice(0)) if (redis.status !== 'end') redis.disconnect();
});

const session = (userId: number): SessionRecord => ({
  userId,
  actingRole: null,
  impersonatorId: null,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  idleExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

const profile = (userId: number): AccessProfile => ({
  userId,
  email: `p${userId}@example.test`,
  role: 'premium',
  tagIds: [],
  tagNames: [],
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  version: 1,
});

const unavailable = expect.objectContaining({ status: 503 }) as unknown as HttpError;

describe('SessionStore during a Redis blip', () => {
  const store = (redis: Redis, outageGraceMs: number) =>
    new SessionStore({ redis, prefix, auth: nowhere, logger, localTtlMs: 0, recacheMaxSeconds: 60, outageGraceMs });

  it('answers a session checked within the grace from that check, and asks auth for any other', async () => {
    const redis = await connectedRedis();
    await redis.set(sessionCacheKey(prefix, 'sid-a'), JSON.stringify(session(11)), 'EX', 60);
    const sessions = store(redis, 400);
    expect(await sessions.get('sid-a')).toMatchObject({ userId: 11 });
    redis.disconnect();
    expect(await sessions.get('sid-a')).toMatchObject({ userId: 11 });
    await expect(sessions.get('sid-never-checked')).rejects.toEqual(unavailable);
    // Past the grace: asked of auth again (unreachable here).
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(sessions.get('sid-a')).rejects.toEqual(unavailable);
  });

  it('keeps a revoked session revoked during the blip, and with no grace asks auth at once', async () => {
    const redis = await connectedRedis();
    await redis.set(sessionCacheKey(prefix, 'sid-r'), JSON.stringify({ revoked: true }), 'EX', 60);
    await redis.set(sessionCacheKey(prefix, 'sid-b'), JSON.stringify(session(12)), 'EX', 60);
    const sessions = store(redis, 5000);
    const strict = store(redis, 0);
    expect(await sessions.get('sid-r')).toBeNull();
    expect(await strict.get('sid-b')).toMatchObject({ userId: 12 });
    redis.disconnect();
    expect(await sessions.get('sid-r')).toBeNull();
    await expect(strict.get('sid-b')).rejects.toEqual(unavailable);
  });
});

describe('ProfileStore during a Redis blip', () => {
  it('answers a profile loaded within the grace from that load, and asks users for any other', async () => {
    const redis = await connectedRedis();
    const profiles = new ProfileStore({
      redis,
      prefix,
      users: nowhere,
      logger,
      localTtlMs: 0,
      ttlSeconds: 60,
      outageGraceMs: 5000,
    });
    await profiles.write(profile(21));
    expect(await profiles.get(21)).toMatchObject({ userId: 21, role: 'premium' });
    redis.disconnect();
    expect(await profiles.get(21)).toMatchObject({ userId: 21, role: 'premium' });
    await expect(profiles.get(22)).rejects.toEqual(unavailable);
  });
});

describe('Redis back but empty, auth or users unreachable', () => {
  it('answers a session and a profile checked within the grace from that check', async () => {
    const redis = await connectedRedis();
    await redis.set(sessionCacheKey(prefix, 'sid-e'), JSON.stringify(session(31)), 'EX', 60);
    const sessions = new SessionStore({
      redis,
      prefix,
      auth: nowhere,
      logger,
      localTtlMs: 0,
      recacheMaxSeconds: 60,
      outageGraceMs: 5000,
    });
    expect(await sessions.get('sid-e')).toMatchObject({ userId: 31 });
    // Redis restarted without its data: the mirror is gone, and auth does not answer.
    await redis.del(sessionCacheKey(prefix, 'sid-e'));
    expect(await sessions.get('sid-e')).toMatchObject({ userId: 31 });
    await expect(sessions.get('sid-other')).rejects.toEqual(unavailable);
  });
});

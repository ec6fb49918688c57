/**
 * The Redis side of the session and profile caches, against the real test Redis. No service is behind them
 * here: a call to one would fail with 503, so every answer below comes from Redis alone.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AccessProfile, SessionRecord } from '@rainmakers/contracts';
import { createInternalClient, createLogger, type Redis } from '@rainmakers/kit';
import { createTestRedis, TEST_SECRET } from '@rainmakers/kit/testing';
import { ProfileStore, profileCacheKey } from '../src/profile-cache';
import { SessionStore } from '../src/session';

let redis: Redis;
let prefix: string;
const logger = createLogger('gateway-test', 'silent');
const nowhere = createInternalClient({ baseUrl: 'http://127.0.0.1:9', service: 'gateway', secret: TEST_SECRET });

beforeAll(() => {
  ({ redis, prefix } = createTestRedis());
});
afterAll(async () => {
  await redis.quit();
});

const profile = (userId: number, version: number, changes: Partial<AccessProfile> = {}): AccessProfile => ({
  userId,
  role: 'basic',
  tagIds: [],
  tagNames: [],
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  email: `person${userId}@example.com`,
  version,
  ...changes,
});

describe('ProfileStore', () => {
  const store = () => new ProfileStore({ redis, prefix, users: nowhere, logger, localTtlMs: 0, ttlSeconds: 60 });

  it('never replaces a newer profile with an older or equal one', async () => {
    const profiles = store();
    expect(await profiles.write(profile(1, 2, { role: 'premium' }))).toBe(true);
    expect(await profiles.write(profile(1, 1, { role: 'basic' }))).toBe(false);
    expect(await profiles.write(profile(1, 2, { role: 'coach' }))).toBe(false);
    expect(await profiles.get(1)).toMatchObject({ version: 2, role: 'premium' });
    expect(await profiles.write(profile(1, 3, { stripeStatus: 'past_due' }))).toBe(true);
    expect(await profiles.get(1)).toMatchObject({ version: 3, stripeStatus: 'past_due' });
    expect(await redis.ttl(profileCacheKey(prefix, 1))).toBeGreaterThan(50);
  });

  it('reads again a profile cached before it carried the e-mail, and replaces it at the same version', async () => {
    const profiles = store();
    const { email: _email, ...old } = profile(14, 5);
    await redis.set(profileCacheKey(prefix, 14), JSON.stringify(old), 'EX', 60);
    // A miss: users is asked (and is not there here).
    await expect(profiles.get(14)).rejects.toMatchObject({ status: 503 });
    expect(await profiles.write(profile(14, 5))).toBe(true);
    expect(await profiles.get(14)).toMatchObject({ version: 5, email: 'person14@example.com' });
    expect(await profiles.write(profile(14, 5, { role: 'coach' }))).toBe(false);
  });

  it('keeps a deleted account deleted, whatever arrives later', async () => {
    const profiles = store();
    await profiles.write(profile(2, 1));
    await profiles.remove(2);
    expect(await profiles.get(2)).toBeNull();
    expect(await profiles.write(profile(2, 99))).toBe(false);
    expect(await profiles.get(2)).toBeNull();
  });

  it('answers from the in-process cache until it expires or an event evicts it', async () => {
    const profiles = new ProfileStore({ redis, prefix, users: nowhere, logger, localTtlMs: 60_000, ttlSeconds: 60 });
    await profiles.write(profile(3, 1));
    expect(await profiles.get(3)).toMatchObject({ version: 1 });
    await redis.set(profileCacheKey(prefix, 3), JSON.stringify(profile(3, 5, { role: 'coach' })));
    expect(await profiles.get(3)).toMatchObject({ version: 1 });
    await profiles.write(profile(3, 6, { role: 'admin' }));
    expect(await profiles.get(3)).toMatchObject({ version: 6, role: 'admin' });
  });

  it('asks users on a miss (503 when users is down)', async () => {
    await expect(store().get(4)).rejects.toMatchObject({ status: 503 });
  });
});

describe('SessionStore', () => {
  const store = () => new SessionStore({ redis, prefix, auth: nowhere, logger, localTtlMs: 0, recacheMaxSeconds: 60 });
  const record = (changes: Partial<SessionRecord> = {}): SessionRecord => ({
    userId: 1,
    actingRole: null,
    impersonatorId: null,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    idleExpiresAt: new Date(Date.now() + 60_000).toISOString(),
    ...changes,
  });

  it('reads a live session from its Redis mirror', async () => {
    await redis.set(`${prefix}session:live`, JSON.stringify(record({ actingRole: 'basic' })));
    expect(await store().get('live')).toMatchObject({ userId: 1, actingRole: 'basic' });
  });

  it('treats the revocation marker and an expired record as no session', async () => {
    await redis.set(`${prefix}session:revoked`, JSON.stringify({ revoked: true }));
    expect(await store().get('revoked')).toBeNull();
    await redis.set(
      `${prefix}session:old`,
      JSON.stringify(record({ expiresAt: new Date(Date.now() - 1).toISOString() })),
    );
    expect(await store().get('old')).toBeNull();
  });

  it('treats a session idle past its idle end as no session, even before its absolute end', async () => {
    await redis.set(
      `${prefix}session:idle`,
      JSON.stringify(record({ idleExpiresAt: new Date(Date.now() - 1).toISOString() })),
    );
    expect(await store().get('idle')).toBeNull();
  });

  it('asks auth on a miss (503 when auth is down)', async () => {
    await expect(store().get('unknown')).rejects.toMatchObject({ status: 503 });
  });
});

/**
 * A rotation of SESSION_SECRET at the gateway: a cookie signed with the previous secret still opens its session and
 * comes back signed with the current one (with its CSRF token), and a gateway without the previous secret refuses
 * the old cookie but takes the re-signed one. Sessions and profiles are written to the gateway's Redis mirror, as
 * auth and users do; the page asked is the gateway's own (the API reference, admins only).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AccessProfile, SessionRecord } from '@rainmakers/contracts';
import { csrfTokenFor, type Redis, readCookie, signSessionToken, verifySessionToken } from '@rainmakers/kit';
import { createTestRedis } from '@rainmakers/kit/testing';
import { profileCacheKey } from '../src/profile-cache';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

const OLD = 'o'.repeat(32);
const NEW = 'n'.repeat(32);
const REMOVED = 'r'.repeat(32);
let rotating: GatewayForTest;
let rotated: GatewayForTest;
let redis: Redis;
let prefix: string;

beforeAll(async () => {
  ({ redis, prefix } = createTestRedis());
  rotating = await startGatewayForTest({
    upstreams: {},
    redisPrefix: prefix,
    sessionSecret: NEW,
    env: { SESSION_SECRET_PREVIOUS: OLD },
  });
  rotated = await startGatewayForTest({ upstreams: {}, redisPrefix: prefix, sessionSecret: NEW });
});

afterAll(async () => {
  await rotating?.stop();
  await rotated?.stop();
  await redis?.quit();
});

/** An admin's live session in the mirror; its cookie's token signed with `secret`. */
async function adminSession(userId: number, secret: string) {
  const sid = randomBytes(12).toString('hex');
  const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
  const record: SessionRecord = {
    userId,
    actingRole: null,
    impersonatorId: null,
    expiresAt: expiresAt.toISOString(),
    idleExpiresAt: expiresAt.toISOString(),
    secondFactor: true,
  };
  const profile: AccessProfile = {
    userId,
    role: 'admin',
    tagIds: [],
    tagNames: [],
    stripeStatus: 'active',
    alwaysGrantAccess: false,
    email: `admin${userId}@example.com`,
    version: 1,
  };
  await redis.set(`${prefix}session:${sid}`, JSON.stringify(record));
  await redis.set(profileCacheKey(prefix, userId), JSON.stringify(profile));
  return { sid, expiresAt, token: signSessionToken({ id: sid, userId, expiresAt }, secret) };
}

/** GET the admins' page with a session token; a 503 (Redis slow on a loaded machine, auth absent) is asked again. */
async function docsWith(gateway: GatewayForTest, token: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${gateway.url}/api/docs`, { headers: { cookie: `rm_session=${token}` } });
    if (response.status !== 503 || attempt === 3) return response;
    await response.arrayBuffer();
  }
}

const setCookie = (response: Response, name: string) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

describe('rotating SESSION_SECRET', () => {
  it('keeps a session signed with the previous secret, and hands its browser a cookie signed with the current', async () => {
    const session = await adminSession(301, OLD);
    const answer = await docsWith(rotating, session.token);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    const resigned = setCookie(answer, 'rm_session');
    expect(resigned).toMatch(/; HttpOnly; SameSite=Lax$/);
    expect(resigned).toContain(`Expires=${session.expiresAt.toUTCString()}`);
    const token = readCookie(resigned, 'rm_session') ?? '';
    expect(verifySessionToken(token, NEW)).toEqual({
      sid: session.sid,
      userId: 301,
      expiresAt: session.expiresAt,
      previousKey: false,
    });
    expect(readCookie(setCookie(answer, 'rm_csrf'), 'rm_csrf')).toBe(csrfTokenFor(session.sid, NEW));

    // Once the previous secret is removed: the old cookie signs nobody in, the re-signed one still does.
    const old = await docsWith(rotated, session.token);
    expect(old.status).toBe(401);
    await old.arrayBuffer();
    const kept = await docsWith(rotated, token);
    expect(kept.status).toBe(200);
    await kept.arrayBuffer();
  });

  it('leaves a cookie of the current secret alone, and refuses one of a secret it does not hold', async () => {
    const current = await adminSession(302, NEW);
    const answer = await docsWith(rotating, current.token);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    expect(setCookie(answer, 'rm_session')).toBeUndefined();

    const foreign = await adminSession(303, REMOVED);
    const refused = await docsWith(rotating, foreign.token);
    expect(refused.status).toBe(401);
    await refused.arrayBuffer();
    expect(setCookie(refused, 'rm_session')).toBeUndefined();
  });
});

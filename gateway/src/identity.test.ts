import { describe, expect, it } from '@jest/globals';
import type { AccessProfile, SessionRecord } from '@rainmakers/contracts';
import { TEST_SECRET } from '@rainmakers/kit/testing';
import jwt from 'jsonwebtoken';
import {
  ActorTokenCache,
  buildActor,
  forwardedFor,
  isIdentityHeader,
  requestIdFrom,
  stripIncomingHeaders,
} from './identity';

const profile: AccessProfile = {
  userId: 7,
  role: 'admin',
  tagIds: [1, 2],
  tagNames: ['VIP', 'Coaching'],
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  email: 'ada@example.com',
  version: 3,
};
// An admin's session: she signed in with her second factor.
const session: SessionRecord = {
  userId: 7,
  actingRole: null,
  impersonatorId: null,
  expiresAt: '2999-01-01T00:00:00.000Z',
  idleExpiresAt: '2999-01-01T00:00:00.000Z',
  secondFactor: true,
};
const passwordOnly: SessionRecord = { ...session, secondFactor: false };
const ADMINS_ONLY = { requiredForCoaches: false };
const COACHES_TOO = { requiredForCoaches: true };

describe('buildActor', () => {
  it('uses the account role when no role is switched', () => {
    expect(buildActor('sid1', session, profile, ADMINS_ONLY)).toEqual({
      userId: 7,
      sessionId: 'sid1',
      role: 'admin',
      accountRole: 'admin',
      isAdmin: false,
      tagIds: [1, 2],
      tagNames: ['VIP', 'Coaching'],
      stripeStatus: 'active',
      alwaysGrantAccess: false,
      impersonatorId: null,
      createdAt: '2025-03-01T10:00:00.000Z',
      email: 'ada@example.com',
      secondFactor: true,
      withheldRole: null,
    });
  });

  it('carries whether the session passed the second factor', () => {
    expect(buildActor('s', session, profile, ADMINS_ONLY).secondFactor).toBe(true);
    expect(buildActor('s', passwordOnly, profile, ADMINS_ONLY).secondFactor).toBe(false);
  });

  it('withholds a staff role from a session that has not passed the second factor, switched role included', () => {
    for (const from of [passwordOnly, { ...passwordOnly, actingRole: 'coach' as const }]) {
      expect(buildActor('s', from, profile, ADMINS_ONLY)).toMatchObject({
        role: 'basic',
        accountRole: 'basic',
        isAdmin: false,
        withheldRole: 'admin',
      });
    }
    const coach = { ...profile, role: 'coach' as const };
    expect(buildActor('s', passwordOnly, coach, ADMINS_ONLY)).toMatchObject({ role: 'coach', withheldRole: null });
    expect(buildActor('s', passwordOnly, coach, COACHES_TOO)).toMatchObject({ role: 'basic', withheldRole: 'coach' });
    expect(buildActor('s', session, coach, COACHES_TOO)).toMatchObject({ role: 'coach', withheldRole: null });
    const member = { ...profile, role: 'premium' as const };
    expect(buildActor('s', passwordOnly, member, COACHES_TOO)).toMatchObject({ role: 'premium', withheldRole: null });
  });

  it('carries null for createdAt from a profile cached before the field existed', () => {
    const { createdAt: _createdAt, ...oldProfile } = profile;
    expect(buildActor('s', session, oldProfile, ADMINS_ONLY).createdAt).toBeNull();
    const { email: _email, ...withoutEmail } = profile;
    expect(buildActor('s', session, withoutEmail, ADMINS_ONLY).email).toBeNull();
  });

  it('acts in the switched role and flags the admin', () => {
    const actor = buildActor('sid1', { ...session, actingRole: 'basic' }, profile, ADMINS_ONLY);
    expect(actor).toMatchObject({ role: 'basic', accountRole: 'admin', isAdmin: true });
  });

  it('carries the impersonating admin', () => {
    expect(buildActor('s', { ...session, impersonatorId: 1 }, profile, ADMINS_ONLY).impersonatorId).toBe(1);
  });
});

describe('ActorTokenCache', () => {
  it('mints a verifiable token and reuses it for the same session, version and role', () => {
    const cache = new ActorTokenCache(TEST_SECRET, ADMINS_ONLY);
    const token = cache.tokenFor('sid1', session, profile);
    expect(cache.tokenFor('sid1', session, profile)).toBe(token);
    const claims = jwt.verify(token, TEST_SECRET, { audience: 'rainmakers-services' }) as {
      actor: { userId: number; createdAt: string };
      exp: number;
      iat: number;
    };
    expect(claims.actor.userId).toBe(7);
    expect(claims.actor.createdAt).toBe('2025-03-01T10:00:00.000Z');
    expect(claims.exp - claims.iat).toBe(60);
  });

  it('mints anew when the profile version or acting role changes', () => {
    const cache = new ActorTokenCache(TEST_SECRET, ADMINS_ONLY);
    const token = cache.tokenFor('sid1', session, profile);
    const actorOf = (t: string) => (jwt.decode(t) as { actor: { role: string; sessionId: string } }).actor;
    // A newer profile (the role changed with it) is never served from an older version's token.
    expect(actorOf(cache.tokenFor('sid1', session, { ...profile, role: 'coach', version: 4 })).role).toBe('coach');
    expect(actorOf(cache.tokenFor('sid1', { ...session, actingRole: 'basic' }, profile)).role).toBe('basic');
    expect(actorOf(cache.tokenFor('sid2', session, profile)).sessionId).toBe('sid2');
    expect(cache.tokenFor('sid1', session, profile)).toBe(token);
  });
});

describe('incoming headers', () => {
  it('drops identity claims and hop-by-hop headers, keeps the rest', () => {
    const headers: Record<string, string> = {
      'x-internal-token': 'forged',
      'x-user-id': '1',
      'x-user-role': 'admin',
      'x-forwarded-user': 'admin',
      'x-actor': '{}',
      'remote-user': 'admin',
      connection: 'close',
      'content-type': 'application/json',
      cookie: 'a=b',
      'x-request-id': 'r1',
      'x-csrf-token': 't',
    };
    stripIncomingHeaders(headers);
    expect(headers).toEqual({
      'content-type': 'application/json',
      cookie: 'a=b',
      'x-request-id': 'r1',
      'x-csrf-token': 't',
    });
  });

  it('recognises identity headers in any case', () => {
    expect(isIdentityHeader('X-Internal-Token')).toBe(true);
    expect(isIdentityHeader('X-User-Email')).toBe(true);
    expect(isIdentityHeader('x-requested-with')).toBe(false);
  });

  it('keeps a sane request id and replaces anything else', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom('x'.repeat(101))).not.toBe('x'.repeat(101));
    expect(requestIdFrom('bad id\n')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('builds X-Forwarded-For from the trusted chain and the peer', () => {
    expect(forwardedFor([], '10.0.0.5')).toBe('10.0.0.5');
    expect(forwardedFor(['1.2.3.4'], '127.0.0.1')).toBe('1.2.3.4, 127.0.0.1');
  });
});

import { describe, expect, it } from '@jest/globals';
import { readCookie, signSessionToken, verifySessionToken } from '@rainmakers/kit';
import jwt from 'jsonwebtoken';
import {
  idleExpiry,
  isSessionLive,
  isTouchDue,
  newSessionExpiry,
  newSessionId,
  sessionCookieOptions,
  sessionExpiry,
  toSessionRecord,
} from './sessions';

const SECRET = 'unit-test-session-secret-0123456789';

describe('sessions', () => {
  it('have 32 random bytes of base64url as id', () => {
    const id = newSessionId();
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(newSessionId()).not.toBe(id);
  });

  it('last 30 days and are live until expired or revoked', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const expiresAt = sessionExpiry(now);
    expect(expiresAt.toISOString()).toBe('2025-01-31T00:00:00.000Z');
    const lastSeenAt = now;
    expect(isSessionLive({ expiresAt, lastSeenAt, revokedAt: null }, now)).toBe(true);
    expect(isSessionLive({ expiresAt, lastSeenAt, revokedAt: now }, now)).toBe(false);
    expect(isSessionLive({ expiresAt, lastSeenAt: expiresAt, revokedAt: null }, expiresAt)).toBe(false);
  });

  it('end after 7 idle days, even within the 30 days; a touch moves the idle end', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const expiresAt = sessionExpiry(now);
    expect(idleExpiry(now).toISOString()).toBe('2025-01-08T00:00:00.000Z');
    const eightDaysLater = new Date('2025-01-09T00:00:00Z');
    expect(isSessionLive({ expiresAt, lastSeenAt: now, revokedAt: null }, eightDaysLater)).toBe(false);
    expect(
      isSessionLive({ expiresAt, lastSeenAt: new Date('2025-01-05T00:00:00Z'), revokedAt: null }, eightDaysLater),
    ).toBe(true);
  });

  it('are touched at most every 5 minutes', () => {
    const lastSeen = new Date('2025-01-01T00:00:00Z');
    expect(isTouchDue(lastSeen, new Date('2025-01-01T00:04:59Z'))).toBe(false);
    expect(isTouchDue(lastSeen, new Date('2025-01-01T00:05:00Z'))).toBe(true);
  });

  it('last an hour when an admin signs in as someone', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(newSessionExpiry(now, true).toISOString()).toBe('2025-01-01T01:00:00.000Z');
    expect(newSessionExpiry(now, false).toISOString()).toBe('2025-01-31T00:00:00.000Z');
  });

  it('mirror only what the gateway needs', () => {
    const expiresAt = new Date('2025-01-31T00:00:00Z');
    const record = toSessionRecord({
      id: 'sid',
      userId: 4,
      actingRole: 'basic',
      impersonatorId: 1,
      createdAt: new Date(),
      expiresAt,
      lastSeenAt: new Date('2025-01-20T00:00:00Z'),
      revokedAt: null,
      authentication: 'password+totp',
    });
    expect(record).toEqual({
      userId: 4,
      actingRole: 'basic',
      impersonatorId: 1,
      expiresAt: expiresAt.toISOString(),
      idleExpiresAt: '2025-01-27T00:00:00.000Z',
      secondFactor: true,
    });
  });

  it('travel as a JWT {sid, sub} that expires with the session', () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const token = signSessionToken({ id: 'the-sid', userId: 42, expiresAt }, SECRET);
    const decoded = jwt.decode(token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
    expect(decoded?.payload).toMatchObject({ sid: 'the-sid', sub: '42', exp: Math.floor(expiresAt.getTime() / 1000) });
    expect(verifySessionToken(token, SECRET)).toEqual({
      sid: 'the-sid',
      userId: 42,
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000),
      previousKey: false,
    });
  });

  it('pass with the previous secret during a rotation, marked so, and not once it is removed', () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const previous = 'the-previous-secret-0123456789';
    const token = signSessionToken({ id: 'the-sid', userId: 42, expiresAt }, previous);
    expect(verifySessionToken(token, { current: SECRET, previous })).toMatchObject({
      sid: 'the-sid',
      previousKey: true,
    });
    expect(verifySessionToken(token, { current: SECRET })).toBe(null);
    const current = signSessionToken({ id: 'the-sid', userId: 42, expiresAt }, SECRET);
    expect(verifySessionToken(current, { current: SECRET, previous })).toMatchObject({ previousKey: false });
  });

  it('refuse a token signed with another secret, expired, or with another algorithm', () => {
    const expiresAt = new Date(Date.now() + 60_000);
    expect(
      verifySessionToken(signSessionToken({ id: 's', userId: 1, expiresAt }, 'another-secret-0123456789'), SECRET),
    ).toBe(null);
    const expired = signSessionToken({ id: 's', userId: 1, expiresAt: new Date(Date.now() - 1000) }, SECRET);
    expect(verifySessionToken(expired, SECRET)).toBe(null);
    const none = jwt.sign({ sid: 's', sub: '1' }, '', { algorithm: 'none' });
    expect(verifySessionToken(none, SECRET)).toBe(null);
    expect(verifySessionToken('garbage', SECRET)).toBe(null);
  });

  it('set an httpOnly, SameSite=Lax cookie on /, Secure only over https', () => {
    expect(sessionCookieOptions('http://localhost:8080')).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: '/',
    });
    expect(sessionCookieOptions('https://app.example.com').secure).toBe(true);
  });

  it('read their cookie from a Cookie header', () => {
    expect(readCookie('a=1; rm_session=abc.def; b=2', 'rm_session')).toBe('abc.def');
    expect(readCookie('rm_session="quoted"', 'rm_session')).toBe('quoted');
    expect(readCookie('x_rm_session=1', 'rm_session')).toBeUndefined();
    expect(readCookie(undefined, 'rm_session')).toBeUndefined();
  });
});

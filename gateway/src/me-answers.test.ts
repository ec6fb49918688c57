import { describe, expect, it } from '@jest/globals';
import { type AccessProfile, PERSON_VERSION_HEADER, type SessionRecord } from '@rainmakers/contracts';
import { actorKey } from './identity';
import { replayable } from './me-answers';

describe('which answers of auth the gateway may replay', () => {
  const ok = { 'content-type': 'application/json; charset=utf-8', [PERSON_VERSION_HEADER]: '7' };

  it('keeps a plain 200 built from a copy of the person at least as new as the profile', () => {
    expect(replayable(200, ok, 7)).toBe(true);
    expect(replayable(200, ok, 6)).toBe(true);
  });

  it('never keeps an answer built from an older copy, or one that does not say which', () => {
    expect(replayable(200, ok, 8)).toBe(false);
    expect(replayable(200, { 'content-type': 'application/json' }, 0)).toBe(false);
    expect(replayable(200, { ...ok, [PERSON_VERSION_HEADER]: 'seven' }, 0)).toBe(false);
    expect(replayable(200, { ...ok, [PERSON_VERSION_HEADER]: '' }, 0)).toBe(false);
  });

  it('never keeps errors, cookies or encoded bodies', () => {
    expect(replayable(503, ok, 7)).toBe(false);
    expect(replayable(304, ok, 7)).toBe(false);
    expect(replayable(200, { ...ok, 'set-cookie': ['rm_csrf=x'] }, 7)).toBe(false);
    expect(replayable(200, { ...ok, 'content-encoding': 'gzip' }, 7)).toBe(false);
  });
});

describe('actorKey', () => {
  const session: SessionRecord = {
    userId: 5,
    actingRole: null,
    impersonatorId: null,
    expiresAt: '2030-01-01T00:00:00.000Z',
    idleExpiresAt: '2030-01-01T00:00:00.000Z',
  };
  const profile: AccessProfile = {
    userId: 5,
    role: 'admin',
    tagIds: [],
    tagNames: [],
    stripeStatus: null,
    alwaysGrantAccess: false,
    version: 3,
  };
  const key = actorKey('sid', session, profile);

  it('changes with the session, the profile version, the displayed role and the admin behind a sign-in-as', () => {
    expect(actorKey('other', session, profile)).not.toBe(key);
    expect(actorKey('sid', session, { ...profile, version: 4 })).not.toBe(key);
    expect(actorKey('sid', { ...session, actingRole: 'basic' }, profile)).not.toBe(key);
    expect(actorKey('sid', { ...session, impersonatorId: 9 }, profile)).not.toBe(key);
  });

  it('stays the same when only the session ends move (a touch)', () => {
    expect(actorKey('sid', { ...session, idleExpiresAt: '2031-01-01T00:00:00.000Z' }, profile)).toBe(key);
  });
});

import { describe, expect, it } from '@jest/globals';
import { relativeDate, signInState } from './signInStatus';

const now = new Date('2026-11-26T12:00:00Z');

describe('signInState', () => {
  it('shows the last sign-in when there is one, whatever the invitation', () => {
    expect(signInState('2026-11-01T00:00:00Z', '2026-11-23T12:00:00Z', now)).toMatchObject({
      kind: 'signed-in',
      text: 'Last sign-in 3 days ago',
    });
  });
  it('shows the invitation date for an invited person who never signed in', () => {
    expect(signInState('2026-11-20T12:00:00Z', null, now)).toMatchObject({
      kind: 'invited',
      text: 'Invited Nov 20, 2026',
    });
  });
  it('says never signed in otherwise', () => {
    expect(signInState(null, null, now)).toMatchObject({ kind: 'never', text: 'Never signed in' });
    expect(signInState(undefined, undefined, now).text).toBe('Never signed in');
  });
});

describe('relativeDate', () => {
  it('reads like a person would say it', () => {
    expect(relativeDate('2026-11-26T11:59:30Z', now)).toBe('just now');
    expect(relativeDate('2026-11-26T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeDate('2026-11-25T12:00:00Z', now)).toBe('yesterday');
    expect(relativeDate('2026-09-26T12:00:00Z', now)).toBe('2 months ago');
  });
});

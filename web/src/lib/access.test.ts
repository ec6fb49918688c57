import { describe, expect, it } from '@jest/globals';
import * as contracts from '@rainmakers/contracts';
import { sessionAbilities } from '@rainmakers/contracts/access';
import {
  type AccessUser,
  decideAccess,
  isMoveTheNeedleHidden,
  isSubscriptionBlocked,
  MEMBERSHIP_CUTOFF_DATE,
  PUBLIC_ROUTE,
  ROLES,
  roleOrTagFits,
} from './access';
import { ACCESS } from './routes';

function person(overrides: Partial<AccessUser> = {}): AccessUser {
  return {
    role: 'basic',
    stripeStatus: 'active',
    alwaysGrantAccess: false,
    createdAt: '2024-06-01T12:00:00.000Z',
    Tags: [],
    ...overrides,
  };
}

describe('shared rules', () => {
  it("are the contracts package's own (no copies in the web)", () => {
    expect(ROLES).toBe(contracts.ROLES);
    expect(isSubscriptionBlocked).toBe(contracts.isSubscriptionBlocked);
    expect(PUBLIC_ROUTE).toBe(contracts.PUBLIC_ROUTE);
    expect(MEMBERSHIP_CUTOFF_DATE).toBe(contracts.MEMBERSHIP_CUTOFF_DATE);
  });

  it('the own-board route follows canHaveOwnBoard for every role on both sides of the cut-off', () => {
    for (const role of ROLES) {
      for (const createdAt of ['2024-06-01T12:00:00.000Z', '2025-03-01T00:00:00.000Z']) {
        const user = person({ role, createdAt });
        expect(decideAccess(user, ACCESS.ownBoard).kind === 'allow').toBe(contracts.canHaveOwnBoard(user));
      }
    }
  });
});

describe('decideAccess, in the spec order', () => {
  it('1. nobody signed in goes to sign in, whatever the route', () => {
    expect(decideAccess(null, ACCESS.member)).toEqual({ kind: 'sign-in' });
    expect(decideAccess(null, ACCESS.blocked)).toEqual({ kind: 'sign-in' });
  });

  it.each(['unpaid', 'incomplete', 'incomplete_expired', 'past_due'])('2. %s goes to /blocked', (stripeStatus) => {
    expect(decideAccess(person({ stripeStatus }), ACCESS.member)).toEqual({ kind: 'blocked' });
    // even admins, and before hidden routes or role checks
    expect(decideAccess(person({ stripeStatus, role: 'admin' }), ACCESS.admin)).toEqual({ kind: 'blocked' });
  });

  it('2. alwaysGrantAccess overrides a blocking status', () => {
    expect(decideAccess(person({ stripeStatus: 'past_due', alwaysGrantAccess: true }), ACCESS.member)).toEqual({
      kind: 'allow',
    });
  });

  it('2. the blocked page itself stays reachable while blocked', () => {
    expect(decideAccess(person({ stripeStatus: 'unpaid' }), ACCESS.blocked)).toEqual({ kind: 'allow' });
  });

  it('3. a hidden route wins over role checks', () => {
    const newPremium = person({ role: 'premium', createdAt: '2025-03-01T00:00:00Z' });
    expect(decideAccess(newPremium, ACCESS.ownBoard)).toEqual({ kind: 'hidden' });
  });

  it('4. public routes open to every role', () => {
    for (const role of ROLES) expect(decideAccess(person({ role }), ACCESS.member).kind).toBe('allow');
  });

  it('4. staff routes: admin and coach', () => {
    expect(ROLES.filter((role) => decideAccess(person({ role }), ACCESS.staff).kind === 'allow')).toEqual([
      'admin',
      'coach',
    ]);
    expect(decideAccess(person({ role: 'premium' }), ACCESS.staff)).toEqual({ kind: 'members-only' });
  });

  it('4. admin routes: admins only', () => {
    expect(ROLES.filter((role) => decideAccess(person({ role }), ACCESS.admin).kind === 'allow')).toEqual(['admin']);
  });

  it('4. a required tag opens a route without the role', () => {
    expect(decideAccess(person(), ACCESS.nova)).toEqual({ kind: 'members-only' });
    expect(decideAccess(person({ Tags: [{ id: 3, name: 'nova' }] }), ACCESS.nova)).toEqual({ kind: 'allow' });
    expect(decideAccess(person({ Tags: [{ id: 3, name: ' Nova ' }] }), ACCESS.nova)).toEqual({ kind: 'allow' });
    expect(decideAccess(person({ Tags: [{ id: 4, name: 'teller' }] }), ACCESS.nova)).toEqual({ kind: 'members-only' });
    expect(decideAccess(person({ role: 'admin' }), ACCESS.nova)).toEqual({ kind: 'allow' });
  });

  it('4. own board: admin, coach, premium; another member board: coach (and admin)', () => {
    const own = ROLES.filter((role) => decideAccess(person({ role }), ACCESS.ownBoard).kind === 'allow');
    expect(own).toEqual(['admin', 'coach', 'premium']);
    const other = ROLES.filter((role) => decideAccess(person({ role }), ACCESS.otherBoard).kind === 'allow');
    expect(other).toEqual(['admin', 'coach']);
  });
});

describe('roleOrTagFits', () => {
  it('admins always pass, even a route listing no roles', () => {
    expect(roleOrTagFits(person({ role: 'admin' }), { roles: [] })).toBe(true);
  });
  it('no roles and no tags: nobody else passes', () => {
    expect(roleOrTagFits(person({ role: 'coach' }), { roles: [] })).toBe(false);
  });
});

describe('Move the Needle cut-off (premium accounts created on or after 2025-02-13 UTC)', () => {
  it('hides the board for new premium accounts only', () => {
    expect(isMoveTheNeedleHidden(person({ role: 'premium', createdAt: '2025-02-12T23:59:59.999Z' }))).toBe(false);
    expect(isMoveTheNeedleHidden(person({ role: 'premium', createdAt: '2025-02-13T00:00:00.000Z' }))).toBe(true);
    expect(isMoveTheNeedleHidden(person({ role: 'premium', createdAt: '2026-01-01T00:00:00.000Z' }))).toBe(true);
    expect(isMoveTheNeedleHidden(person({ role: 'coach', createdAt: '2026-01-01T00:00:00.000Z' }))).toBe(false);
    expect(isMoveTheNeedleHidden(person({ role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' }))).toBe(false);
  });
  it('keeps the board when the creation date cannot be read', () => {
    expect(isMoveTheNeedleHidden(person({ role: 'premium', createdAt: 'not a date' }))).toBe(false);
  });
});

describe('the role switcher (sessionAbilities().switchRole, from auth)', () => {
  it('admin accounts in a session that passed the second factor, also while previewing another role', () => {
    const passed = { accountRole: 'admin' as const, secondFactor: true };
    expect(sessionAbilities({ role: 'admin' }, passed).switchRole).toBe(true);
    expect(sessionAbilities({ role: 'basic' }, passed).switchRole).toBe(true);
    expect(sessionAbilities({ role: 'admin' }, { accountRole: 'admin', secondFactor: false }).switchRole).toBe(false);
    expect(sessionAbilities({ role: 'coach' }, { accountRole: 'coach', secondFactor: true }).switchRole).toBe(false);
    expect(sessionAbilities({ role: 'admin' }).switchRole).toBe(false);
  });
});

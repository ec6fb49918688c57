import { describe, expect, it } from '@jest/globals';
import { ROLES, type Role } from '@rainmakers/contracts';
import { canReturnFromSignInAs, canSignInAs, canSwitchRole } from './policies';

const actor = (accountRole: Role, impersonatorId: number | null = null) => ({ userId: 7, accountRole, impersonatorId });

describe('auth policies', () => {
  it.each(ROLES)('sign in as: only an admin account (%s)', (role) => {
    expect(canSignInAs(actor(role))).toBe(role === 'admin');
  });

  it('sign in as: not from a signed-in-as session, even when the person signed in as is an admin', () => {
    expect(canSignInAs(actor('admin', 1))).toBe(false);
  });

  it.each(ROLES)('return from sign in as: only a signed-in-as session (%s)', (role) => {
    expect(canReturnFromSignInAs(actor(role, 1))).toBe(true);
    expect(canReturnFromSignInAs(actor(role))).toBe(false);
  });

  it.each(ROLES)('switch role: only an admin account (%s)', (role) => {
    expect(canSwitchRole(actor(role))).toBe(role === 'admin');
  });

  it('switch role follows the account role, not the displayed one', () => {
    expect(canSwitchRole({ userId: 1, accountRole: 'admin', impersonatorId: null })).toBe(true);
    expect(canSwitchRole({ userId: 1, accountRole: 'basic', impersonatorId: null })).toBe(false);
  });
});

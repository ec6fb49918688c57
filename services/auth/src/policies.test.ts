import { describe, expect, it } from '@jest/globals';
import { ROLES, type Role } from '@rainmakers/contracts';
import {
  canCloseOwnAccount,
  canManageOwnSecondFactor,
  canResetSecondFactor,
  canReturnFromSignInAs,
  canSignInAs,
  canSwitchRole,
} from './policies';

const actor = (accountRole: Role, impersonatorId: number | null = null, secondFactor = true) => ({
  userId: 7,
  accountRole,
  impersonatorId,
  secondFactor,
});

describe('auth policies', () => {
  it.each(ROLES)('sign in as: only an admin account (%s)', (role) => {
    expect(canSignInAs(actor(role))).toBe(role === 'admin');
  });

  it('sign in as: not from a signed-in-as session, even when the person signed in as is an admin', () => {
    expect(canSignInAs(actor('admin', 1))).toBe(false);
  });

  it('sign in as and role switches need a session that passed the second factor', () => {
    expect(canSignInAs(actor('admin', null, false))).toBe(false);
    expect(canSwitchRole(actor('admin', null, false))).toBe(false);
  });

  it.each(ROLES)('return from sign in as: only a signed-in-as session (%s)', (role) => {
    expect(canReturnFromSignInAs(actor(role, 1))).toBe(true);
    expect(canReturnFromSignInAs(actor(role))).toBe(false);
  });

  it.each(ROLES)('switch role: only an admin account (%s)', (role) => {
    expect(canSwitchRole(actor(role))).toBe(role === 'admin');
  });

  it('switch role follows the account role, not the displayed one', () => {
    expect(canSwitchRole({ userId: 1, accountRole: 'admin', impersonatorId: null, secondFactor: true })).toBe(true);
    expect(canSwitchRole({ userId: 1, accountRole: 'basic', impersonatorId: null, secondFactor: true })).toBe(false);
  });

  it('own second factor: anyone, never through a sign-in-as', () => {
    expect(canManageOwnSecondFactor(actor('basic'))).toBe(true);
    expect(canManageOwnSecondFactor(actor('basic', 1))).toBe(false);
  });

  it.each(ROLES)("reset another person's second factor: an admin with a second factor, not her own (%s)", (role) => {
    expect(canResetSecondFactor(actor(role), 8)).toBe(role === 'admin');
    expect(canResetSecondFactor(actor(role), 7)).toBe(false);
    expect(canResetSecondFactor(actor(role, null, false), 8)).toBe(false);
    expect(canResetSecondFactor(actor(role, 1), 8)).toBe(false);
  });

  it('close her own account: anyone, never through a sign-in-as', () => {
    for (const role of ROLES) expect(canCloseOwnAccount(actor(role))).toBe(true);
    expect(canCloseOwnAccount(actor('premium', 1))).toBe(false);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { Actor, Role } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import { canBuyFor, canOpenPortal, canSeePayment, canSyncWithStripe } from './policies';

const actor = (role: Role, userId = 10): Actor => buildActor(role, { userId });

const ROLES = ALL_ROLES;

describe('billing policies', () => {
  it.each(ROLES)('%s: portal of their own customer yes, of another person only as admin', (role) => {
    expect(canOpenPortal(actor(role), 10)).toBe(true);
    expect(canOpenPortal(actor(role), 11)).toBe(role === 'admin');
    expect(canOpenPortal(actor(role), null)).toBe(role === 'admin');
  });

  it.each(ROLES)('%s: sync with Stripe only as admin', (role) => {
    expect(canSyncWithStripe(actor(role))).toBe(role === 'admin');
  });

  it.each(ROLES)('%s: buys and checks payments only for themselves', (role) => {
    expect(canBuyFor(actor(role), 10)).toBe(true);
    expect(canBuyFor(actor(role), 11)).toBe(false);
    expect(canSeePayment(actor(role), 10)).toBe(true);
    expect(canSeePayment(actor(role), 11)).toBe(false);
    expect(canSeePayment(actor(role), null)).toBe(false);
  });
});

import { z } from 'zod';

/** Membership roles, highest powers first. */
export const ROLES = ['admin', 'coach', 'premium', 'course only', 'basic'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Marker for routes open to every signed-in person. */
export const PUBLIC_ROUTE = 'public' as const;

/** Payment-provider subscription statuses that block access unless alwaysGrantAccess is set. */
export const BLOCKING_STRIPE_STATUSES = ['unpaid', 'incomplete', 'incomplete_expired', 'past_due'] as const;

export const STRIPE_STATUSES = [
  'active',
  'trialing',
  'canceled',
  'paused',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'past_due',
] as const;

export function isBlockingStripeStatus(status: string | null | undefined): boolean {
  return !!status && (BLOCKING_STRIPE_STATUSES as readonly string[]).includes(status);
}

/** Whether a person with this payment status and override may use members' areas. */
export function isSubscriptionBlocked(person: { stripeStatus: string | null; alwaysGrantAccess: boolean }): boolean {
  return !person.alwaysGrantAccess && isBlockingStripeStatus(person.stripeStatus);
}

/**
 * The role an admin chose to view the product as. It counts only while the account is still an admin: a session
 * keeps its switched role after a demotion, and must then act with the account's own role.
 */
export function displayedRole(accountRole: Role, actingRole: Role | null): Role | null {
  return accountRole === 'admin' ? actingRole : null;
}

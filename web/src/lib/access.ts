/**
 * Who may open which screen: the spec's "Access to a route, in order" as pure functions, so the route guard and
 * the sidebar decide the same way and the rules can be unit-tested without a browser.
 *
 * Values are mirrored from @rainmakers/contracts instead of imported: importing a value from the contracts package
 * pulls zod (~27 KB gzipped) into the first page load. access.test.ts checks the copies against the contracts.
 */
import type { CurrentUser, Role } from '@rainmakers/contracts';

// The Move the Needle cut-off lives in contracts (zod-free module), shared with the services.
export { isMoveTheNeedleHidden, MEMBERSHIP_CUTOFF_DATE } from '@rainmakers/contracts/board-access';

export const ROLES = ['admin', 'coach', 'premium', 'course only', 'basic'] as const satisfies readonly Role[];

/** Marker for routes open to every signed-in person. */
export const PUBLIC_ROUTE = 'public';

/** Subscription statuses that send a person to /blocked unless alwaysGrantAccess is set. */
export const BLOCKING_STRIPE_STATUSES: readonly string[] = ['unpaid', 'incomplete', 'incomplete_expired', 'past_due'];

/** The fields of the signed-in person that access decisions read. */
export type AccessUser = Pick<CurrentUser, 'role' | 'stripeStatus' | 'alwaysGrantAccess' | 'createdAt' | 'Tags'>;

export type RoleOrPublic = Role | typeof PUBLIC_ROUTE;

export interface RouteAccess {
  /** Roles that may open the route; 'public' opens it to every signed-in person. Admins always pass. */
  roles: readonly RoleOrPublic[];
  /** Holding any one of these tags (by name) opens the route without the role. */
  tags?: readonly string[];
  /** When true for this person, the route is hidden: the browser is sent to the external calendar instead. */
  hidden?: (user: AccessUser) => boolean;
  /** Only /blocked itself: a blocked subscription must not redirect away from the page that explains it. */
  allowBlocked?: boolean;
}

export type AccessDecision =
  | { kind: 'sign-in' }
  | { kind: 'blocked' }
  | { kind: 'hidden' }
  | { kind: 'allow' }
  | { kind: 'members-only' };

export function isSubscriptionBlocked(user: Pick<AccessUser, 'stripeStatus' | 'alwaysGrantAccess'>): boolean {
  return !user.alwaysGrantAccess && !!user.stripeStatus && BLOCKING_STRIPE_STATUSES.includes(user.stripeStatus);
}

function normalizeTag(name: string): string {
  return name.trim().toLowerCase();
}

/** Tag names compare trimmed and case-insensitively, so a tag typed 'Nova' by an admin still opens 'nova' routes. */
export function holdsAnyTag(user: Pick<AccessUser, 'Tags'>, tags: readonly string[] | undefined): boolean {
  if (!tags || tags.length === 0) return false;
  const wanted = new Set(tags.map(normalizeTag));
  return user.Tags.some((tag) => wanted.has(normalizeTag(tag.name)));
}

/** Step 4 of the guard: public, or the role fits (admins always pass), or one of the required tags is held. */
export function roleOrTagFits(user: Pick<AccessUser, 'role' | 'Tags'>, access: Pick<RouteAccess, 'roles' | 'tags'>) {
  if (access.roles.includes(PUBLIC_ROUTE)) return true;
  if (user.role === 'admin') return true;
  if (access.roles.includes(user.role)) return true;
  return holdsAnyTag(user, access.tags);
}

/**
 * The route guard, in the spec's order:
 * 1. no user -> sign in; 2. blocking payment status without alwaysGrantAccess -> /blocked;
 * 3. a hidden route -> external calendar; 4. public, role fits (admins pass) or a required tag -> show;
 * otherwise the members-only notice.
 */
export function decideAccess(user: AccessUser | null, access: RouteAccess): AccessDecision {
  if (!user) return { kind: 'sign-in' };
  if (!access.allowBlocked && isSubscriptionBlocked(user)) return { kind: 'blocked' };
  if (access.hidden?.(user)) return { kind: 'hidden' };
  return roleOrTagFits(user, access) ? { kind: 'allow' } : { kind: 'members-only' };
}

/** Whether the person may switch the displayed role: an admin account, also while previewing another role. */
export function canSwitchRole(user: Pick<CurrentUser, 'role' | 'isAdmin'>): boolean {
  return user.role === 'admin' || user.isAdmin;
}

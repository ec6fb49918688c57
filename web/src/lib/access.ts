/**
 * Who may open which screen: the spec's "Access to a route, in order" as pure functions, so the route guard and
 * the sidebar decide the same way and the rules can be unit-tested without a browser.
 *
 * The values and rules shared with the services come from the zod-free `@rainmakers/contracts/access` and
 * `/board-access` modules (the package root would pull zod into the first page load).
 */
import type { CurrentUser, Role } from '@rainmakers/contracts';
import { isSubscriptionBlocked, PUBLIC_ROUTE } from '@rainmakers/contracts/access';

export { isSubscriptionBlocked, PUBLIC_ROUTE, ROLES } from '@rainmakers/contracts/access';
export {
  canHaveOwnBoard,
  isMoveTheNeedleHidden,
  MEMBERSHIP_CUTOFF_DATE,
  OWN_BOARD_ROLES,
} from '@rainmakers/contracts/board-access';

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

/**
 * Roles, payment-status blocking and what a session may do: the values and rules every side reads (services,
 * gateway, web), written once.
 *
 * No zod and no other import with a runtime cost: the web imports this file (`@rainmakers/contracts/access`) into
 * its first page load (importing the package root would pull zod, ~27 KB gzipped).
 */
import { canHaveOwnBoard } from './board-access';

/** Membership roles, highest powers first. */
export const ROLES = ['admin', 'coach', 'premium', 'course only', 'basic'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

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

/** Whether coaches need a second factor too (`SECOND_FACTOR_REQUIRED_FOR_COACHES`; admins always need one). */
export interface SecondFactorSettings {
  requiredForCoaches: boolean;
}

/** Staff roles whose powers need a session that passed the second factor: admins always, coaches when set. */
export function secondFactorRequired(role: Role, settings: SecondFactorSettings): boolean {
  return role === 'admin' || (role === 'coach' && settings.requiredForCoaches);
}

/**
 * The role a session holds while its account's role needs a second factor the session has not passed: the least
 * of the memberships, so no policy anywhere (today's or a future one) grants it a staff power, and nothing paid
 * opens that the account's tags or purchases do not open anyway. See docs/decisions.md, "Staff powers only with a
 * second factor".
 */
export const WITHHELD_STAFF_STAND_IN_ROLE: Role = 'basic';

/**
 * The one rule for staff powers, applied to every actor the gateway builds, every internal token a service reads
 * and every current user auth presents: the roles a session acts with, given its account role, the role an admin
 * switched to, and whether its sign-in passed the second factor. `withheldRole` names the account role held back
 * (null when nothing is).
 */
export function sessionRoles(
  accountRole: Role,
  actingRole: Role | null,
  passedSecondFactor: boolean,
  settings: SecondFactorSettings,
): { role: Role; accountRole: Role; isAdmin: boolean; withheldRole: Role | null } {
  if (secondFactorRequired(accountRole, settings) && !passedSecondFactor) {
    return {
      role: WITHHELD_STAFF_STAND_IN_ROLE,
      accountRole: WITHHELD_STAFF_STAND_IN_ROLE,
      isAdmin: false,
      withheldRole: accountRole,
    };
  }
  const switchedTo = displayedRole(accountRole, actingRole);
  return { role: switchedTo ?? accountRole, accountRole, isAdmin: switchedTo !== null, withheldRole: null };
}

/**
 * What admin powers over other people's accounts read of a session: the account's own role (not a previewed one),
 * who signed in as the person, and whether the sign-in passed the second factor (absent in older tokens: no).
 */
export interface SessionFacts {
  userId: number;
  accountRole: Role;
  impersonatorId: number | null;
  secondFactor?: boolean | null | undefined;
}

/**
 * An admin resets another person's second factor (a lost phone), from a session that passed the second factor and
 * is not a sign-in-as; never her own (she disables it with her password and a code). Auth guards the action with it
 * (from its own session record); users sends it as the person's `abilities.resetSecondFactor` (from the actor).
 */
export function canResetSecondFactor(session: SessionFacts, targetUserId: number): boolean {
  return (
    session.accountRole === 'admin' &&
    session.impersonatorId === null &&
    session.secondFactor === true &&
    session.userId !== targetUserId
  );
}

/** The roles the community holds: the members' search lists them, and they have a community profile and settings. */
export const COMMUNITY_ROLES: readonly Role[] = ['basic', 'premium'];

export const isCommunityRole = (role: Role): boolean => COMMUNITY_ROLES.includes(role);

/** The two entry-level memberships, offered 'Apply To Upgrade'. */
const UPGRADE_ROLES: readonly Role[] = ['basic', 'course only'];

/**
 * What the signed-in person may see and do across screens, decided from the role they act in (an admin previewing
 * another role gets that role's abilities). Sent by auth with the current user (`can`), so the screens show what the
 * server decided instead of comparing roles themselves.
 */
export interface SessionAbilities {
  /** Admin tools on shared screens: assistant prompts, the hidden add-tags test button, the Master Template name. */
  administer: boolean;
  /** Their own Move the Needle board (the cut-off rule included). */
  haveOwnBoard: boolean;
  /** The dashboard's third column (the board donut or the calendar card): everyone but basic members. */
  seeCoachingColumn: boolean;
  /** 'Apply To Upgrade' offers. */
  seeUpgradeOffer: boolean;
  /** The Product Qualifier's upgrade note (spec part 2: course only). */
  seeQualifierUpgradeNote: boolean;
  /** Her community settings on /profile: the roles the community search lists. */
  joinCommunity: boolean;
}

export function sessionAbilities(person: { role: Role; createdAt?: string | null | undefined }): SessionAbilities {
  return {
    administer: person.role === 'admin',
    haveOwnBoard: canHaveOwnBoard(person),
    seeCoachingColumn: person.role !== 'basic',
    seeUpgradeOffer: UPGRADE_ROLES.includes(person.role),
    seeQualifierUpgradeNote: person.role === 'course only',
    joinCommunity: isCommunityRole(person.role),
  };
}

/**
 * Who may do what in the users service. One function per action; routes throw forbidden() when one
 * says no. "Admin powers" follow the role the person acts in (actor.role), so an admin previewing the
 * product as another role gets that role's powers.
 */
import type { Actor, Role } from '@rainmakers/contracts';
import type { UpsertField } from './domain/users';

const isAdmin = (actor: Actor) => actor.role === 'admin';
const isCoach = (actor: Actor) => actor.role === 'coach';

/** The profile fields a member may change on their own account (the e-mail is read-only). */
export const OWN_PROFILE_FIELDS: readonly UpsertField[] = [
  'fullName',
  'password',
  'city',
  'state',
  'country',
  'phoneNumber',
  'photoUrl',
];

export interface UserListView {
  /** Staff see whole users; other members see the community card (id, name, photo, city, state). */
  presenter: 'full' | 'community';
  /** Roles the person may see; null = every role. */
  roles: readonly Role[] | null;
}

/** Every signed-in person may list people; what they see depends on userListView. */
export const canListUsers = (_actor: Actor) => true;

/** Admins see everyone, coaches see premium users, other members see the basic and premium community. */
export function userListView(actor: Actor): UserListView {
  if (isAdmin(actor)) return { presenter: 'full', roles: null };
  if (isCoach(actor)) return { presenter: 'full', roles: ['premium'] };
  return { presenter: 'community', roles: ['basic', 'premium'] };
}

export const canReadUser = (actor: Actor, userId: number) =>
  isAdmin(actor) || isCoach(actor) || actor.userId === userId;

export const canCreateUser = (actor: Actor) => isAdmin(actor);

/** Whether the person may open an existing user for editing at all (before looking at the fields). */
export const canEditUser = (actor: Actor, userId: number) =>
  isAdmin(actor) || isCoach(actor) || actor.userId === userId;

/**
 * Whether the person may make these changes to an existing user: admins change anything; coaches
 * change other people's tags (never their own: tags open tag-gated courses and tools); a member changes
 * their own profile fields.
 */
export function canUpsertUser(actor: Actor, userId: number, changed: readonly UpsertField[]): boolean {
  if (isAdmin(actor)) return true;
  if (!canEditUser(actor, userId)) return false;
  const allowed = new Set<UpsertField>();
  if (isCoach(actor) && actor.userId !== userId) allowed.add('Tags');
  if (actor.userId === userId) for (const field of OWN_PROFILE_FIELDS) allowed.add(field);
  return changed.every((field) => allowed.has(field));
}

/** Admins delete anyone but themselves. */
export const canDeleteUser = (actor: Actor, userId: number) => isAdmin(actor) && actor.userId !== userId;

export const canChangeRoles = (actor: Actor) => isAdmin(actor);

export const canAddTags = (actor: Actor) => isAdmin(actor);

export const canReadTags = (actor: Actor) => isAdmin(actor) || isCoach(actor);

export const canManageTags = (actor: Actor) => isAdmin(actor);

/**
 * Whether a change needs the person's current password: changing one's own password (profile, or an admin's
 * own row). Admins setting someone else's password do not know it (that person's sessions all end instead).
 */
export function needsCurrentPassword(actor: Actor, userId: number, changed: readonly UpsertField[]): boolean {
  return actor.userId === userId && changed.includes('password');
}

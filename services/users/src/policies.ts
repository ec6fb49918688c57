/**
 * Who may do what in the users service. One function per action; routes answer 404 when canReadUser says
 * no (hidden means missing) and 403 when another one does. "Admin powers" follow the role the person acts in (actor.role), so an admin previewing the
 * product as another role gets that role's powers.
 */
import {
  type Actor,
  COMMUNITY_ROLES,
  canResetSecondFactor,
  type MemberOverviewPart,
  memberOverviewParts,
  type Role,
  type UserAbilities,
  type UserListAbilities,
} from '@rainmakers/contracts';
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
  'theme',
  'timeZone',
];

export interface UserListView {
  /** Staff see whole users; other members see the community card (id, name, photo, city, state). */
  presenter: 'full' | 'community';
  /** Roles the person may see; null = every role. */
  roles: readonly Role[] | null;
  /** May filter and sort by payment status (Sub. Problems, Payment problems): admins (not coaches). */
  paymentFilters: boolean;
}

/** Every signed-in person may list people; what they see depends on userListView. */
export const canListUsers = (_actor: Actor) => true;

/** Admins see everyone, coaches see premium users, other members see the basic and premium community. */
export function userListView(actor: Actor): UserListView {
  if (isAdmin(actor)) return { presenter: 'full', roles: null, paymentFilters: true };
  if (isCoach(actor)) return { presenter: 'full', roles: ['premium'], paymentFilters: false };
  return { presenter: 'community', roles: COMMUNITY_ROLES, paymentFilters: false };
}

/**
 * The mention picker (spec part 1 §7: "The coach picker uses usersPerPage 50 and filter role coach"):
 * a basic or premium member who asks for coaches alone gets them as contacts (presentCoachContact: id, name and
 * e-mail). Any other question of a member keeps the community view.
 */
export const canListCoachContacts = (actor: Actor, askedRoles: readonly Role[] | undefined) =>
  (actor.role === 'basic' || actor.role === 'premium') && askedRoles?.length === 1 && askedRoles[0] === 'coach';

/** The person a rule is about: who they are and the role their account holds. */
export interface Person {
  id: number;
  role: Role;
}

/**
 * Whether the person may see this user by id: themselves, and staff the people their list shows (admins
 * everyone, coaches premium members). Anyone else is answered exactly like an unknown id, so ids cannot be probed.
 * Members see each other only as community cards in the list, never the whole record.
 */
export function canReadUser(actor: Actor, user: Person): boolean {
  if (actor.userId === user.id) return true;
  const view = userListView(actor);
  return view.presenter === 'full' && (view.roles === null || view.roles.includes(user.role));
}

export const canCreateUser = (actor: Actor) => isAdmin(actor);

/** Admins (re)send a person's invitation e-mail. */
export const canInviteUser = (actor: Actor) => isAdmin(actor);

/** Staff see when a person was invited and last signed in; members never do, not even their own. */
export const canSeeSignInStatus = (actor: Actor) => isAdmin(actor) || isCoach(actor);

/** Whether the person may open an existing user for editing at all (before looking at the fields). */
export const canEditUser = (actor: Actor, user: Person) =>
  canReadUser(actor, user) && (isAdmin(actor) || isCoach(actor) || actor.userId === user.id);

/**
 * Whether the person may make these changes to an existing user: admins change anything; coaches
 * change the tags of the people they see (never their own: tags open tag-gated courses and tools); a member
 * changes their own profile fields.
 */
export function canUpsertUser(actor: Actor, user: Person, changed: readonly UpsertField[]): boolean {
  if (isAdmin(actor)) return true;
  if (!canEditUser(actor, user)) return false;
  const allowed = new Set<UpsertField>();
  if (isCoach(actor) && actor.userId !== user.id) allowed.add('Tags');
  if (actor.userId === user.id) for (const field of OWN_PROFILE_FIELDS) allowed.add(field);
  return changed.every((field) => allowed.has(field));
}

/** Whether setting this role takes the admin role away (from an admin: nobody could give her own back). */
export const takesAdminRoleAway = (newRole: Role | undefined) => newRole !== undefined && newRole !== 'admin';

/** An admin may not take the admin role away from themselves (nobody could give it back). */
export function removesOwnAdminRole(actor: Actor, targetIds: readonly number[], newRole: Role | undefined): boolean {
  return isAdmin(actor) && takesAdminRoleAway(newRole) && targetIds.includes(actor.userId);
}

/** Admins delete anyone but themselves. */
export const canDeleteUser = (actor: Actor, user: Person) => isAdmin(actor) && actor.userId !== user.id;

/**
 * Role changes, like every admin power, need a session that passed the second factor: the kit gives a session that
 * has not an actor with no staff role (contracts `withSecondFactorRule`), so `isAdmin` already says it.
 */
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

/**
 * Whether the row offers 'Sign in as': auth decides (its canSignInAs: the account is an admin's, not itself a
 * sign-in-as); the same rule here, plus never oneself.
 */
export const canOfferSignInAs = (actor: Actor, user: Person) =>
  actor.accountRole === 'admin' && actor.impersonatorId === null && actor.userId !== user.id;

/** 'Go to board' on premium rows, for the staff who review boards (the board service enforces it). */
export const canOpenBoard = (actor: Actor, user: Person) =>
  (isAdmin(actor) || isCoach(actor)) && user.role === 'premium' && canReadUser(actor, user);

/** Admins use the Options menu (export, imports, bulk updates, sample files, the unpaid filter). */
export const canManageUsers = (actor: Actor) => isAdmin(actor);

/**
 * The table's bulk actions (add or remove a tag, set a role, delete) on a selection or on all matching: admins, as
 * the CSV bulk update and the role change (coaches change one person's tags at a time, on the user form).
 */
export const canRunBulkActions = (actor: Actor) => isAdmin(actor);

/** Admins see the community's numbers over time (GET /api/analytics/overview). */
export const canReadAnalytics = (actor: Actor) => isAdmin(actor);

/** Admins read the audit log (nobody writes it through the API). */
export const canReadAuditLog = (actor: Actor) => isAdmin(actor);

/** Admins look at the job history (imports, bulk updates, Stripe syncs) and download its files. */
export const canReadJobHistory = (actor: Actor) => isAdmin(actor);
/**
 * The member page (GET /api/user/overview/{id}) is for staff, about the people they may read (coaches: premium
 * members); canReadUser answers 404 first, so an id a coach may not see looks missing.
 */
export const canReadMemberOverview = (actor: Actor, user: Person) =>
  (isAdmin(actor) || isCoach(actor)) && canReadUser(actor, user);

/** The member page's parts the person sees (contracts' memberOverviewParts: the gateway gathers the same ones). */
export const memberOverviewPartsFor = (actor: Actor): readonly MemberOverviewPart[] => memberOverviewParts(actor.role);

/** What the person may do with one user record (sent as `abilities`), from the rules above. */
export function userAbilities(actor: Actor, user: Person): UserAbilities {
  return {
    editProfile: canUpsertUser(actor, user, ['fullName']),
    editTags: canUpsertUser(actor, user, ['Tags']),
    changeRole: canUpsertUser(actor, user, ['role']) && !removesOwnAdminRole(actor, [user.id], 'basic'),
    delete: canDeleteUser(actor, user),
    signInAs: canOfferSignInAs(actor, user),
    openBoard: canOpenBoard(actor, user),
    resetSecondFactor: canResetSecondFactor(actor, user.id),
  };
}

/** What the person may do on the user dashboard as a whole. */
export function userListAbilities(actor: Actor): UserListAbilities {
  return { create: canCreateUser(actor), manage: canManageUsers(actor) };
}

/**
 * A community profile: anyone signed in who sees the community list sees the profiles of the basic and
 * premium members in it; a member who left the list is seen by herself only. Everyone else is told "not found".
 */
export function canSeeCommunityProfile(actor: Actor, person: Person & { listed: boolean }): boolean {
  if (actor.userId === person.id) return true;
  if (!person.listed || !COMMUNITY_ROLES.includes(person.role)) return false;
  const view = userListView(actor);
  return view.roles === null || view.roles.includes(person.role);
}

/** Her own community choices: every signed-in person, on her own account only. */
export const canEditCommunitySettings = (_actor: Actor) => true;

/**
 * A person closes her own account (auth has checked her password): any role, except the last admin, who would leave
 * nobody able to run the product. `admins`: every admin account, locked by the caller.
 */
export const canCloseOwnAccount = (person: Pick<Person, 'id' | 'role'>, admins: readonly number[]) =>
  person.role !== 'admin' || admins.some((id) => id !== person.id);

/** Broadcasts (compose, count, send, history, progress): admins only. */
export const canSendBroadcasts = (actor: Actor) => isAdmin(actor);

/** Her own broadcast subscription (the switch on /profile): everyone, for herself. */
export const canEditBroadcastSettings = (_actor: Actor) => true;

import { describe, expect, it } from '@jest/globals';
import type { Role } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import type { UpsertField } from './domain/users';
import {
  canAddTags,
  canChangeRoles,
  canCloseOwnAccount,
  canCreateUser,
  canDeleteUser,
  canEditUser,
  canInviteUser,
  canListCoachContacts,
  canListUsers,
  canManageTags,
  canOfferSignInAs,
  canOpenBoard,
  canReadMemberOverview,
  canReadTags,
  canReadUser,
  canSeeSignInStatus,
  canUpsertUser,
  memberOverviewPartsFor,
  needsCurrentPassword,
  type Person,
  removesOwnAdminRole,
  userAbilities,
  userListAbilities,
  userListView,
} from './policies';

const SELF_ID = 1;
/** Test subjects: the caller themselves (their role does not matter to these rules) and other members. */
const SELF: Person = { id: SELF_ID, role: 'basic' };
const OTHER: Person = { id: 2, role: 'premium' };
const OTHER_BASIC: Person = { id: 3, role: 'basic' };
const OTHER_COACH: Person = { id: 4, role: 'coach' };
const as = (role: Role) => buildActor(role, { userId: SELF_ID });
const yesFor = (...roles: Role[]) => Object.fromEntries(ALL_ROLES.map((r) => [r, roles.includes(r)]));
const matrix = (check: (role: Role) => boolean) => Object.fromEntries(ALL_ROLES.map((r) => [r, check(r)]));

describe('users policies', () => {
  it('opens the member page to staff for the people they may read, and shows coaches no payments or history', () => {
    expect(matrix((r) => canReadMemberOverview(as(r), OTHER))).toEqual(yesFor('admin', 'coach'));
    expect(matrix((r) => canReadMemberOverview(as(r), OTHER_BASIC))).toEqual(yesFor('admin'));
    expect(matrix((r) => canReadMemberOverview(as(r), SELF))).toEqual(yesFor('admin', 'coach'));
    expect(memberOverviewPartsFor(as('admin'))).toEqual(['history', 'purchases', 'courses', 'certificates', 'board']);
    expect(memberOverviewPartsFor(as('coach'))).toEqual(['courses', 'certificates', 'board']);
    expect(memberOverviewPartsFor(as('premium'))).toEqual([]);
  });

  it('lists people for every signed-in role, with a view per role', () => {
    expect(matrix((r) => canListUsers(as(r)))).toEqual(yesFor(...ALL_ROLES));
    expect(userListView(as('admin'))).toEqual({ presenter: 'full', roles: null, paymentFilters: true });
    expect(userListView(as('coach'))).toEqual({ presenter: 'full', roles: ['premium'], paymentFilters: false });
    for (const role of ['premium', 'course only', 'basic'] as const) {
      expect(userListView(as(role))).toEqual({
        presenter: 'community',
        roles: ['basic', 'premium'],
        paymentFilters: false,
      });
    }
  });

  it('reads a user: self, or the people the list shows in full (admin everyone, coach premium members)', () => {
    expect(matrix((r) => canReadUser(as(r), SELF))).toEqual(yesFor(...ALL_ROLES));
    expect(matrix((r) => canReadUser(as(r), OTHER))).toEqual(yesFor('admin', 'coach'));
    expect(matrix((r) => canReadUser(as(r), OTHER_BASIC))).toEqual(yesFor('admin'));
    expect(matrix((r) => canReadUser(as(r), OTHER_COACH))).toEqual(yesFor('admin'));
  });

  it('creates users: admin only', () => {
    expect(matrix((r) => canCreateUser(as(r)))).toEqual(yesFor('admin'));
  });

  it('sends invitations: admin only; sees the sign-in status: staff', () => {
    expect(matrix((r) => canInviteUser(as(r)))).toEqual(yesFor('admin'));
    expect(matrix((r) => canSeeSignInStatus(as(r)))).toEqual(yesFor('admin', 'coach'));
  });

  it('opens a user for editing: admin, coach or themselves', () => {
    expect(matrix((r) => canEditUser(as(r), OTHER))).toEqual(yesFor('admin', 'coach'));
    expect(matrix((r) => canEditUser(as(r), SELF))).toEqual(yesFor(...ALL_ROLES));
    expect(matrix((r) => canEditUser(as(r), OTHER_BASIC))).toEqual(yesFor('admin'));
  });

  it('coaches change tags only of the people they see', () => {
    expect(matrix((r) => canUpsertUser(as(r), OTHER_BASIC, ['Tags']))).toEqual(yesFor('admin'));
  });

  it('stops an admin from removing their own admin role', () => {
    const admin = as('admin');
    expect(removesOwnAdminRole(admin, [SELF_ID, 2], 'basic')).toBe(true);
    expect(removesOwnAdminRole(admin, [2], 'basic')).toBe(false);
    expect(removesOwnAdminRole(admin, [SELF_ID], 'admin')).toBe(false);
    expect(removesOwnAdminRole(admin, [SELF_ID], undefined)).toBe(false);
    expect(removesOwnAdminRole(as('coach'), [SELF_ID], 'basic')).toBe(false);
  });

  it('sends abilities that follow the same rules', () => {
    expect(userAbilities(as('admin'), OTHER)).toEqual({
      editProfile: true,
      editTags: true,
      changeRole: true,
      delete: true,
      signInAs: true,
      openBoard: true,
      resetSecondFactor: true,
    });
    expect(userAbilities(as('admin'), SELF)).toEqual({
      editProfile: true,
      editTags: true,
      changeRole: false,
      delete: false,
      signInAs: false,
      openBoard: false,
      resetSecondFactor: false,
    });
    expect(userAbilities(as('coach'), OTHER)).toEqual({
      editProfile: false,
      editTags: true,
      changeRole: false,
      delete: false,
      signInAs: false,
      openBoard: true,
      resetSecondFactor: false,
    });
    expect(userAbilities(as('basic'), SELF)).toEqual({
      editProfile: true,
      editTags: false,
      changeRole: false,
      delete: false,
      signInAs: false,
      openBoard: false,
      resetSecondFactor: false,
    });
  });

  it('offers sign-in-as as auth allows it: admin accounts, not from a sign-in-as, never oneself', () => {
    expect(matrix((r) => canOfferSignInAs(as(r), OTHER))).toEqual(yesFor('admin'));
    expect(canOfferSignInAs(buildActor('basic', { userId: SELF_ID, accountRole: 'admin', isAdmin: true }), OTHER)).toBe(
      true,
    );
    expect(canOfferSignInAs(buildActor('admin', { userId: SELF_ID, impersonatorId: 9 }), OTHER)).toBe(false);
    expect(canOfferSignInAs(as('admin'), SELF)).toBe(false);
  });

  it('offers the board of premium members to staff, and the dashboard tools to admins', () => {
    expect(matrix((r) => canOpenBoard(as(r), OTHER))).toEqual(yesFor('admin', 'coach'));
    expect(matrix((r) => canOpenBoard(as(r), { id: 3, role: 'basic' }))).toEqual(yesFor());
    expect(matrix((r) => userListAbilities(as(r)).manage)).toEqual(yesFor('admin'));
    expect(matrix((r) => userListAbilities(as(r)).create)).toEqual(yesFor('admin'));
  });

  describe('upsert field rules', () => {
    const cases: { changed: UpsertField[]; own: Role[]; other: Role[] }[] = [
      { changed: [], own: [...ALL_ROLES], other: ['admin', 'coach'] },
      // A coach edits other people's tags, never their own (tags open gated courses).
      { changed: ['Tags'], own: ['admin'], other: ['admin', 'coach'] },
      {
        changed: ['fullName', 'password', 'city', 'state', 'country', 'phoneNumber', 'photoUrl'],
        own: [...ALL_ROLES],
        other: ['admin'],
      },
      // Her time zone is hers to set (or her browser's guess); admins may set anyone's.
      { changed: ['timeZone'], own: [...ALL_ROLES], other: ['admin'] },
      { changed: ['email'], own: ['admin'], other: ['admin'] },
      { changed: ['role'], own: ['admin'], other: ['admin'] },
      { changed: ['alwaysGrantAccess'], own: ['admin'], other: ['admin'] },
      { changed: ['Tags', 'fullName'], own: ['admin'], other: ['admin'] },
      { changed: ['fullName', 'role'], own: ['admin'], other: ['admin'] },
    ];
    it.each(cases)('changing $changed', ({ changed, own, other }) => {
      expect(matrix((r) => canUpsertUser(as(r), SELF, changed))).toEqual(yesFor(...own));
      expect(matrix((r) => canUpsertUser(as(r), OTHER, changed))).toEqual(yesFor(...other));
    });
  });

  it('follows the role an admin acts in, not the account role', () => {
    const previewing = buildActor('basic', { userId: SELF_ID, accountRole: 'admin', isAdmin: true });
    expect(canCreateUser(previewing)).toBe(false);
    expect(canUpsertUser(previewing, OTHER, ['Tags'])).toBe(false);
    expect(canDeleteUser(previewing, OTHER)).toBe(false);
    expect(userListView(previewing).presenter).toBe('community');
  });

  it('deletes users: admin only, never themselves', () => {
    expect(matrix((r) => canDeleteUser(as(r), OTHER))).toEqual(yesFor('admin'));
    expect(matrix((r) => canDeleteUser(as(r), SELF))).toEqual(yesFor());
  });

  it('changes roles and adds tags by e-mail: admin only', () => {
    expect(matrix((r) => canChangeRoles(as(r)))).toEqual(yesFor('admin'));
    expect(matrix((r) => canAddTags(as(r)))).toEqual(yesFor('admin'));
  });

  it('reads tags as admin or coach; manages them as admin', () => {
    expect(matrix((r) => canReadTags(as(r)))).toEqual(yesFor('admin', 'coach'));
    expect(matrix((r) => canManageTags(as(r)))).toEqual(yesFor('admin'));
  });

  it("asks for the current password when anyone changes their own, never for someone else's", () => {
    expect(matrix((r) => needsCurrentPassword(as(r), SELF.id, ['password']))).toEqual(yesFor(...ALL_ROLES));
    expect(matrix((r) => needsCurrentPassword(as(r), SELF.id, ['fullName']))).toEqual(yesFor());
    expect(matrix((r) => needsCurrentPassword(as(r), OTHER.id, ['password']))).toEqual(yesFor());
  });
});

describe('the mention picker', () => {
  it('gives basic and premium members coach contacts when they ask for coaches alone', () => {
    const allowed = ALL_ROLES.filter((role) => canListCoachContacts(buildActor(role), ['coach']));
    expect(allowed).toEqual(['premium', 'basic']);
    expect(canListCoachContacts(buildActor('premium'), ['coach', 'premium'])).toBe(false);
    expect(canListCoachContacts(buildActor('premium'), undefined)).toBe(false);
    expect(canListCoachContacts(buildActor('premium'), ['premium'])).toBe(false);
  });
});

describe('closing her own account', () => {
  it('lets anyone go but the last admin', () => {
    expect(canCloseOwnAccount({ id: 5, role: 'premium' }, [])).toBe(true);
    expect(canCloseOwnAccount({ id: 5, role: 'coach' }, [1])).toBe(true);
    expect(canCloseOwnAccount({ id: 1, role: 'admin' }, [1, 2])).toBe(true);
    expect(canCloseOwnAccount({ id: 1, role: 'admin' }, [1])).toBe(false);
    expect(canCloseOwnAccount({ id: 1, role: 'admin' }, [])).toBe(false);
  });
});

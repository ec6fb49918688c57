import { describe, expect, it } from '@jest/globals';
import type { Role } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import type { UpsertField } from './domain/users';
import {
  canAddTags,
  canChangeRoles,
  canCreateUser,
  canDeleteUser,
  canEditUser,
  canListUsers,
  canManageTags,
  canReadTags,
  canReadUser,
  canUpsertUser,
  needsCurrentPassword,
  userListView,
} from './policies';

const SELF = 1;
const OTHER = 2;
const as = (role: Role) => buildActor(role, { userId: SELF });
const yesFor = (...roles: Role[]) => Object.fromEntries(ALL_ROLES.map((r) => [r, roles.includes(r)]));
const matrix = (check: (role: Role) => boolean) => Object.fromEntries(ALL_ROLES.map((r) => [r, check(r)]));

describe('users policies', () => {
  it('lists people for every signed-in role, with a view per role', () => {
    expect(matrix((r) => canListUsers(as(r)))).toEqual(yesFor(...ALL_ROLES));
    expect(userListView(as('admin'))).toEqual({ presenter: 'full', roles: null });
    expect(userListView(as('coach'))).toEqual({ presenter: 'full', roles: ['premium'] });
    for (const role of ['premium', 'course only', 'basic'] as const) {
      expect(userListView(as(role))).toEqual({ presenter: 'community', roles: ['basic', 'premium'] });
    }
  });

  it('reads a user: self, coach or admin', () => {
    expect(matrix((r) => canReadUser(as(r), SELF))).toEqual(yesFor(...ALL_ROLES));
    expect(matrix((r) => canReadUser(as(r), OTHER))).toEqual(yesFor('admin', 'coach'));
  });

  it('creates users: admin only', () => {
    expect(matrix((r) => canCreateUser(as(r)))).toEqual(yesFor('admin'));
  });

  it('opens a user for editing: admin, coach or themselves', () => {
    expect(matrix((r) => canEditUser(as(r), OTHER))).toEqual(yesFor('admin', 'coach'));
    expect(matrix((r) => canEditUser(as(r), SELF))).toEqual(yesFor(...ALL_ROLES));
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
    const previewing = buildActor('basic', { userId: SELF, accountRole: 'admin', isAdmin: true });
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
    expect(matrix((r) => needsCurrentPassword(as(r), SELF, ['password']))).toEqual(yesFor(...ALL_ROLES));
    expect(matrix((r) => needsCurrentPassword(as(r), SELF, ['fullName']))).toEqual(yesFor());
    expect(matrix((r) => needsCurrentPassword(as(r), OTHER, ['password']))).toEqual(yesFor());
  });
});

import { describe, expect, it } from '@jest/globals';
import type { Role } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import {
  canCheckCourseAccess,
  canDeleteCourse,
  canDeleteLesson,
  canDeleteModule,
  canListAllModules,
  canListLessons,
  canListModules,
  canListOwnCertificates,
  canListOwnCompletions,
  canMarkLesson,
  canOpenLessonOf,
  canReadLessonOptions,
  canRedirectToLesson,
  canReorderCourse,
  canReorderCourses,
  canReorderModules,
  canSearchCatalogue,
  canUpsertCourse,
  canUpsertLesson,
  canUpsertModule,
  canViewCertificate,
  canViewCourse,
} from './policies';

const policies = {
  canUpsertCourse,
  canDeleteCourse,
  canReorderCourse,
  canReorderCourses,
  canUpsertModule,
  canDeleteModule,
  canReorderModules,
  canListLessons,
  canReadLessonOptions,
  canUpsertLesson,
  canDeleteLesson,
  canListAllModules,
  canSearchCatalogue,
  canCheckCourseAccess,
  canRedirectToLesson,
  canListModules,
  canListOwnCompletions,
  canListOwnCertificates,
  canViewCertificate,
  canViewCourse,
  canMarkLesson,
  canOpenLessonOf,
};

const adminOnly = [
  'canUpsertCourse',
  'canDeleteCourse',
  'canReorderCourse',
  'canReorderCourses',
  'canUpsertModule',
  'canDeleteModule',
  'canReorderModules',
  'canListLessons',
  'canReadLessonOptions',
  'canUpsertLesson',
  'canDeleteLesson',
  'canListAllModules',
] as const;

const everyone = [
  'canSearchCatalogue',
  'canCheckCourseAccess',
  'canRedirectToLesson',
  'canListModules',
  'canListOwnCompletions',
  'canListOwnCertificates',
  'canViewCertificate',
] as const;

describe('authoring policies', () => {
  it.each(adminOnly.flatMap((action) => ALL_ROLES.map((role) => [action, role] as const)))(
    '%s as %s',
    (action, role) => {
      expect(policies[action](buildActor(role))).toBe(role === 'admin');
    },
  );

  it('follow the displayed role: an admin previewing as basic cannot author', () => {
    const previewing = buildActor('basic', { accountRole: 'admin', isAdmin: true });
    for (const action of adminOnly) expect(policies[action](previewing)).toBe(false);
  });
});

describe('reading policies', () => {
  it.each(everyone.flatMap((action) => ALL_ROLES.map((role) => [action, role] as const)))(
    '%s as %s',
    (action, role) => {
      expect(policies[action](buildActor(role))).toBe(true);
    },
  );
});

describe('certificates', () => {
  it('a certificate is readable by anyone holding its address, signed out too', () => {
    expect(policies.canViewCertificate(undefined)).toBe(true);
  });
});

describe('canViewCourse / canMarkLesson', () => {
  const published = { status: 'PUBLISHED' as const, visibleToBasic: true, visibleToPremium: false, tagIds: [42] };
  const expected: Record<Role, boolean> = {
    admin: true,
    coach: false,
    premium: false,
    'course only': true,
    basic: true,
  };
  it.each(ALL_ROLES)('a basic-only course as %s', (role) => {
    expect(policies.canViewCourse(buildActor(role), published)).toBe(expected[role]);
    const chain = {
      course: published,
      module: { courseId: 1, visibleToBasic: true, visibleToPremium: true, tagIds: [] },
      lesson: { tagIds: [] },
    };
    expect(policies.canMarkLesson(buildActor(role), chain)).toBe(expected[role]);
    expect(policies.canOpenLessonOf(buildActor(role), chain)).toBe(expected[role]);
  });

  it.each(ALL_ROLES)('its required tag opens it to %s', (role) => {
    expect(policies.canViewCourse(buildActor(role, { tagIds: [42] }), published)).toBe(true);
  });

  it.each(ALL_ROLES)('a draft as %s', (role) => {
    expect(policies.canViewCourse(buildActor(role, { tagIds: [42] }), { ...published, status: 'DRAFT' })).toBe(
      role === 'admin',
    );
  });
});

/**
 * Written by `npm run docs:api` (scripts/lib/policy-roles.ts): the roles each policy named by the API catalogue
 * admits, evaluated from the services' policy functions. Not edited by hand; scripts/route-access.test.ts fails when
 * it is stale.
 */
import type { Role } from '@rainmakers/contracts';

export type PolicyRoles = Readonly<Record<string, readonly Role[]>>;

export const POLICY_ROLES: PolicyRoles = {
  'auth.canCloseOwnAccount': ['admin', 'coach', 'premium', 'course only', 'basic'],
  'auth.canResetSecondFactor(2)': ['admin'],
  'auth.canSignInAs': ['admin'],
  'auth.canSwitchRole': ['admin'],
  'billing.canSyncWithStripe': ['admin'],
  'board.canListCoaches': ['admin', 'coach', 'premium'],
  'board.canReadReviewQueue': ['admin', 'coach'],
  'board.canReviewCard({"userId":2}, {"role":"premium","createdAt":null})': ['admin', 'coach'],
  'board.hasBoardAccess': ['admin', 'coach', 'premium'],
  'courses.canDeleteCourse': ['admin'],
  'courses.canDeleteLesson': ['admin'],
  'courses.canDeleteModule': ['admin'],
  'courses.canModerateDiscussions': ['admin', 'coach'],
  'courses.canReadCourseInsights': ['admin'],
  'courses.canReorderCourse': ['admin'],
  'courses.canReorderCourses': ['admin'],
  'courses.canReorderModules': ['admin'],
  'courses.canUpsertCourse': ['admin'],
  'courses.canUpsertLesson': ['admin'],
  'courses.canUpsertModule': ['admin'],
  'gateway.canExportOwnData': ['admin', 'coach', 'premium', 'course only', 'basic'],
  'gateway.canReadApiConsole': ['admin'],
  'resources.canDeleteCategory': ['admin'],
  'resources.canDeleteResource': ['admin'],
  'resources.canEditBanners': ['admin'],
  'resources.canEditSiteContent': ['admin'],
  'resources.canUploadVideo': ['admin'],
  'resources.canUpsertCategory': ['admin'],
  'resources.canUpsertResource': ['admin'],
  'tools.canEditPrompts': ['admin'],
  'users.canAddTags': ['admin'],
  'users.canChangeRoles': ['admin'],
  'users.canDeleteUser({"id":2,"role":"premium"})': ['admin'],
  'users.canEditBroadcastSettings': ['admin', 'coach', 'premium', 'course only', 'basic'],
  'users.canInviteUser': ['admin'],
  'users.canManageTags': ['admin'],
  'users.canManageUsers': ['admin'],
  'users.canReadAnalytics': ['admin'],
  'users.canReadAuditLog': ['admin'],
  'users.canReadJobHistory': ['admin'],
  'users.canReadMemberOverview({"id":2,"role":"premium"})': ['admin', 'coach'],
  'users.canReadTags': ['admin', 'coach'],
  'users.canRunBulkActions': ['admin'],
  'users.canSendBroadcasts': ['admin'],
};

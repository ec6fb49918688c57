/** What the sidebar offers a person: the same rules as the route guard, read from the route table. */
import type { CurrentUser } from '@rainmakers/contracts';
import { type AccessUser, decideAccess } from './access';
import { accessOf } from './routes';

/** The entries only coaches and admins see (their icons load with them: layout/StaffNavIcon.tsx). */
export type StaffNavItemId =
  | 'users'
  | 'reviewQueue'
  | 'tagManagement'
  | 'analytics'
  | 'dashboardBanners'
  | 'siteContent'
  | 'broadcasts';

export type MemberNavItemId =
  | 'dashboard'
  | 'aiToolkit'
  | 'courses'
  | 'resources'
  | 'profitCalculator'
  | 'moveTheNeedle'
  | 'productQualifier';

export type NavItemId = MemberNavItemId | StaffNavItemId;

export interface NavItem {
  id: NavItemId;
  label: string;
  path: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/' },
  { id: 'aiToolkit', label: 'AI Toolkit', path: '/ai-toolkit' },
  { id: 'courses', label: 'Courses', path: '/courses' },
  { id: 'resources', label: 'Resources', path: '/resources' },
  { id: 'profitCalculator', label: 'Power Profit Tool', path: '/profit-calculator' },
  { id: 'moveTheNeedle', label: 'Move The Needle', path: '/move-the-needle' },
  { id: 'productQualifier', label: 'Product Qualifier Tool', path: '/product-qualifier' },
  { id: 'users', label: 'User Dashboard', path: '/users' },
  { id: 'reviewQueue', label: 'Review queue', path: '/review-queue' },
  { id: 'tagManagement', label: 'Tag Management', path: '/tag-management' },
  { id: 'analytics', label: 'Analytics', path: '/analytics' },
  { id: 'dashboardBanners', label: 'Dashboard Banners', path: '/dashboard-banners' },
  { id: 'siteContent', label: 'Site Content', path: '/site-content' },
  { id: 'broadcasts', label: 'Broadcasts', path: '/broadcasts' },
];

/** Items the person may open (hidden routes, such as the board after the cut-off, are left out), with their labels. */
export function visibleNavItems(user: AccessUser & Pick<CurrentUser, 'can'>): NavItem[] {
  return NAV_ITEMS.filter((item) => decideAccess(user, accessOf(item.path)).kind === 'allow').map((item) =>
    item.id === 'moveTheNeedle' && user.can.administer ? { ...item, label: 'Master Template' } : item,
  );
}

/** 'Apply To Upgrade' is offered to the two entry-level memberships only (the server's `can.seeUpgradeOffer`). */
export function showApplyToUpgrade(user: Pick<CurrentUser, 'can'>): boolean {
  return user.can.seeUpgradeOffer;
}

/** Initials for an avatar without a photo. */
export function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

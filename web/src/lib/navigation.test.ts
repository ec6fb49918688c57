import { describe, expect, it } from '@jest/globals';
import { type Role, sessionAbilities } from '@rainmakers/contracts/access';
import type { AccessUser } from './access';
import { initials, NAV_ITEMS, showApplyToUpgrade, visibleNavItems } from './navigation';
import { ROUTES } from './routes';

type NavUser = Parameters<typeof visibleNavItems>[0];

/** A person as the session answer describes them: `can` computed by the server's own function. */
function person(overrides: Partial<AccessUser> = {}): NavUser {
  const user: AccessUser = {
    role: 'basic',
    stripeStatus: 'active',
    alwaysGrantAccess: false,
    createdAt: '2024-01-01T00:00:00Z',
    Tags: [],
    ...overrides,
  };
  return { ...user, can: sessionAbilities(user) };
}

const can = (role: Role) => ({ can: sessionAbilities({ role }) });

const labels = (user: NavUser) => visibleNavItems(user).map((item) => item.label);

describe('sidebar entries follow the route rules', () => {
  it('every entry points at a guarded route of the table', () => {
    for (const item of NAV_ITEMS) {
      expect(ROUTES.some((route) => route.kind === 'guarded' && route.path === item.path)).toBe(true);
    }
  });

  it('admin sees everything, the board as Master Template', () => {
    expect(labels(person({ role: 'admin' }))).toEqual([
      'Dashboard',
      'AI Toolkit',
      'Courses',
      'Resources',
      'Power Profit Tool',
      'Master Template',
      'Product Qualifier Tool',
      'User Dashboard',
      'Review queue',
      'Tag Management',
      'Analytics',
      'Dashboard Banners',
      'Site Content',
      'Broadcasts',
    ]);
  });

  it('coach: board and user dashboard, no tag management', () => {
    const coach = labels(person({ role: 'coach' }));
    expect(coach).toContain('Move The Needle');
    expect(coach).toContain('User Dashboard');
    expect(coach).toContain('Review queue');
    expect(coach).not.toContain('Tag Management');
  });

  it('the review queue is for coaches and admins only', () => {
    for (const role of ['premium', 'basic', 'course only'] as const) {
      expect(labels(person({ role, createdAt: '2024-12-01T00:00:00Z' }))).not.toContain('Review queue');
    }
  });

  it('premium before the cut-off keeps the board; after it does not', () => {
    expect(labels(person({ role: 'premium', createdAt: '2024-12-01T00:00:00Z' }))).toContain('Move The Needle');
    expect(labels(person({ role: 'premium', createdAt: '2025-02-13T00:00:00Z' }))).not.toContain('Move The Needle');
  });

  it('basic and course only: the tools, no board, no staff screens', () => {
    for (const role of ['basic', 'course only'] as const) {
      expect(labels(person({ role }))).toEqual([
        'Dashboard',
        'AI Toolkit',
        'Courses',
        'Resources',
        'Power Profit Tool',
        'Product Qualifier Tool',
      ]);
    }
  });
});

describe('Apply To Upgrade', () => {
  it('is offered to basic and course only', () => {
    expect(showApplyToUpgrade(can('basic'))).toBe(true);
    expect(showApplyToUpgrade(can('course only'))).toBe(true);
    expect(showApplyToUpgrade(can('premium'))).toBe(false);
    expect(showApplyToUpgrade(can('admin'))).toBe(false);
  });
});

describe('initials', () => {
  it('takes first and last name', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  maria  de la cruz ')).toBe('MC');
    expect(initials('Cher')).toBe('C');
    expect(initials('')).toBe('?');
  });
});

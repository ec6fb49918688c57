/**
 * The signed-in frame (spec part 2 'Sidebar and layout'): sidebar entries per role, the user card with logout, the
 * admin role switcher, the phone top bar (hamburger drawer, avatar menu with Profile and Logout), and sign-out.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Page, screenshot, signInThroughUi, signInWithCookies, useBrowser } from '../support/browser';
import { type SeedPersonKey, stackInfo } from '../support/stack-client';
import { createPerson, readUser, setCreatedAt, type TestPerson } from './fixtures';

jest.setTimeout(60_000);
const pages = useBrowser();

const CUTOFF = Date.parse('2025-02-13T00:00:00Z');
const MEMBERS_ONLY_TITLE = 'This Area Is For Mastermind Members Only | Apply Now';

const BASE = ['Dashboard', 'AI Toolkit', 'Courses', 'Resources', 'Power Profit Tool'];
const COMMUNITY = ['Community Group', 'Support', 'Settings'];

/** What the sidebar must list for each kind of member (in order). */
function expectedSidebar(role: 'admin' | 'coach' | 'premium' | 'course only' | 'basic', legacy: boolean): string[] {
  switch (role) {
    case 'admin':
      return [
        ...BASE,
        'Master Template',
        'Product Qualifier Tool',
        'User Dashboard',
        'Review queue',
        'Tag Management',
        'Analytics',
        'Dashboard Banners',
        'Site Content',
        'Broadcasts',
        ...COMMUNITY,
      ];
    case 'coach':
      return [...BASE, 'Move The Needle', 'Product Qualifier Tool', 'User Dashboard', 'Review queue', ...COMMUNITY];
    case 'premium':
      // Premium accounts created on or after the cut-off do not get Move the Needle (web/README.md).
      return [...BASE, ...(legacy ? ['Move The Needle'] : []), 'Product Qualifier Tool', ...COMMUNITY];
    default:
      return [...BASE, 'Product Qualifier Tool', 'Apply To Upgrade', ...COMMUNITY];
  }
}

/** The sidebar: a navigation landmark on desktop, the drawer's paper (a dialog named Main) on phones. */
const nav = (page: Page) => page.locator('nav[aria-label="Main"]');

async function sidebarItems(page: Page): Promise<string[]> {
  const items = nav(page).locator('.MuiListItemButton-root');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((text) => text.trim());
}

/** Waits for the page's own content (not the skeleton) before reading the frame. */
async function dashboard(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

let legacyPremium: TestPerson;
beforeAll(async () => {
  legacyPremium = await createPerson('premium', 'legacy-premium', 'Lena Legacy');
  await setCreatedAt(legacyPremium.id, '2024-06-01T12:00:00Z');
});

type Who = SeedPersonKey | 'legacyPremium';
const person = (who: Who) => (who === 'legacyPremium' ? legacyPremium : stackInfo().seededUsers[who]);

async function isLegacy(who: Who): Promise<boolean> {
  const { id } = person(who);
  return Date.parse((await readUser(id)).createdAt) < CUTOFF;
}

describe('desktop sidebar and user card', () => {
  it.each<Who>(['basic', 'courseOnly', 'premium', 'legacyPremium', 'coach', 'admin'])('%s', async (who) => {
    const me = person(who);
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, me);
    await dashboard(page);
    expect(await sidebarItems(page)).toEqual(expectedSidebar(me.role, await isLegacy(who)));

    // User card: name, e-mail (full address in the title when it is cut off) and logout.
    const card = nav(page);
    await card.getByText(me.fullName, { exact: true }).waitFor();
    expect(await card.getByTitle(me.email).textContent()).toBe(me.email);
    await card.getByRole('button', { name: 'Logout' }).waitFor();
    const switcher = page.getByLabel('Viewing as');
    if (me.role === 'admin') await switcher.waitFor();
    else expect(await switcher.count()).toBe(0);

    // External entries open in a new tab.
    for (const name of ['Community Group', 'Support', ...(me.role === 'basic' ? ['Apply To Upgrade'] : [])]) {
      const link = nav(page).getByRole('link', { name });
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('href')).toMatch(/^https?:\/\//);
    }
    await screenshot(page, `layout-${who}-desktop`);
  });

  it('entries navigate and mark the current one', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'premium');
    await dashboard(page);
    const current = nav(page).locator('[aria-current="page"]');
    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await current.filter({ hasText: 'Settings' }).waitFor();
    await nav(page).getByRole('link', { name: 'Courses' }).click();
    await page.waitForURL((url) => url.pathname === '/courses');
    await current.filter({ hasText: 'Courses' }).waitFor();
    expect(await current.allInnerTexts()).toEqual(['Courses']);
  });
});

describe('admin role switcher', () => {
  it('switches the displayed role to basic and back', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await signInThroughUi(page, 'admin');
    await dashboard(page);
    const switcher = page.getByLabel('Viewing as');
    expect(await switcher.inputValue()).toBe('admin');

    await switcher.selectOption('basic');
    await page.getByText('You are now viewing the product as Basic').waitFor();
    await nav(page).getByRole('link', { name: 'Apply To Upgrade' }).waitFor();
    expect(await sidebarItems(page)).toEqual(expectedSidebar('basic', false));
    expect(await switcher.inputValue()).toBe('basic');
    await screenshot(page, 'layout-admin-as-basic-desktop');

    // Previewing as basic: the admin-only screen shows the members-only notice; the switch survives a reload.
    await page.goto('/tag-management');
    await page.getByRole('heading', { name: MEMBERS_ONLY_TITLE }).waitFor();
    expect(await page.getByLabel('Viewing as').inputValue()).toBe('basic');

    await page.getByLabel('Viewing as').selectOption('admin');
    await page.getByText('You are now viewing the product as Admin').waitFor();
    await nav(page).getByRole('link', { name: 'Tag Management' }).waitFor();
    expect(await sidebarItems(page)).toEqual(expectedSidebar('admin', false));
    await page.getByRole('heading', { name: MEMBERS_ONLY_TITLE }).waitFor({ state: 'detached' });
  });
});

describe('phone layout', () => {
  it.each<Who>(['basic', 'premium', 'coach', 'admin'])('%s: hamburger drawer and avatar menu', async (who) => {
    const me = person(who);
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, me);
    await dashboard(page);
    expect(await nav(page).count()).toBe(0);
    await screenshot(page, `layout-${who}-mobile`);

    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await sidebarItems(page)).toEqual(expectedSidebar(me.role, await isLegacy(who)));
    await nav(page).getByText(me.fullName, { exact: true }).waitFor();
    if (me.role === 'admin') await page.getByLabel('Viewing as').waitFor();
    await screenshot(page, `layout-${who}-mobile-drawer`);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await nav(page).waitFor({ state: 'hidden' });

    // A drawer entry navigates and closes the drawer.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav(page).getByRole('link', { name: 'Courses' }).click();
    await page.waitForURL((url) => url.pathname === '/courses');
    await nav(page).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await menu.getByText(me.fullName, { exact: true }).waitFor();
    await menu.getByText(me.email, { exact: true }).waitFor();
    const items = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
    expect(items).toEqual(['Profile', 'Logout']);
    await screenshot(page, `layout-${who}-mobile-account-menu`);

    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  });
});

/** Signing out ends the server session and the screen follows at once, without a reload. */
describe('sign-out', () => {
  async function expectSignedOut(page: Page): Promise<void> {
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 3_000 });
    // Client-side navigation to a members' screen goes to /signin too (no reload).
    await page.evaluate("history.pushState({}, '', '/profile'); dispatchEvent(new PopStateEvent('popstate'))");
    await page.waitForURL((url) => url.pathname === '/signin', { timeout: 3_000 });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor({ timeout: 3_000 });
  }

  it('from the desktop user card shows /signin', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'coach', '/', { fresh: true });
    await dashboard(page);
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expectSignedOut(page);
  });

  it('from the phone avatar menu shows /signin', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'basic', '/', { fresh: true });
    await dashboard(page);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectSignedOut(page);
  });

  it('ends the server session: members-only addresses then load /signin', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'coach', '/', { fresh: true });
    await dashboard(page);
    // Listening before the click: the answer may come back before a listener set up afterwards would see it.
    const signedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/signout'));
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await signedOut;
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('rm_session');
    const me = (await (await page.request.get('/api/auth/me')).json()) as { currentUser: unknown };
    expect(me.currentUser).toBeNull();
    for (const path of ['/', '/profile', '/users', '/courses']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/signin');
    }
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await screenshot(page, 'signed-out-desktop');
  });
});

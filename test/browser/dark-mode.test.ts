/**
 * Dark mode: chosen on /profile (Appearance), kept on the account and after a reload, and every main
 * screen of a member and an admin readable in it, on desktop and phone: axe (color-contrast included) finds no
 * serious violation. The system's setting is followed when the choice is 'Same as my device'.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { type Page, screenshot, seriousViolations, signInThroughUi, useBrowser } from '../support/browser';
import { createPerson, readUser, setCreatedAt } from './fixtures';

jest.setTimeout(240_000);
const pages = useBrowser();

const MEMBER_SCREENS = ['/', '/courses', '/move-the-needle', '/profit-calculator', '/resources', '/profile'];

/** Runs in the page (a function, not a string: the page's CSP refuses eval). */
const themeIs = (mode: string) =>
  (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string | undefined> } } }).document
    .documentElement.dataset.theme === mode;

async function darkOnPage(page: Page): Promise<boolean> {
  return page.evaluate(themeIs, 'dark');
}

async function walk(page: Page, paths: string[], label: string): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 }).first();
    // On her first visit the board greets her with a modal welcome, which hides the page from the accessibility tree
    // until she closes it.
    const welcome = page.getByRole('dialog', { name: 'Welcome To The New MTN Tool 2.0' });
    await heading.or(welcome).first().waitFor();
    if (await welcome.isVisible()) {
      await welcome.getByRole('button', { name: 'Get started' }).click();
      await welcome.waitFor({ state: 'detached' });
    }
    await heading.waitFor();
    expect(await darkOnPage(page)).toBe(true);
    const name = `dark-${label}-${path === '/' ? 'dashboard' : path.slice(1).replace(/\//g, '-')}`;
    await screenshot(page, name);
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
}

describe('dark mode', () => {
  it('is chosen on /profile, kept on the account and after a reload (desktop)', async () => {
    const person = await createPerson('premium', 'dark', 'Dana Dark');
    const page = await pages.open({ viewport: 'desktop' });
    await signInThroughUi(page, person);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    expect(await darkOnPage(page)).toBe(false);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByText('Dark mode is on.').waitFor();
    expect(await darkOnPage(page)).toBe(true);
    expect((await readUser(person.id)).theme).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    expect(await darkOnPage(page)).toBe(true);
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await screenshot(page, 'dark-profile-after-reload');

    // 'Same as my device' follows the system's setting, live.
    await page.getByRole('radio', { name: 'Same as my device' }).check();
    await page.getByText('The colours now follow your device.').waitFor();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(themeIs, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(themeIs, 'dark');
    expect((await readUser(person.id)).theme).toBe('system');
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`keeps every main screen readable in dark mode (${viewport})`, async () => {
      const member = await createPerson('premium', `dark-member-${viewport}`, 'Mia Midnight');
      // A long-standing member (joined before the board's cut-off), so /move-the-needle shows her board.
      await setCreatedAt(member.id, '2024-03-01T00:00:00Z');
      const page = await pages.open({ viewport });
      await page.emulateMedia({ colorScheme: 'dark' });
      await signInThroughUi(page, member);
      await walk(page, MEMBER_SCREENS, `member-${viewport}`);
      // A course page, from the catalogue.
      await page.goto('/courses');
      const course = page.locator('main a[href^="/courses/"]').first();
      if (await course.count()) {
        await course.click();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await screenshot(page, `dark-member-${viewport}-course`);
        expect(await seriousViolations(page)).toEqual([]);
      }

      const admin = await createPerson('admin', `dark-admin-${viewport}`, 'Ada Nightly');
      const adminPage = await pages.open({ viewport });
      await adminPage.emulateMedia({ colorScheme: 'dark' });
      await signInThroughUi(adminPage, admin);
      await walk(adminPage, ['/users'], `admin-${viewport}`);
    });
  }
});

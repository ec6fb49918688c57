/**
 * The dashboard in Chromium as every role, desktop and phone: the cards each role gets (the third column by the
 * Move the Needle reading of the cut-off: the donut for the long-standing premium member, the calendar for the newer
 * one and for course-only members, nothing for basic), the seeded data on them, the community search scrolled to its
 * second page, and axe-core with no serious or critical violation. Screenshots: dashboard-*.png.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import type { SeedPersonKey } from '../support/stack-client';
import { createPerson, setCreatedAt } from './fixtures';

jest.setTimeout(180_000);

const pages = useBrowser();

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The dashboard has loaded its data: the course progress shows a figure. */
async function openDashboard(page: Page, who: SeedPersonKey): Promise<void> {
  await signInWithCookies(page, who, '/');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByTestId('course-progress-percent').waitFor();
}

const ROLES: { who: SeedPersonKey; third: 'Move The Needle' | 'Rainmaker Calendar' | null }[] = [
  { who: 'basic', third: null },
  { who: 'courseOnly', third: 'Rainmaker Calendar' },
  { who: 'premium', third: 'Move The Needle' },
  { who: 'newPremium', third: 'Rainmaker Calendar' },
  { who: 'coach', third: 'Move The Needle' },
  { who: 'admin', third: 'Move The Needle' },
];

describe('Dashboard', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it.each(ROLES)(`shows $who the cards of the role (${viewport})`, async ({ who, third }) => {
      const page = await pages.open({ viewport });
      await openDashboard(page, who);
      await section(page, 'Course Progress').waitFor();
      await section(page, 'Total Products').waitFor();
      await section(page, 'Recent Resources').waitFor();
      await section(page, 'Community Search').waitFor();
      for (const name of ['Move The Needle', 'Rainmaker Calendar'] as const) {
        expect(await section(page, name).count()).toBe(name === third ? 1 : 0);
      }
      if (third === 'Move The Needle') {
        await section(page, 'Move The Needle')
          .getByText(/^Completed: \d+%$/)
          .waitFor();
      }
      // No card stays broken: one whose service failed a moment (a loaded stack) is asked again and heals.
      await waitFor(async () => (await page.getByText('Oops! Something went wrong.').count()) === 0, {
        what: 'every dashboard card loaded',
        timeoutMs: 20_000,
      });
      if (who === 'premium') {
        // The seeded long-standing premium member: her three products.
        expect(await page.getByTestId('product-count').textContent()).toBe('3');
      }
      // No horizontal overflow; on failure, the elements that stick out say where.
      const overflow = (await page.evaluate(`document.documentElement.scrollWidth <= window.innerWidth ? [] :
        [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5).map((e) => e.tagName + '.' + String(e.className).slice(0, 60) + ' ' + Math.round(e.getBoundingClientRect().right))`)) as string[];
      expect(overflow).toEqual([]);
      await screenshot(page, `dashboard-${who}-${viewport}`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('finds Rainmakers by city or state and loads the second page on scroll', async () => {
    const page = await pages.open();
    await openDashboard(page, 'premium');
    const community = section(page, 'Community Search');
    await community.getByRole('textbox', { name: 'Search Rainmakers by city or state' }).fill('FL');
    const people = community.locator('[data-community-person]');
    // The unfiltered list shows 15 people too: wait for the search's own first page (everyone in Florida).
    await waitFor(
      async () => {
        const places = await people.allTextContents();
        return places.length === 15 && places.every((text) => /\b(FL|Florida)\b/.test(text)) ? true : null;
      },
      { what: 'the first 15 Rainmakers found for FL' },
    );
    await people.last().scrollIntoViewIfNeeded();
    await waitForCount(page, '[data-community-person]', (n) => n > 15);
    // Members see no e-mail addresses of each other.
    expect(await community.getByText('@').count()).toBe(0);
    await screenshot(page, 'dashboard-community-second-page');

    await community.getByRole('textbox', { name: 'Search Rainmakers by city or state' }).fill('Atlantis');
    await community.getByText('No Rainmakers found. Try searching a neighboring city!').waitFor();
  });

  it.each(['desktop', 'mobile'] as const)(
    "greets a new account 'Welcome' and a member of longer standing 'Welcome back' (%s)",
    async (viewport) => {
      // By the account's age (its first day), not by whether she signed in before: both have signed in already.
      const fresh = await createPerson('basic', 'greeting-new', 'Nora Newcomer');
      const older = await createPerson('basic', 'greeting-old', 'Olive Oldhand');
      await setCreatedAt(older.id, new Date(Date.now() - 3 * 86_400_000).toISOString());
      for (const [person, text] of [
        [fresh, 'Welcome, Nora.'],
        [older, 'Welcome back, Olive.'],
      ] as const) {
        const page = await pages.open({ viewport });
        await signInWithCookies(page, person, '/');
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        await page.getByText(text, { exact: true }).waitFor();
        expect(await page.getByText(/^Welcome/).count()).toBe(1);
      }
    },
  );
});

async function waitForCount(page: Page, selector: string, ok: (n: number) => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const n = await page.locator(selector).count();
    if (ok(n)) return;
    if (Date.now() > deadline) throw new Error(`${selector}: count ${n} never matched`);
    await page.waitForTimeout(100);
  }
}

/**
 * /analytics: an admin sees the community's numbers as charts and figures, changes the interval (kept in the
 * address), reads them as a table and downloads the same numbers as a CSV; desktop and phone, light and dark,
 * axe-clean. Screenshots: test-artifacts/screenshots/analytics-*.png.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { emulateColorScheme, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { createPerson } from './fixtures';

jest.setTimeout(180_000);

const pages = useBrowser();
const today = () => new Date().toISOString().slice(0, 10);
const monthsAgo = (n: number) => new Date(Date.now() - n * 30 * 86_400_000).toISOString().slice(0, 10);

describe('analytics', () => {
  it('shows the charts, changes the interval, reads as a table and downloads the CSV (desktop, light and dark)', async () => {
    const page = await pages.open();
    await emulateColorScheme(page, 'light');
    await signInWithCookies(page, 'admin', '/');
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.waitForURL('**/analytics');
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await page.getByText('New members').first().waitFor();
    await page.locator('svg.MuiChartsSvgLayer-root').first().waitFor();
    expect(await page.locator('svg.MuiChartsSvgLayer-root').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-desktop-light', { fullPage: true });

    // By month over half a year: the address keeps the choice, and a reload shows the same.
    await page.goto(`/analytics?from=${monthsAgo(6)}&to=${today()}&interval=day`);
    await page.getByRole('button', { name: 'By month' }).click();
    await page.waitForURL(/interval=month/);
    await page.getByRole('button', { name: 'Show as table' }).click();
    const table = page.getByRole('table', { name: 'Show as table' });
    await table.waitFor();
    // The day rows stay until the months have arrived: wait for the months (every row the first of one).
    const rows = await waitFor(
      async () => {
        const shown = await table.locator('tbody tr').allInnerTexts();
        return shown.length >= 6 && shown.every((row) => /^\d{4}-\d{2}-01/.test(row)) ? shown : undefined;
      },
      { timeoutMs: 20_000, what: 'the table by month' },
    );
    await page.reload();
    await page.getByRole('button', { name: 'By month', pressed: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toMatch(/^"Period \(month, [^)]+\)",New members,Active members,Churned members,MRR \(USD\),/);
    expect(lines.at(-1)).toMatch(/^Total,\d+,\d+,\d+,\d+\.\d{2},\d+,\d+,\d+$/);
    expect(lines.length).toBe(rows.length + 2);

    await emulateColorScheme(page, 'dark');
    await page.getByRole('button', { name: 'Show as table' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-desktop-dark', { fullPage: true });
  });

  it('fits a phone, light and dark', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'admin', `/analytics?from=${monthsAgo(1)}&to=${today()}&interval=week`);
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await page.locator('svg.MuiChartsSvgLayer-root').first().waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateColorScheme(page, scheme);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `analytics-mobile-${scheme}`, { fullPage: true });
    }
  });

  it('is not offered to members', async () => {
    const member = await createPerson('premium', 'analytics-member', 'Mia Member');
    const page = await pages.open();
    await signInWithCookies(page, member, '/');
    await page.getByRole('link', { name: 'Courses' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Analytics' }).count()).toBe(0);
  });
});

/**
 * The users table that scales, in Chromium against the running stack: filters and sort kept in the
 * address, "Select all N matching" across pages and a bulk tag on all of them behind its confirmation, the layout at
 * 1366 px (a long name does not push Edit off the edge) and on a phone (a scroll hint), a coach without the admin's
 * payment filters; axe on each. Every test makes people of its own, named with a token unique to the run.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { admin, createPerson, readUser, setSubscription } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

const token = () =>
  `zt${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)}q`;

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) => main(page).locator('tbody tr');
const names = async (page: Page) => rows(page).locator('td p:first-child').allTextContents();
const url = (page: Page) => new URL(page.url());

async function expectNames(page: Page, expected: string[]): Promise<void> {
  await waitFor(async () => JSON.stringify(await names(page)) === JSON.stringify(expected), {
    timeoutMs: 10_000,
  }).catch(async () => {
    expect(await names(page)).toEqual(expected);
  });
}

describe('/users table as an admin', () => {
  it('filters and sorts in the address, selects all matching across pages and tags them after a confirmation', async () => {
    const t = token();
    const { tag } = await (await admin()).post<{ tag: { id: number; name: string } }>('/api/tag/upsert', {
      name: `${t} bulk`,
    });
    const premium = [];
    for (const letter of ['D', 'B', 'F', 'A', 'E', 'C', 'G']) {
      premium.push(await createPerson('premium', `tbl-${letter}`, `${t} ${letter} Premium`));
    }
    await createPerson('basic', 'tbl-basic', `${t} Basic`);

    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', `/users?search=${t}&size=5`);
    await main(page).getByText('Showing 1–5 of 8').waitFor();

    // The role filter and a sort by name go into the address and survive a reload.
    await main(page).getByLabel('Role', { exact: true }).selectOption('premium');
    await page.waitForURL((u) => u.searchParams.get('role') === 'premium');
    await main(page).getByRole('button', { name: 'Name', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'name' && u.searchParams.get('order') === 'asc');
    const sorted = premium.map((p) => p.fullName).sort();
    await expectNames(page, sorted.slice(0, 5));
    await page.reload();
    await expectNames(page, sorted.slice(0, 5));
    expect(await main(page).getByLabel('Role', { exact: true }).inputValue()).toBe('premium');
    await main(page).getByText('(Premium: 7, Basic: 0)').waitFor();

    // Numbered pages, and a selection that is kept across them.
    await main(page).getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await expectNames(page, sorted.slice(5));
    await main(page)
      .getByRole('checkbox', { name: `Select ${sorted[5]}` })
      .check();
    await main(page).getByRole('button', { name: 'Go to page 1' }).click();
    await expectNames(page, sorted.slice(0, 5));
    await main(page).getByRole('checkbox', { name: 'Select all users on this page' }).check();
    await main(page).getByText('6 people selected', { exact: true }).waitFor();

    // Select all 7 matching (beyond the page), then add the tag to them after the confirmation.
    await main(page).getByRole('button', { name: 'Select all 7 matching' }).click();
    await main(page).getByText('All 7 people matching', { exact: true }).waitFor();
    await main(page).getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Add tag' }).click();
    const confirm = page.getByRole('dialog', { name: 'Add tag: all 7 people matching' });
    await confirm.getByLabel('Tag').selectOption({ label: tag.name });
    await confirm.getByText(`The tag “${tag.name}” will be added to 7 people.`, { exact: false }).waitFor();
    await screenshot(page, 'users-table-bulk-confirm-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Add tag for 7 people' }).click();
    await page.getByText('Done: 7 changed, 0 unchanged (already so), 0 failed', { exact: true }).first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    for (const person of premium) {
      expect((await readUser(person.id)).Tags.map((x) => x.name)).toEqual([tag.name]);
    }

    // The tag filter shows the same people; the export says it follows the filters.
    await main(page).getByLabel('Tag', { exact: true }).selectOption({ label: tag.name });
    await page.waitForURL((u) => u.searchParams.get('tag') === String(tag.id));
    await main(page).getByText('Showing 1–5 of 7').waitFor();
    await main(page).getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: /Exporting 7 people matching your filters/ }).waitFor();
    await page.keyboard.press('Escape');
    expect(url(page).searchParams.get('role')).toBe('premium');
    await screenshot(page, 'users-table-filtered-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps Edit in view at 1366 px with a very long name, and offers a scroll hint on a phone', async () => {
    const t = token();
    const long = `${t} Maximiliana Alexandrina Konstantinopoulou-Vanderbilt-Featherstonehaugh the Third of Many Names`;
    await createPerson('basic', 'tbl-long', long);
    const page = await pages.open({ viewport: 'desktop' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInWithCookies(page, 'admin', `/users?search=${t}`);
    const edit = main(page).getByRole('button', { name: `Edit ${long}` });
    await edit.waitFor();
    // Edit is inside the visible part of the table (nothing to scroll to), and the page does not scroll sideways.
    const box = await edit.boundingBox();
    const frame = await main(page).locator('.MuiTableContainer-root').boundingBox();
    expect(box && frame).toBeTruthy();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await main(page).getByText(long, { exact: true }).getAttribute('title')).toBe(long);
    await screenshot(page, 'users-table-1366');

    const phone = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(phone, 'admin', `/users?search=${t}`);
    await main(phone).getByText('Scroll the table sideways to see every column.').waitFor();
    await main(phone).getByText(long, { exact: true }).waitFor();
    await screenshot(phone, 'users-table-mobile');
    expect(await seriousViolations(phone)).toEqual([]);
  });
});

describe('/users table as a coach', () => {
  it('has no payment filters or Sub. Problems chip, and counts only what a coach sees', async () => {
    const t = token();
    const paying = await createPerson('premium', 'tbl-coach-p', `${t} Premium`);
    await createPerson('basic', 'tbl-coach-b', `${t} Basic`);
    await setSubscription(paying.id, 'unpaid');
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'coach', `/users?search=${t}&filter=unpaid`);
    await expectNames(page, [paying.fullName]);
    await main(page).getByText('(Premium: 1)', { exact: true }).waitFor();
    expect(
      await main(page)
        .getByText(/Sub\. Problems/)
        .count(),
    ).toBe(0);
    expect(await main(page).getByLabel('Payment status').count()).toBe(0);
    expect(await main(page).getByLabel('Role', { exact: true }).count()).toBe(0);
    await screenshot(page, 'users-table-coach-desktop');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

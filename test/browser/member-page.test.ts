/**
 * The member page (/users/{id}) in Chromium: an admin and a coach open a premium member's page from the
 * /users table, on a desktop and a phone; the admin sees every section and the invitation resend, the coach no
 * purchases and no history, and changes the tags; axe-core finds no serious or critical violation.
 * Screenshots: member-page-*.png.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { admin, createPerson, readUser, type TestPerson } from './fixtures';

jest.setTimeout(180_000);
const pages = useBrowser();

/** Letters only, unique to this run (the name search is a substring match). */
const token = `zm${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}q`;

let member: TestPerson;
let tag: { id: number; name: string };

const main = (page: Page) => page.getByRole('main');
const section = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });

beforeAll(async () => {
  const created = await (await admin()).post<{ tag: { id: number; name: string } }>('/api/tag/upsert', {
    name: `Overview ${token}`,
  });
  tag = created.tag;
  member = await createPerson('premium', 'member-page', `${token} Morgan Reyes`);
});

/** Opens /users, finds the member by the run's token and follows the name to the member page. */
async function openFromUsers(page: Page, who: 'admin' | 'coach'): Promise<void> {
  await signInWithCookies(page, who, '/users');
  await page.getByRole('heading', { name: 'User Dashboard', level: 1 }).waitFor();
  await main(page).getByRole('searchbox', { name: 'Search Users' }).fill(token);
  const link = main(page).getByRole('link', { name: member.fullName, exact: true });
  await link.waitFor();
  await link.click();
  await page.waitForURL((u) => u.pathname === `/users/${member.id}`);
  await main(page).getByRole('heading', { name: member.fullName, level: 1 }).waitFor();
  await section(page, 'Course progress').getByText('No course started yet.').waitFor();
}

describe('the member page', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows an admin every section, from the users table (${viewport})`, async () => {
      const page = await pages.open({ viewport });
      await openFromUsers(page, 'admin');
      for (const name of ['Tags', 'Course progress', 'Board', 'Certificates', 'Purchases', 'History']) {
        await section(page, name).waitFor();
      }
      await section(page, 'Purchases').getByText('No purchases yet.').waitFor();
      await section(page, 'Certificates').getByText('No certificates yet.').waitFor();
      // The admin created the member: the history has that entry, by the admin.
      expect(await section(page, 'History').getByRole('listitem').count()).toBeGreaterThanOrEqual(1);
      await main(page).getByText('Never signed in').or(main(page).getByText('Invited')).first().waitFor();
      expect(await page.getByText(/could not be loaded/).count()).toBe(0);
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await screenshot(page, `member-page-admin-${viewport}`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });

    it(`shows a coach no purchases and no history, and lets them change the tags (${viewport})`, async () => {
      const page = await pages.open({ viewport });
      await openFromUsers(page, 'coach');
      for (const name of ['Tags', 'Course progress', 'Board', 'Certificates']) await section(page, name).waitFor();
      expect(await section(page, 'Purchases').count()).toBe(0);
      expect(await section(page, 'History').count()).toBe(0);
      expect(await main(page).getByRole('button', { name: 'Resend invitation' }).count()).toBe(0);
      await screenshot(page, `member-page-coach-${viewport}`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      const tags = section(page, 'Tags');
      const had = (await readUser(member.id)).Tags.some((t) => t.id === tag.id);
      if (had) {
        // The member holds only this tag: Backspace in the picker takes the last chip off.
        await tags.getByRole('combobox', { name: 'Tags' }).click();
        await page.keyboard.press('Backspace');
      } else {
        await tags.getByRole('combobox', { name: 'Tags' }).fill(tag.name);
        await page.getByRole('option', { name: tag.name, exact: true }).click();
      }
      // Close the picker's list, which may cover the button on a phone.
      await page.keyboard.press('Escape');
      await tags.getByRole('button', { name: 'Save tags' }).click();
      await page.getByText('User updated successfully', { exact: true }).first().waitFor();
      await waitFor(async () => (await readUser(member.id)).Tags.some((t) => t.id === tag.id) !== had, {
        what: 'the tag change saved',
        timeoutMs: 10_000,
      });
    });
  }

  it('resends an invitation as an admin and says truthfully how it went', async () => {
    const page = await pages.open();
    await openFromUsers(page, 'admin');
    await main(page).getByRole('button', { name: 'Resend invitation' }).click();
    const sent = page.getByText(`Invitation sent to ${member.email}`, { exact: true });
    const refused = page.getByText(/^The invitation was not sent: .+/);
    await sent.or(refused).first().waitFor();
  });
});

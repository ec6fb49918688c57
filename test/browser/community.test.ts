/**
 * The community in Chromium: a member searches Community Search on the dashboard by a state's name,
 * opens a Texan's community profile from the results (a link, by keyboard) and sees her name, place and bio but never
 * her e-mail; /profile's Community section saves a bio. Desktop and phone, axe each time; screenshots kept.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { signIn } from '../support/stack-client';
import { adminEdit, createPerson } from './fixtures';

jest.setTimeout(120_000);
const pages = useBrowser();

describe.each(['desktop', 'mobile'] as const)('community (%s)', (viewport) => {
  it('a profile opened from Community Search shows name, place and bio, never the e-mail', async () => {
    const town = `Pecos ${randomUUID().slice(0, 4)}`;
    const texan = await createPerson('premium', `texan-${viewport}`, `Tessa Texan ${viewport}`);
    await adminEdit(texan.id, { city: town, state: 'TX' });
    await (await signIn(texan)).put('/api/user/community-settings', {
      bio: 'I sell cast-iron cookware.',
      showCourses: false,
      listed: true,
    });
    const viewer = await createPerson('basic', `viewer-${viewport}`, 'Vera Viewer');
    const page = await pages.open({ viewport });
    await signInWithCookies(page, viewer, '/');

    const search = page.getByRole('textbox', { name: 'Search Rainmakers by city or state' });
    await search.fill(town);
    const link = page.getByRole('link', { name: new RegExp(`Tessa Texan ${viewport}`) });
    await link.waitFor();
    // "Texas" finds her though she wrote "TX".
    await search.fill('Texas');
    await link.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `community-search-${viewport}`);

    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/community/${texan.id}`);
    await page.getByRole('heading', { level: 1, name: `Tessa Texan ${viewport}` }).waitFor();
    await page.getByText(`${town}, TX`).waitFor();
    await page.getByText('I sell cast-iron cookware.').waitFor();
    const text = ((await page.locator('main').textContent()) ?? '').toLowerCase();
    expect(text).not.toContain(texan.email.toLowerCase());
    expect(text).not.toContain('@');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `community-profile-${viewport}`);
  });

  it('/profile: the Community section saves her bio and choices', async () => {
    const member = await createPerson('basic', `bio-${viewport}`, 'Bianca Bio');
    const page = await pages.open({ viewport });
    await signInWithCookies(page, member, '/profile');
    const section = page.getByRole('region', { name: 'Community' });
    await section.getByRole('textbox', { name: 'Bio' }).fill('Private label kitchen tools since 2021.');
    await section.getByRole('switch', { name: 'Show the courses I completed on my profile' }).check();
    await section.getByRole('button', { name: 'Save Community Profile' }).click();
    await page.getByText('Community profile saved').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `community-settings-${viewport}`);
    const saved = await (await signIn(member)).get<{ settings: { bio: string; showCourses: boolean } }>(
      '/api/user/community-settings',
    );
    expect(saved.settings).toMatchObject({ bio: 'Private label kitchen tools since 2021.', showCourses: true });
  });
});

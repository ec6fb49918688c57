/**
 * /profile, Your data: "Download my data" saves one JSON file of everything the product holds about her, and "Close
 * my account" asks for her password in a dialog that says what is kept, then signs her out to /signin, which says
 * the account is closed. At desktop size (light) and on a phone (dark), with axe on the section and the dialog.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import {
  emulateColorScheme,
  type Page,
  screenshot,
  seriousViolations,
  signInWithCookies,
  useBrowser,
} from '../support/browser';
import { newSession } from '../support/stack-client';
import { createPerson, type TestPerson } from './fixtures';

jest.setTimeout(90_000);
const pages = useBrowser();

const section = (page: Page) => page.getByRole('region', { name: 'Your data' });

async function openYourData(page: Page, person: TestPerson): Promise<void> {
  await signInWithCookies(page, person, '/profile');
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  // The profile's lower sections come a moment after its form (ProfileSettings).
  await section(page).waitFor();
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  expect({ where, violations: await seriousViolations(page) }).toEqual({ where, violations: [] });
}

describe('/profile, Your data', () => {
  it('downloads her data as one file, and a wrong password does not close the account (desktop)', async () => {
    const person = await createPerson('premium', 'your-data', 'Dana Download');
    const page = await pages.open({ viewport: 'desktop' });
    await openYourData(page, person);
    await section(page).scrollIntoViewIfNeeded();
    await expectAccessible(page, 'profile with Your data (desktop)');
    await screenshot(page, 'account-your-data-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section(page).getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^my-data-${person.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      userId: number;
      users: { profile: { email: string; fullName: string } };
      auth: { signIn: { email: string } };
    };
    expect(file.userId).toBe(person.id);
    expect(file.users.profile).toMatchObject({ email: person.email, fullName: person.fullName });
    expect(file.auth.signIn.email).toBe(person.email);
    for (const part of ['courses', 'board', 'tools', 'resources', 'billing']) expect(file).toHaveProperty(part);
    await page.getByText('Your data is downloaded').waitFor();

    // The dialog says what goes and what stays; a wrong password is answered under the field, nothing closes.
    await section(page).getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account' });
    await dialog.waitFor();
    await dialog.getByText(/payment records/).waitFor();
    await expectAccessible(page, 'close account dialog (desktop)');
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await dialog.getByText('The password is not correct').waitFor();
    await screenshot(page, 'account-close-wrong-password-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile');
    const stillThere = await newSession().request('POST', '/api/auth/signin', {
      email: person.email,
      password: person.password,
    });
    expect(stillThere.status).toBe(200);
  });

  it('closes her account and signs her out to the sign-in page, which says so (phone, dark)', async () => {
    const person = await createPerson('basic', 'closing', 'Casey Closing');
    const page = await pages.open({ viewport: 'mobile' });
    await emulateColorScheme(page, 'dark');
    await openYourData(page, person);
    await section(page).getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account' });
    await dialog.waitFor();
    await expectAccessible(page, 'close account dialog (phone, dark)');
    await screenshot(page, 'account-close-dialog-mobile-dark');
    await dialog.getByLabel('Password', { exact: true }).fill(person.password);
    await dialog.getByRole('button', { name: 'Close my account' }).click();

    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('status').filter({ hasText: 'Your account is closed' }).waitFor();
    await expectAccessible(page, 'sign-in after closing (phone, dark)');
    await screenshot(page, 'account-closed-signin-mobile-dark');
    // The server agrees: she cannot sign in again, and the profile sends her back to sign in.
    await waitFor(
      async () =>
        (await newSession().request('POST', '/api/auth/signin', { email: person.email, password: person.password }))
          .status >= 400,
      { what: 'sign-in to be refused' },
    );
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/signin');
  });
});

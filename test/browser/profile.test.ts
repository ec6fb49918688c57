/**
 * /profile (spec part 2 'Profile'; part 1 §5 'File upload accepts images only', §8 'Error uploading file'): avatar
 * upload, account fields, read-only e-mail, 'your changes have been saved successfully', at desktop and phone sizes;
 * the weekly digest switch, turned with the keyboard on a phone. Every test uses a person of its own, so the seeded
 * people stay as they are.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import {
  type Page,
  screenshot,
  seriousViolations,
  signInThroughUi,
  signInWithCookies,
  useBrowser,
} from '../support/browser';
import { signIn } from '../support/stack-client';
import { createPerson, pngImage, readUser } from './fixtures';

jest.setTimeout(60_000);
const pages = useBrowser();

const SAVED = 'your changes have been saved successfully';
const UPLOAD_ERROR = 'Error uploading file';

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Update Account' }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const main = (page: Page) => page.getByRole('main');

describe('/profile', () => {
  it('uploads a new avatar, saves the account fields and a new password (desktop)', async () => {
    const person = await createPerson('premium', 'profile', 'Parker Profile');
    const page = await pages.open({ viewport: 'desktop' });
    await signInThroughUi(page, person);
    await openProfile(page);

    // Email Address is shown but cannot be edited; the password box starts (and stays) empty.
    const email = field(page, 'Email Address');
    expect(await email.inputValue()).toBe(person.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await email.isEditable()).toBe(false);
    // About elapsed time itself: the page empties the password box 1 s after it opens (PASSWORD_BLANK_DELAY_MS,
    // against browser autofill); the box must still be empty after that moment.
    await page.waitForTimeout(1_100);
    expect(await field(page, 'Password').inputValue()).toBe('');
    for (const label of ['Full Name', 'City', 'State', 'Country', 'Phone number']) {
      expect(await field(page, label).isEditable()).toBe(true);
    }
    expect(await field(page, 'Full Name').inputValue()).toBe(person.fullName);
    await screenshot(page, 'profile-premium-desktop');

    // Upload New Avatar: the picture appears, and its address serves the image.
    const png = pngImage(96);
    await page.locator('input[type="file"]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    const avatar = main(page).getByRole('img', { name: person.fullName });
    await avatar.waitFor();
    const src = (await avatar.getAttribute('src')) ?? '';
    expect(src).not.toBe('');
    const renderedWidth = () =>
      avatar.evaluate((img) => {
        const { complete, naturalWidth } = img as unknown as { complete: boolean; naturalWidth: number };
        return complete ? naturalWidth : 0;
      });
    await waitFor(async () => (await renderedWidth()) === 96, { what: 'the uploaded avatar to render' });
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\/png/);
    expect(Buffer.compare(await served.body(), png)).toBe(0);
    // The photo is saved when its upload finishes, without Update Account, and the screen says so.
    await page.getByRole('status').filter({ hasText: 'Your new photo is saved.' }).waitFor();
    expect((await readUser(person.id)).photoUrl).toBe(src);
    await screenshot(page, 'profile-avatar-uploaded-desktop');

    // Edit the fields and save.
    const changes = {
      'Full Name': 'Parker Updated',
      City: 'Austin',
      State: 'Texas',
      Country: 'United States',
      'Phone number': '+1 512 555 0100',
    };
    for (const [label, value] of Object.entries(changes)) await field(page, label).fill(value);
    await field(page, 'Password').fill('Profile-New-Passw0rd!');
    // A new password needs the current one (the field appears once a new password is typed).
    await field(page, 'Current Password').fill(person.password);
    await page.getByRole('button', { name: 'Update Account' }).click();
    const saved = page.getByRole('alert').filter({ hasText: SAVED });
    await saved.waitFor();
    expect((await saved.textContent())?.trim()).toBe(SAVED);
    expect(await field(page, 'Password').inputValue()).toBe('');
    await screenshot(page, 'profile-saved-desktop');

    const stored = await readUser(person.id);
    expect(stored).toMatchObject({
      fullName: 'Parker Updated',
      email: person.email,
      city: 'Austin',
      state: 'Texas',
      country: 'United States',
      phoneNumber: '+1 512 555 0100',
      photoUrl: src,
    });
    await signIn({ email: person.email, password: 'Profile-New-Passw0rd!' });

    // The sidebar's user card follows: new name and the photo.
    const card = page.locator('nav[aria-label="Main"]');
    await card.getByText('Parker Updated', { exact: true }).waitFor();
    expect(await card.getByRole('img', { name: 'Parker Updated' }).getAttribute('src')).toBe(src);

    // After a reload the saved values are what the form shows.
    await openProfile(page);
    for (const [label, value] of Object.entries(changes)) expect(await field(page, label).inputValue()).toBe(value);
    expect(await main(page).getByRole('img', { name: 'Parker Updated' }).getAttribute('src')).toBe(src);
  });

  it('refuses a file that is not an image, and saves on a phone', async () => {
    const person = await createPerson('basic', 'profile-phone', 'Morgan Mobile');
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, person, '/profile');
    await openProfile(page);
    // About elapsed time itself: past the page's 1 s password blanking (PASSWORD_BLANK_DELAY_MS), nothing changed.
    await page.waitForTimeout(1_100);
    expect(await field(page, 'Email Address').isEditable()).toBe(false);
    await screenshot(page, 'profile-basic-mobile', { fullPage: true });

    let answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/upload');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture at all\n'),
    });
    expect((await answer).status()).toBeGreaterThanOrEqual(400);
    const error = page.getByRole('alert').filter({ hasText: UPLOAD_ERROR });
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe(UPLOAD_ERROR);
    expect(await main(page).getByRole('img', { name: person.fullName }).count()).toBe(0);
    await screenshot(page, 'profile-upload-error-mobile');

    // A text file named .png is refused too: the server checks the content, not the name.
    answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/upload');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('still not a picture\n'),
    });
    expect((await answer).status()).toBeGreaterThanOrEqual(400);
    await error.waitFor();
    expect(await main(page).getByRole('img', { name: person.fullName }).count()).toBe(0);

    await field(page, 'City').fill('Leeds');
    await page.getByRole('button', { name: 'Update Account' }).click();
    await page.getByRole('alert').filter({ hasText: SAVED }).waitFor();
    // Saving scrolls back to the top, where the message is.
    await waitFor(async () => (await page.evaluate('window.scrollY')) === 0, { what: 'the page to scroll to the top' });
    expect((await readUser(person.id)).city).toBe('Leeds');
    // The failed upload belongs to the past once the account is saved: only the saved message stands.
    expect(await page.getByRole('alert').filter({ hasText: UPLOAD_ERROR }).count()).toBe(0);
    await screenshot(page, 'profile-saved-mobile');
  });

  it('turns the weekly digest off and on with the keyboard; the choice survives a reload (phone)', async () => {
    const person = await createPerson('premium', 'profile-digest', 'Devon Digest');
    const api = await signIn(person);
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, person, '/profile');
    const digest = page.getByLabel('Weekly digest', { exact: true });
    await digest.waitFor();
    await waitFor(async () => digest.isEnabled(), { what: 'the settings to load' });
    expect(await digest.isChecked()).toBe(true); // on for everyone until she turns it off
    await digest.focus();
    await page.keyboard.press('Space');
    await page.getByText('You will no longer get the weekly digest.').first().waitFor();
    await waitFor(
      async () => (await api.get<{ emailDigest: boolean }>('/api/notifications/settings')).emailDigest === false,
      { what: 'the digest turned off on the server' },
    );
    await page.reload();
    await waitFor(async () => (await digest.isEnabled()) && !(await digest.isChecked()), {
      what: 'the switch off after a reload',
    });
    expect(await seriousViolations(page)).toEqual([]);
    await digest.focus();
    await page.keyboard.press('Space');
    await page.getByText('You will get the weekly digest every Monday.').first().waitFor();
  });
});

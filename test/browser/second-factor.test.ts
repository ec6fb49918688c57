/**
 * The second factor in the browser: a member enrols on /profile and an admin is made to enrol right after her password,
 * each by reading the secret from the page and computing the code here (as her authenticator app would); then a
 * sign-in with a code and one with a recovery code. Desktop and phone, axe on every new screen. Every test uses
 * people of its own; codes are never reused (the next step's code is accepted: one step of drift).
 */
import { describe, expect, it, jest } from '@jest/globals';
import { timeStep, totpCode } from '../../scripts/lib/second-factor';
import {
  type Page,
  screenshot,
  seriousViolations,
  signInWithCookies,
  useBrowser,
  type ViewportName,
} from '../support/browser';
import { signIn } from '../support/stack-client';
import { admin, createPerson, uniqueEmail } from './fixtures';

jest.setTimeout(120_000);
const pages = useBrowser();

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The secret shown as text, and the recovery codes once confirmed. */
async function readSecret(page: Page): Promise<string> {
  const secret = field(page, 'Secret key');
  await secret.waitFor();
  // The QR code is an image made in the page (a data: address the CSP allows).
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await qr.waitFor();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  return secret.inputValue();
}

async function readRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = await list.getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: 'Download recovery codes' }).waitFor();
  return codes.map((c) => c.trim());
}

async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function codeStep(page: Page, code: string): Promise<void> {
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
  await field(page, 'Code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** A new page (a new browser context: nobody signed in) through the password and the code. */
async function signInWithCode(viewport: ViewportName, email: string, password: string, code: string, shot?: string) {
  const page = await pages.open({ viewport });
  await passwordStep(page, email, password);
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
  if (shot) {
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, shot);
  }
  await codeStep(page, code);
  return page;
}

describe.each<ViewportName>(['desktop', 'mobile'])('two-step verification (%s)', (viewport) => {
  it('a member enrols on /profile, then signs in with a code and with a recovery code', async () => {
    const person = await createPerson('premium', `totp-member-${viewport}`, 'Tess Twostep');
    const page = await pages.open({ viewport });
    await signInWithCookies(page, person, '/profile');
    const section = page.getByRole('region', { name: 'Two-step verification' });
    await section.getByRole('button', { name: 'Set up two-step verification' }).click();
    const secret = await readSecret(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `second-factor-profile-setup-${viewport}`);

    const enrolStep = timeStep();
    await field(page, 'Code').fill(await totpCode(secret, enrolStep));
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = await readRecoveryCodes(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `second-factor-profile-codes-${viewport}`);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('10 recovery codes left.').waitFor();

    // Signed out (a new browser), then in with the next step's code.
    await signInWithCode(
      viewport,
      person.email,
      person.password,
      await totpCode(secret, enrolStep + 1),
      `second-factor-code-step-${viewport}`,
    );
    // And with a recovery code.
    await signInWithCode(viewport, person.email, person.password, codes[0] ?? '');
    // A wrong code says so and stays on the step.
    const wrong = await pages.open({ viewport });
    await passwordStep(wrong, person.email, person.password);
    await field(wrong, 'Code').fill(codes[0] ?? '');
    await wrong.getByRole('button', { name: 'Verify', exact: true }).click();
    await wrong
      .getByText(/That code is not right/)
      .first()
      .waitFor();
    expect(new URL(wrong.url()).pathname).toBe('/signin');
  });

  it('an admin without a second factor is sent to set one up right after her password', async () => {
    const email = uniqueEmail(`totp-admin-${viewport}`);
    const password = `Browser-${Date.now().toString(36)}!`;
    // Made an admin by another admin, never signed in: no second factor yet.
    await (await admin()).post('/api/user/upsert', { fullName: 'Avery Admin', email, role: 'admin', password });

    const page = await pages.open({ viewport });
    await passwordStep(page, email, password);
    await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
    const secret = await readSecret(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `second-factor-forced-setup-${viewport}`);
    // Nothing else opens meanwhile: the app is still on /signin, without a session.
    expect(new URL(page.url()).pathname).toBe('/signin');

    const enrolStep = timeStep();
    await field(page, 'Code').fill(await totpCode(secret, enrolStep));
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    const codes = await readRecoveryCodes(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `second-factor-forced-codes-${viewport}`);
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

    await signInWithCode(viewport, email, password, await totpCode(secret, enrolStep + 1));
    const last = await signInWithCode(viewport, email, password, codes[1] ?? '');
    await last.goto('/profile');
    await last.getByRole('region', { name: 'Two-step verification' }).getByText('9 recovery codes left.').waitFor();
    expect(await seriousViolations(last)).toEqual([]);
  });

  it("an admin resets a member's second factor from the member page, and the member signs in with her password", async () => {
    const person = await createPerson('premium', `totp-reset-${viewport}`, 'Robin Reset');
    // She has signed in and turned two-step verification on (through the API, as /profile does).
    const session = await signIn({ email: person.email, password: person.password });
    const { secret } = await session.post<{ secret: string }>('/api/auth/second-factor/enrol', {});
    await session.post('/api/auth/second-factor/enrol/confirm', { code: await totpCode(secret) });

    const staff = await createPerson('admin', `totp-resetter-${viewport}`, 'Rae Resetter');
    const page = await pages.open({ viewport });
    await signInWithCookies(page, staff);
    await page.goto(`/users/${person.id}`);
    await page.getByRole('heading', { level: 1, name: 'Robin Reset' }).waitFor();
    await page.getByRole('button', { name: 'Reset two-step verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset two-step verification?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `second-factor-reset-${viewport}`);
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('Two-step verification reset for Robin Reset').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Her password alone signs her in now.
    const member = await pages.open({ viewport });
    await passwordStep(member, person.email, person.password);
    await member.waitForURL((url) => !url.pathname.startsWith('/signin'));
    // A second reset says there is nothing to reset.
    await page.getByRole('button', { name: 'Reset two-step verification' }).click();
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText(/Two-step verification was not reset: No second factor is set up/).waitFor();
  });
});

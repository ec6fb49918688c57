/**
 * Issue 24 in the browser: a member enrols on /profile and an admin is made to enrol right after her password,
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
});

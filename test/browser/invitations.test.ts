/**
 * Invitations in the browser, against the running stack: an admin adds a person without a password with
 * "Send an invitation e-mail" ticked; the test reads the e-mail's link from the stack's mail catcher, opens it, sets
 * a password and lands signed in on the dashboard; the used link then says so. The invitation page is axe-clean
 * (serious and critical, WCAG 2.2 AA) at desktop and phone sizes.
 */

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Page, screenshot, settle, signInWithCookies, useBrowser, type ViewportName } from '../support/browser';
import { readMail } from '../support/stack-client';
import { admin, uniqueEmail } from './fixtures';

jest.setTimeout(120_000);
const pages = useBrowser();

const TITLE = 'Welcome to Rainmakers — set your password';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
let axeSource = '';

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
});

/** Serious and critical axe-core violations on the page as it is now, as readable lines. */
async function axeProblems(page: Page): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(`${axeSource};\ntrue`);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target) })))`,
  )) as { id: string; impact: string | null; targets: unknown[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} ${JSON.stringify(v.targets.slice(0, 3))}`);
}

async function invitationLink(email: string, since: Date): Promise<string> {
  const mail = await readMail(email, { subject: /invited/i, since, timeoutMs: 60_000 });
  const link = mail.links.find((l) => l.includes('/invitation/'));
  if (!link) throw new Error(`no invitation link in the mail to ${email}: ${mail.text}`);
  return link;
}

/** Opens the link, checks the page (axe, screenshot), sets a password and lands on the dashboard. */
async function acceptThroughUi(page: Page, link: string, viewport: ViewportName, password: string): Promise<void> {
  await page.goto(new URL(link).pathname);
  await page.getByRole('heading', { name: TITLE }).waitFor();
  expect(await axeProblems(page)).toEqual([]);
  await screenshot(page, `invitation-${viewport}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await screenshot(page, `invitation-signed-in-${viewport}`);
}

describe('invitations', () => {
  it('an admin adds a person with the invitation ticked; the link sets a password and signs in (desktop)', async () => {
    const t = randomUUID().slice(0, 8);
    const email = `invitee-${t}@browser.test`;
    const page = await pages.open({ viewport: 'desktop' });
    await signInWithCookies(page, 'admin', `/users?search=${t}`);
    await page.getByRole('main').getByRole('button', { name: 'Add new User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new User' });
    await dialog.getByLabel('Full name').fill(`${t} Invitee`);
    await dialog.getByLabel('Email').fill(email);
    const box = dialog.getByRole('checkbox', { name: 'Send an invitation e-mail' });
    expect(await box.isChecked()).toBe(true);
    await screenshot(page, 'invitation-add-user-desktop');
    // Typing a password hides the choice (a person with a password needs no invitation); clearing it brings it back.
    await dialog.getByLabel('Password (optional)').fill('Some-Passw0rd!');
    await box.waitFor({ state: 'detached' });
    await dialog.getByLabel('Password (optional)').fill('');
    await box.waitFor();
    const since = new Date();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User created successfully', { exact: true }).first().waitFor();

    const link = await invitationLink(email, since);
    const visitor = await pages.open({ viewport: 'desktop' });
    await acceptThroughUi(visitor, link, 'desktop', 'Invited-Passw0rd!');
    await visitor.getByText(email).first().waitFor();

    // The used link says so on the page.
    const again = await pages.open({ viewport: 'desktop' });
    await again.goto(new URL(link).pathname);
    await again.getByLabel('Password', { exact: true }).fill('Another-Passw0rd!');
    await again.getByLabel('Confirm password', { exact: true }).fill('Another-Passw0rd!');
    await again.getByRole('button', { name: 'Set password and sign in' }).click();
    await again
      .getByText(/already used/)
      .first()
      .waitFor();
    expect(new URL(again.url()).pathname).toMatch(/^\/invitation\//);
    await screenshot(again, 'invitation-used-desktop');
  });

  it('the invitation page works on a phone', async () => {
    const email = uniqueEmail('phone-invitee');
    const since = new Date();
    await (await admin()).post('/api/user/upsert', {
      fullName: 'Phone Invitee',
      email,
      role: 'basic',
      sendInvitation: true,
    });
    const link = await invitationLink(email, since);
    const page = await pages.open({ viewport: 'mobile' });
    // The dashboard is a signed-in screen: reaching it is the sign-in (the phone layout hides the account e-mail).
    await acceptThroughUi(page, link, 'mobile', 'Phone-Passw0rd!');
  });
});

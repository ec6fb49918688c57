/**
 * Billing in Chromium with the local Stripe stand-in: a blocked member walks Fix -> the stand-in's customer portal
 * -> pays the open invoice -> back in, on the dashboard (the stand-in's signed webhook went through the gateway to
 * billing, users and the gateway's profile); a basic member buys a paid upgrade with the card element (empty card,
 * a declined card, then a card that needs 3-D Secure) and Close opens it. Desktop and phone; screenshots kept.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import Stripe from 'stripe';
import { type Page, screenshot, settle, signInThroughUi, signInWithCookies, useBrowser } from '../support/browser';
import { stackInfo } from '../support/stack-client';
import { createPerson, readUser } from './fixtures';

const PAID_UPGRADE = 'PPC Launch Playbook';

jest.setTimeout(120_000);
const pages = useBrowser();

const standInUrl = () => `http://127.0.0.1:${stackInfo().ports.stripe}`;

/** axe-core (WCAG 2.x A and AA) on the page as it is now: the serious and critical violations' ids and targets. */
async function axeProblems(page: Page): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate('typeof window.axe === "object"'))) {
    const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(`${source};\ntrue`);
  }
  return (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'] }).then((r) => r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ' ' + JSON.stringify(v.nodes.map((n) => n.target))))`,
  )) as string[];
}

/** A new member with a stand-in customer whose subscription went past_due (billing and users know it). */
async function blockedMember(label: string, fullName: string) {
  const person = await createPerson('basic', label, fullName);
  const url = new URL(standInUrl());
  const stripe = new Stripe('sk_test_stand_in', { host: url.hostname, port: url.port, protocol: 'http' });
  const customer = await stripe.customers.create({ email: person.email, metadata: { userId: String(person.id) } });
  const response = await fetch(`${standInUrl()}/_stand-in/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer: customer.id, status: 'past_due' }),
  });
  expect(response.status).toBe(200);
  await waitFor(async () => {
    const user = await readUser(person.id);
    return user.stripeStatus === 'past_due' && user.stripeCustomerId === customer.id ? true : null;
  });
  return person;
}

async function walkFixLoop(page: Page, shot: string) {
  await page.waitForURL((url) => url.pathname === '/blocked');
  await page.getByRole('heading', { name: "Looks like there's a problem with your subscription" }).waitFor();
  expect(await axeProblems(page)).toEqual([]);
  await screenshot(page, `billing-blocked-${shot}`);
  await page.getByRole('button', { name: 'Fix' }).click();
  await page.waitForURL((url) => url.origin === standInUrl() && url.pathname.startsWith('/portal/'));
  await page.getByRole('heading', { name: 'Billing portal' }).waitFor();
  expect(await page.getByText('past_due').count()).toBe(1);
  await screenshot(page, `billing-portal-${shot}`);
  await page.getByRole('button', { name: 'Pay invoice' }).click();
  await page.getByRole('status').filter({ hasText: 'Invoice paid' }).waitFor();
  expect(await page.getByText('active', { exact: true }).count()).toBe(1);
  await page.getByRole('link', { name: 'Return to Rainmakers' }).click();
  await page.waitForURL((url) => url.origin === new URL(stackInfo().gatewayUrl).origin);
  // Back in: the dashboard, at once or (when the browser came back before the webhook's news reached the
  // gateway) after /blocked has asked for the session again; then it stays.
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.waitForTimeout(1_000);
  expect(new URL(page.url()).pathname).toBe('/');
  await page.getByRole('main').waitFor();
  await screenshot(page, `billing-back-in-${shot}`);
}

describe('the Fix loop with the Stripe stand-in', () => {
  it('a blocked member pays the open invoice in the portal and is back on the dashboard (desktop)', async () => {
    const person = await blockedMember('fix-loop', 'Frankie Fixer');
    const page = await pages.open({ viewport: 'desktop', allowOrigins: [standInUrl()] });
    await signInThroughUi(page, person);
    await walkFixLoop(page, 'desktop');
    expect((await readUser(person.id)).stripeStatus).toBe('active');
  });

  it('the same on a phone', async () => {
    const person = await blockedMember('fix-loop-phone', 'Parker Phone');
    const page = await pages.open({ viewport: 'mobile', allowOrigins: [standInUrl()] });
    await signInThroughUi(page, person);
    await walkFixLoop(page, 'mobile');
  });
});

describe('buying a paid upgrade with the card element', () => {
  async function fillCard(page: Page, number: string) {
    const dialog = page.getByRole('dialog', { name: `Buy ${PAID_UPGRADE}` });
    await dialog.getByLabel('Card number').fill(number);
    await dialog.getByLabel('Expiration date MM / YY').fill('12 / 34');
    await dialog.getByLabel('CVC').fill('123');
  }

  async function buy(page: Page, shot: string) {
    await page.goto('/resources');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: PAID_UPGRADE }) });
    await card.getByRole('button', { name: 'Buy for $49.00' }).click();
    const dialog = page.getByRole('dialog', { name: `Buy ${PAID_UPGRADE}` });
    await dialog.getByLabel('Card number').waitFor();
    const pay = dialog.getByRole('button', { name: 'Pay $49.00' });

    // No card yet.
    await pay.click();
    await dialog.getByRole('alert').filter({ hasText: 'Please enter a card' }).waitFor();

    // A declined card: the card's message under the card, never the success state.
    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    await dialog.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await page.getByText('Payment successful').count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, `billing-purchase-declined-${shot}`);

    // A card that needs 3-D Secure: the bank's page (the stand-in's), then success.
    await fillCard(page, '4000 0027 6000 3184');
    await pay.click();
    const secure = page.getByRole('dialog', { name: '3D Secure authentication' });
    await secure.waitFor();
    await screenshot(page, `billing-purchase-3ds-${shot}`);
    await secure.getByRole('button', { name: 'Complete authentication' }).click();
    const done = page.getByRole('dialog', { name: 'Payment successful' });
    await done.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, `billing-purchase-success-${shot}`);
    await done.getByRole('button', { name: 'Close' }).click();
    await done.waitFor({ state: 'detached' });

    // Bought: Close opens what she bought, not the grid.
    await page.getByRole('heading', { name: 'Week 1' }).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, `billing-purchase-opened-${shot}`);
  }

  it('a basic member buys it (declined, then 3-D Secure) and opens it (desktop)', async () => {
    const person = await createPerson('basic', 'buyer', 'Bailey Buyer');
    const page = await pages.open({ viewport: 'desktop', allowOrigins: [standInUrl()] });
    await signInThroughUi(page, person);
    await buy(page, 'desktop');
    await waitFor(async () =>
      ((await readUser(person.id)) as { Resources?: Array<{ title: string }> }).Resources?.some(
        (r) => r.title === PAID_UPGRADE,
      )
        ? true
        : null,
    );
  });

  it('the same on a phone', async () => {
    const person = await createPerson('basic', 'buyer-phone', 'Parker Purchase');
    const page = await pages.open({ viewport: 'mobile', allowOrigins: [standInUrl()] });
    await signInThroughUi(page, person);
    await buy(page, 'mobile');
  });
});

describe('Sync with Stripe', () => {
  it.each(['desktop', 'mobile'] as const)(
    'the admin runs it from the Options menu of /users (%s)',
    async (viewport) => {
      const page = await pages.open({ viewport });
      await signInWithCookies(page, 'admin', '/users');
      await page.getByRole('button', { name: 'Options' }).click();
      await page.getByRole('menuitem', { name: 'Sync with Stripe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sync with Stripe' });
      await dialog.waitFor();
      await dialog
        .getByText(/Sync with Stripe complete: \d+ subscription\(s\) read, \d+ customer\(s\) checked/)
        .waitFor({
          timeout: 30_000,
        });
      expect(await axeProblems(page)).toEqual([]);
      await screenshot(page, `billing-sync-${viewport}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    },
  );
});

/**
 * The Power Profit Tool in Chromium against the running stack: a new premium member starts from the empty state,
 * adds, edits (every form), views the metrics of and deletes products on every tab; the seeded premium member sees
 * the three seeded products; a basic member sees the Additional Fees locked; the phone layout. axe-core finds no
 * serious or critical violation. Screenshots: test-artifacts/screenshots/tools-*.png.
 */

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Page, screenshot, settle, signInWithCookies, useBrowser } from '../support/browser';
import { createPerson } from './fixtures';

jest.setTimeout(180_000);

const pages = useBrowser();
let axeSource = '';

beforeAll(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
});

/** The serious and critical axe-core violations of the page as it is now (ids and targets). */
async function seriousViolations(page: Page): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(`${axeSource};\ntrue`);
  return (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a','wcag2aa','wcag21a','wcag21aa','wcag22aa'] }, resultTypes: ['violations'] })
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ' ' + JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))))`,
  )) as string[];
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

async function fill(page: Page, values: Record<string, string>) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values))
    await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
}

async function saveDialog(page: Page, toast: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(toast).first().waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('Power Profit Tool', () => {
  it('a premium member adds, edits, views and deletes products on every tab', async () => {
    const member = await createPerson('premium', 'ppt-premium', 'Paula Profit');
    const page = await pages.open();
    await signInWithCookies(page, member, '/profit-calculator');
    await page.getByRole('heading', { name: 'Power Profit Tool', level: 1 }).waitFor();
    await page.getByText('You currently do not have any existing products').waitFor();
    await screenshot(page, 'tools-ppt-empty');
    expect(await seriousViolations(page)).toEqual([]);

    // Add: required fields first, then a complete product (example A of docs/profit-formulas.md).
    await page.getByRole('button', { name: 'Add my first Product' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByText('this field cannot be empty').waitFor();
    expect(await page.getByRole('dialog').getByText('this field is required').count()).toBe(5);
    await page.getByRole('button', { name: 'Help: Number of Units' }).hover();
    await page
      .getByRole('tooltip')
      .getByText(/bulk order/)
      .waitFor();
    await screenshot(page, 'tools-ppt-form-errors');
    await fill(page, {
      'Title *': 'Garlic press',
      Description: 'Stainless steel',
      'Number of Units *': '1000',
      'Manufacturing Cost Per Unit *': '4.20',
      'Shipping and Customs Per Unit *': '1.30',
      'Amazon Fulfillment Fees *': '7.85',
      'Amazon Retail Price *': '29.99',
    });
    await saveDialog(page, 'Product created successfully');
    const press = card(page, 'Garlic press');
    await press.getByText('$9.14').waitFor();
    await press.getByText('30.48%').waitFor();

    // A second product goes to the top.
    await page.getByRole('button', { name: 'Add a Product' }).click();
    await fill(page, {
      'Title *': 'Yoga block set',
      'Number of Units *': '300',
      'Manufacturing Cost Per Unit *': '6.40',
      'Shipping and Customs Per Unit *': '3.10',
      'Amazon Fulfillment Fees *': '8.90',
      'Amazon Retail Price *': '24.99',
    });
    await saveDialog(page, 'Product created successfully');
    await expect(page.getByRole('article').first().getAttribute('aria-label')).resolves.toBe('Yoga block set');

    // Promotion tab: Edit Metrics opens the promotion form.
    await page.getByRole('tab', { name: 'Promotion' }).click();
    await page.getByRole('heading', { name: 'Promotion', level: 2 }).waitFor();
    await press.getByRole('button', { name: 'Edit Metrics' }).click();
    await fill(page, { 'Units Per Day': '20', 'Percentage Off': '95', 'Number of Days': '7' });
    await saveDialog(page, 'Product saved successfully');
    await press.getByText('$3,988.60').waitFor();
    await press.getByText('$210.00').waitFor();

    await page.getByRole('tab', { name: 'Advertising' }).click();
    await press.getByText('—').waitFor();
    await press.getByRole('button', { name: 'Edit Metrics' }).click();
    await fill(page, { 'Advertising Spend': '450', 'Advertising Sales': '1800' });
    await saveDialog(page, 'Product saved successfully');
    await press.getByText('25.00%').waitFor();

    await page.getByRole('tab', { name: 'Planning' }).click();
    await press.getByRole('button', { name: 'Edit Metrics' }).click();
    await fill(page, { 'Projected Units Per Month': '300', 'Daily Advertising Cost': '15' });
    await saveDialog(page, 'Product saved successfully');
    await press.getByText('$8,997.00').waitFor();
    await press.getByText('$2,292.00').waitFor();

    await page.getByRole('tab', { name: 'View All' }).click();
    await page.getByRole('heading', { name: 'View All', level: 2 }).waitFor();
    for (const figure of ['$9.14', '$3,988.60', '25.00%', '$2,292.00']) await press.getByText(figure).waitFor();
    await screenshot(page, 'tools-ppt-view-all', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Detail view: the fees slider, the hint under 25 %, out-of-range input ignored, dollars, save.
    await press.getByRole('button', { name: 'View Metrics' }).click();
    await page.getByRole('button', { name: 'back to products' }).waitFor();
    await expect(page.getByRole('tab', { name: 'Product' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByText('Total Additional Fees').waitFor();
    const fees = page.getByLabel('Percent of retail price');
    await fees.fill('80');
    await expect(fees.inputValue()).resolves.toBe('25');
    await fees.fill('20');
    await page.getByText('We suggest a minimum of 25% of your Amazon retail price.').waitFor();
    await page.getByRole('button', { name: 'Dollar' }).click();
    await expect(page.getByLabel('Dollars per unit').inputValue()).resolves.toBe('6');
    await page.getByLabel('Dollars per unit').fill('15');
    await expect(page.getByLabel('Dollars per unit').inputValue()).resolves.toBe('6');
    await page.getByLabel('Dollars per unit').fill('14.99');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Product saved successfully').first().waitFor();
    // $14.99 of $29.99 is 49.98 %: $14.99 a unit.
    await page.getByRole('definition').filter({ hasText: '$14.99' }).waitFor();
    await screenshot(page, 'tools-ppt-detail', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'back to products' }).click();

    // Delete from the edit form.
    await card(page, 'Yoga block set').getByRole('button', { name: 'Edit Yoga block set' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete product' }).click();
    await page.getByText('Product deleted successfully').first().waitFor();
    await card(page, 'Yoga block set').waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(1);
  });

  it('the seeded premium member sees the three seeded products; phone layout', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'premium', '/profit-calculator');
    for (const title of ['Garlic press', 'Silicone baking mat (2-pack)', 'Yoga block set']) {
      await card(page, title).waitFor();
    }
    await screenshot(page, 'tools-ppt-mobile', { fullPage: true });
    await card(page, 'Garlic press').getByRole('button', { name: 'Edit Garlic press' }).click();
    await page.getByRole('dialog').getByRole('heading').waitFor();
    await screenshot(page, 'tools-ppt-mobile-form');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a basic member sees the additional fees locked and blurred with an upgrade link', async () => {
    const member = await createPerson('basic', 'ppt-basic', 'Bea Basic');
    const page = await pages.open();
    await signInWithCookies(page, member, '/profit-calculator');
    await page.getByRole('button', { name: 'Add my first Product' }).click();
    await fill(page, {
      'Title *': 'Phone stand',
      'Number of Units *': '200',
      'Manufacturing Cost Per Unit *': '1.10',
      'Shipping and Customs Per Unit *': '0.40',
      'Amazon Fulfillment Fees *': '4.50',
      'Amazon Retail Price *': '14.99',
    });
    await saveDialog(page, 'Product created successfully');
    await card(page, 'Phone stand').getByRole('button', { name: 'View Metrics' }).click();
    await page.getByText('Additional fees are locked on your membership').waitFor();
    await page.getByRole('link', { name: 'Upgrade to unlock' }).waitFor();
    expect(await page.getByText('Total Additional Fees').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Percent of retail price' }).count()).toBe(0);
    expect(await page.getByRole('slider').count()).toBe(0);
    await screenshot(page, 'tools-ppt-basic-locked');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

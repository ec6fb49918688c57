/**
 * The resources screen and the banner screen in Chromium against the running stack (seeded resources, categories and
 * banners): a basic member searches, filters by type and category (the address follows without a reload), reads an
 * article and comes back, meets 'No resources found.', Read More, and a locked paid upgrade that opens the purchase
 * dialog; an admin adds, edits and deletes a category and a resource (section 5 rules, tooltip, toasts); an admin edits,
 * deletes and recreates a banner; the phone layout ('See more / less categories'). axe-core finds no serious or
 * critical violation. Screenshots: test-artifacts/screenshots/resources-*.png.
 *
 * @runs-alone it adds, edits and deletes categories, resources and the dashboard banners.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { stackInfo } from '../support/stack-client';
import { admin } from './fixtures';

jest.setTimeout(180_000);

const pages = useBrowser();

declare const document: { querySelector(selector: string): { checked: boolean } | null };

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const grid = (page: Page) => page.getByRole('region', { name: 'Resources' });
const cardTitles = async (page: Page) => grid(page).locator('article h2').allInnerTexts();

/** Waits until the grid shows exactly these cards (in any order). */
async function expectCards(page: Page, titles: string[]) {
  const wanted = [...titles].sort();
  await waitFor(async () => JSON.stringify((await cardTitles(page)).sort()) === JSON.stringify(wanted), {
    what: `the cards ${wanted.join(', ')}`,
    timeoutMs: 10_000,
  });
}

async function waitForToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).filter({ visible: true }).first().waitFor();
}

async function categoryIdOf(name: string): Promise<number> {
  const { resourceCategories } = await (await admin()).get<{ resourceCategories: { id: number; name: string }[] }>(
    '/api/resource/category/read-many',
  );
  const found = resourceCategories.find((c) => c.name === name);
  if (!found) throw new Error(`No category ${name}`);
  return found.id;
}

describe('Resources screen', () => {
  it('a basic member searches, filters, reads an article and meets a paid upgrade', async () => {
    // The purchase dialog loads Stripe.js from the project's Stripe stand-in.
    const page = await pages.open({ allowOrigins: [`http://127.0.0.1:${stackInfo().ports.stripe}`] });
    await signInWithCookies(page, 'basic', '/resources');
    await page.getByRole('heading', { name: 'Resources', level: 1 }).waitFor();
    await card(page, 'Supplier vetting checklist').waitFor();
    // Basic members do not see what is included with premium.
    expect(await cardTitles(page)).not.toContain('Freight forwarder directory');
    expect(await cardTitles(page)).toContain('PPC Launch Playbook');
    await screenshot(page, 'resources-basic-grid');
    expect(await seriousViolations(page)).toEqual([]);

    // Read More: the description is cut at 80 characters until asked.
    const vetting = card(page, 'Supplier vetting checklist');
    await expect(vetting.getByText(/Before you pay a deposit/i).count()).resolves.toBe(0);
    await vetting.getByRole('button', { name: 'Read More' }).click();
    await vetting.getByText(/before you pay a deposit\.$/).waitFor();

    // Search (debounced): only matching cards; then nothing.
    const search = page.getByRole('searchbox', { name: 'Search Resources' });
    await search.fill('vetting');
    await expectCards(page, ['Supplier vetting checklist']);
    await search.fill('zzz-no-such-thing');
    await page.getByText('No resources found.').waitFor();
    await screenshot(page, 'resources-empty');
    await search.fill('');
    await card(page, 'Amazon Seller Central help').waitFor();

    // Type: the marketplace lists paid upgrades only; the address follows without a reload.
    const marker = await page.evaluate('window.marker = 42');
    await page.getByRole('radio', { name: 'Marketplace (Paid Upgrades)' }).click();
    await page.waitForURL(/type=marketplace/);
    await expectCards(page, ['Listing copy review', 'PPC Launch Playbook']);
    await page.getByRole('radio', { name: 'My Purchases' }).click();
    await page.waitForURL(/type=my-purchases/);
    await page.getByText('No resources found.').waitFor();
    await page.getByRole('radio', { name: 'All Resources' }).click();
    await page.waitForURL((url) => !url.search.includes('type='));

    // Categories: repeated in the address.
    const listings = await categoryIdOf('Listings');
    const sourcing = await categoryIdOf('Sourcing');
    await page.getByRole('checkbox', { name: 'Listings' }).click();
    await page.waitForURL(new RegExp(`categories=${listings}`));
    await page.getByRole('checkbox', { name: 'Sourcing' }).click();
    await page.waitForURL(new RegExp(`categories=${listings}&categories=${sourcing}`));
    await expectCards(page, [
      'Amazon Seller Central help',
      'Listing copy review',
      'Product photography on a budget',
      'Supplier vetting checklist',
    ]);
    expect(await page.evaluate('window.marker')).toBe(marker);
    await screenshot(page, 'resources-filtered');

    // The article reader, then back.
    await card(page, 'Supplier vetting checklist')
      .getByRole('button', { name: /^Read:/ })
      .click();
    await page.waitForURL(/id=\d+/);
    await page.getByRole('heading', { name: 'Supplier vetting checklist', level: 1 }).waitFor();
    await page
      .getByRole('region', { name: 'Supplier vetting checklist' })
      .getByRole('heading', { name: 'Before you message a supplier' })
      .waitFor();
    await page.getByRole('region', { name: 'Supplier vetting checklist' }).locator('table').waitFor();
    await screenshot(page, 'resources-article');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'back to resources' }).click();
    await page.waitForURL((url) => !url.search.includes('id='));
    await card(page, 'Supplier vetting checklist').waitFor();
    expect(await page.evaluate('window.marker')).toBe(marker);

    // A locked paid upgrade without a purchase URL opens the purchase dialog; the server sent no url or body.
    await page.getByRole('checkbox', { name: 'Listings' }).click();
    await page.waitForURL((url) => !url.searchParams.getAll('categories').includes(String(listings)));
    await page.getByRole('checkbox', { name: 'Sourcing' }).click();
    await page.waitForURL((url) => !url.search.includes('categories='));
    await card(page, 'PPC Launch Playbook')
      .getByRole('button', { name: /Buy for \$49\.00/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText('PPC Launch Playbook').first().waitFor();
    await screenshot(page, 'resources-purchase-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const locked = await page.evaluate(
      `fetch('/api/resource/read-many?type=marketplace').then((r) => r.json())
        .then((body) => body.resources.find((r) => r.title === 'PPC Launch Playbook'))`,
    );
    expect(locked).toMatchObject({ url: null, accessible: false });

    // A link opened by its address (the dashboard's Recent Resources link to /resources?id=): the way there.
    const { resources } = await (await admin()).get<{ resources: { id: number; title: string }[] }>(
      '/api/resource/read-many?search=Seller%20Central',
    );
    const link = resources.find((r) => r.title === 'Amazon Seller Central help');
    await page.goto(`/resources?id=${link?.id}`);
    await page.getByRole('heading', { name: 'Amazon Seller Central help', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Visit' }).getAttribute('href')).toBe(
      'https://sellercentral.amazon.com/help/hub/reference',
    );
  });

  it('an admin adds, edits and deletes a category and a resource', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', '/resources');
    await card(page, 'Supplier vetting checklist').waitFor();

    // Category: add (the resource wording), rename, later delete.
    await page.getByRole('button', { name: 'Add Category' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('This field is required').waitFor();
    await dialog.getByRole('textbox', { name: /^Name\b/ }).fill('Browser Tools');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Resource created successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit category Browser Tools' }).click();
    await dialog.getByRole('textbox', { name: /^Name\b/ }).fill('Browser Tooling');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Resource saved successfully');
    await page.getByRole('checkbox', { name: 'Browser Tooling' }).waitFor();

    // Resource: required fields, the for-sale fields with the tooltip, then saved.
    await page.getByRole('button', { name: 'Add New Resource' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await dialog.getByText('This field is required').count()).toBe(3);
    await screenshot(page, 'resources-form-errors');
    expect(await dialog.getByRole('textbox', { name: 'Price' }).count()).toBe(0);
    await dialog.getByRole('radio', { name: 'Paid Upgrade (For Sale)' }).check();
    await dialog.getByRole('textbox', { name: 'Price' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Purchase URL' }).waitFor();
    await dialog.getByRole('button', { name: /Fill in either Price OR Purchase URL/ }).hover();
    await page
      .getByRole('tooltip')
      .getByText(/at least one Required Tag/)
      .waitFor();
    await dialog.getByRole('textbox', { name: /^Title\b/ }).fill('Browser keyword sheet');
    await dialog.getByRole('textbox', { name: /^Description\b/ }).fill('A keyword research spreadsheet template.');
    await dialog.getByRole('radio', { name: 'Article' }).check();
    await dialog.getByRole('textbox', { name: /^URL\b/ }).fill('https://example.com/sheet');
    await dialog.getByRole('textbox', { name: 'Article content (markdown)' }).fill('## Tabs\n\nOne per market.');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Fill in either Price or Purchase URL').waitFor();
    await dialog.getByRole('textbox', { name: 'Price' }).fill('12.50');
    await screenshot(page, 'resources-form');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Resource created successfully');
    await dialog.waitFor({ state: 'detached' });
    await card(page, 'Browser keyword sheet').waitFor();

    // Edit: saved, with the new category.
    await card(page, 'Browser keyword sheet').getByRole('button', { name: 'Edit Browser keyword sheet' }).click();
    await dialog.getByRole('textbox', { name: 'Article content (markdown)' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Article content (markdown)' }).inputValue()).toContain(
      'One per market',
    );
    await dialog.getByRole('textbox', { name: /^Title\b/ }).fill('Browser keyword workbook');
    await dialog.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: 'Browser Tooling' }).click();
    await dialog.getByRole('heading', { name: 'Edit Resource' }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Resource saved successfully');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Browser Tooling' }).click();
    await expectCards(page, ['Browser keyword workbook']);

    // Delete the resource, then the category.
    await card(page, 'Browser keyword workbook').getByRole('button', { name: 'Edit Browser keyword workbook' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete this resource?' })
      .getByRole('button', { name: 'Delete resource' })
      .click();
    await waitForToast(page, 'Resource deleted successfully');
    await page.getByText('No resources found.').waitFor();
    await page.getByRole('button', { name: 'Edit category Browser Tooling' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete category' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await waitForToast(page, 'Category deleted successfully');
    await page.getByRole('checkbox', { name: 'Browser Tooling' }).waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.search.includes('categories='));
  });

  it('an admin edits, deletes and creates a dashboard banner', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard Banners' }).click();
    await page.getByRole('heading', { name: 'Dashboard Banners', level: 1 }).waitFor();
    const basic = page.getByRole('region', { name: 'Basic banner' });
    await basic.getByText('Ready for the next step?').waitFor();
    await page.getByRole('region', { name: 'Premium banner' }).getByText('Average shipping rate: $0.62').waitFor();
    await screenshot(page, 'resources-banners');
    expect(await seriousViolations(page)).toEqual([]);

    await basic.getByRole('button', { name: 'Edit the basic banner' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('textbox', { name: 'Average shipping rate' }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: /^Title\b/ }).fill('');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('This field is required').waitFor();
    await dialog.getByRole('textbox', { name: /^Title\b/ }).fill('Upgrade today');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Banner updated successfully');
    await basic.getByText('Upgrade today').waitFor();

    await basic.getByRole('button', { name: 'Edit the basic banner' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete banner' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await waitForToast(page, 'Banner deleted successfully');
    await basic.getByText('No banner yet').waitFor();

    await basic.getByRole('button', { name: 'Create the basic banner' }).click();
    await dialog.getByRole('textbox', { name: /^Title\b/ }).fill('Ready for the next step?');
    await dialog.getByRole('textbox', { name: /^Content\b/ }).fill('Upgrade to premium.');
    await dialog.getByRole('textbox', { name: /^Button\stext\b/ }).fill('Apply To Upgrade');
    await dialog.getByRole('textbox', { name: /^Button\sURL\b/ }).fill('https://example.com/apply');
    await screenshot(page, 'resources-banner-form');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Banner created successfully');
    await basic.getByText('Ready for the next step?').waitFor();

    await page
      .getByRole('region', { name: 'Premium banner' })
      .getByRole('button', { name: 'Edit the premium banner' })
      .click();
    await dialog.getByRole('textbox', { name: 'Average shipping rate' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('phone layout: the search above the cards, the other filters behind a Filters button', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'premium', '/resources');
    await card(page, 'Freight forwarder directory').waitFor();
    const aside = page.getByRole('complementary', { name: 'Filters' });
    await aside.getByRole('searchbox', { name: 'Search Resources' }).waitFor();
    // The first screen shows the cards, not every category.
    expect(await aside.getByRole('checkbox').count()).toBe(0);
    const first = await grid(page).getByRole('article').first().boundingBox();
    expect(first?.y).toBeLessThan(844);
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'resources-phone');
    expect(await seriousViolations(page)).toEqual([]);

    // The same filters as on a desktop, in a sheet: type and every category.
    await aside.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await sheet.getByRole('radiogroup', { name: 'Show' }).waitFor();
    const checkboxes = sheet.getByRole('checkbox');
    expect(await checkboxes.count()).toBeGreaterThanOrEqual(4);
    await sheet.getByRole('link', { name: /Recommend A Resource/ }).waitFor();
    await screenshot(page, 'resources-phone-filters');
    expect(await seriousViolations(page)).toEqual([]);
    const category = ((await checkboxes.first().locator('xpath=ancestor::label').textContent()) ?? '').trim();
    // The box follows the address (a controlled checkbox): click, then wait for the address and the box.
    await checkboxes.first().click();
    await page.waitForURL((url) => url.searchParams.getAll('categories').length === 1);
    await page.waitForFunction(
      () => document.querySelector('[role="dialog"] input[type="checkbox"]')?.checked === true,
    );
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await sheet.waitFor({ state: 'hidden' });
    // The button says how many filters are on; opening it again shows the choice kept.
    await aside.getByRole('button', { name: 'Filters (1)' }).click();
    expect(
      await page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: category }).isChecked(),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Filters' }).waitFor({ state: 'hidden' });
  });
});

/**
 * The Power Profit Tool in Chromium against the running stack: a new premium member starts from the empty state,
 * adds, edits (every form), views the metrics of and deletes products on every tab; the seeded premium member sees
 * the three seeded products; a basic member sees the Additional Fees locked; the phone layout. axe-core finds no
 * serious or critical violation. Screenshots: test-artifacts/screenshots/tools-*.png.
 */

import { describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { DETAILED_STEPS } from '../../scripts/lib/ai-stand-in';
import { type Page, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { listMail } from '../support/stack-client';
import { createPerson } from './fixtures';

jest.setTimeout(180_000);

const pages = useBrowser();

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

async function fill(page: Page, values: Record<string, string>) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values))
    await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
}

async function saveDialog(page: Page, toast: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(toast).filter({ visible: true }).first().waitFor();
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
    await page.getByRole('dialog').getByText('This field is required').first().waitFor();
    expect(await page.getByRole('dialog').getByText('This field is required').count()).toBe(6);
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

    // Compare the two side by side.
    await press.getByRole('checkbox', { name: 'Compare' }).check();
    await card(page, 'Yoga block set').getByRole('checkbox', { name: 'Compare' }).check();
    await page.getByRole('button', { name: 'Compare (2)' }).click();
    const compare = page.getByRole('dialog', { name: 'Compare products' });
    await compare.getByRole('columnheader', { name: 'Garlic press' }).waitFor();
    // The chart (MUI X Charts, loaded now) is described in text for screen readers.
    const chart = compare.getByRole('figure', { name: 'Where each sale goes (per unit)' });
    await expect(chart.getAttribute('aria-describedby')).resolves.toBe('compare-chart-text');
    const description = chart.locator('#compare-chart-text');
    await description.waitFor({ state: 'attached' });
    const described = await description.textContent();
    expect(described).toContain('Garlic press: landed cost $5.50, fees $15.35, profit $9.14 per unit.');
    expect(described).toMatch(/Yoga block set: landed cost \$9\.50, fees /);
    await chart.locator('svg').first().waitFor();
    await chart.getByText('Landed cost', { exact: true }).waitFor();
    await screenshot(page, 'tools-ppt-compare');
    expect(await seriousViolations(page)).toEqual([]);
    await compare.getByRole('button', { name: 'Close' }).click();

    // Detail view: its own address, a reload keeps it, Back returns to the list.
    await press.getByRole('button', { name: 'View Metrics' }).click();
    await page.getByRole('button', { name: 'back to products' }).waitFor();
    await page.waitForURL(/\/profit-calculator\?product=\d+$/);
    await page.reload();
    await page.getByRole('button', { name: 'back to products' }).waitFor();
    await page.getByRole('heading', { name: 'Garlic press', level: 2 }).waitFor();
    await page.goBack();
    await press.getByRole('button', { name: 'View Metrics' }).waitFor();
    await expect(page.getByRole('button', { name: 'back to products' }).count()).resolves.toBe(0);
    await page.goForward();
    await page.getByRole('button', { name: 'back to products' }).waitFor();
    await expect(page.getByRole('tab', { name: 'Product' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByText('Total Additional Fees').waitFor();
    const totals = (figure: string) => page.getByRole('definition').filter({ hasText: figure });
    await totals('$7.50').waitFor();
    // The totals follow the slider before Save (50 % of $29.99 is $15.00; Amazon fees $7.85 + $15.00).
    const slider = page.getByRole('slider', { name: 'Additional fees per unit' });
    await slider.focus();
    await slider.press('End');
    await totals('$15.00').waitFor();
    await totals('$22.85').waitFor();
    await page.getByText('Showing the additional fees you set above (50.00%). Save to keep them.').waitFor();
    // Out of range: the field says its range; the value and the totals stay.
    const fees = page.getByLabel('Percent of retail price');
    await fees.fill('60');
    await page.getByText('Enter a percentage from 0 to 50 (of the retail price)').waitFor();
    await expect(fees.inputValue()).resolves.toBe('60');
    await totals('$15.00').waitFor();
    await screenshot(page, 'tools-ppt-fee-range');
    expect(await seriousViolations(page)).toEqual([]);
    await fees.fill('20');
    await page.getByText('We suggest a minimum of 25% of your Amazon retail price.').waitFor();
    await totals('$6.00').waitFor();
    await page.getByRole('button', { name: 'Dollar' }).click();
    await expect(page.getByLabel('Dollars per unit').inputValue()).resolves.toBe('6');
    await page.getByLabel('Dollars per unit').fill('15');
    await page.getByText('Enter an amount from $0.00 to $14.99 (half the retail price)').waitFor();
    await page.getByLabel('Dollars per unit').fill('14.99');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Product saved successfully').filter({ visible: true }).first().waitFor();
    // $14.99 of $29.99 is 49.98 %: $14.99 a unit.
    await page.getByRole('definition').filter({ hasText: '$14.99' }).waitFor();
    await screenshot(page, 'tools-ppt-detail', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'back to products' }).click();

    // Delete from the edit form.
    await card(page, 'Yoga block set').getByRole('button', { name: 'Edit Yoga block set' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete product' }).click();
    await page.getByText('Product deleted successfully').filter({ visible: true }).first().waitFor();
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
    // The detail view's address survives a reload on a phone too.
    await card(page, 'Garlic press').getByRole('button', { name: 'View Metrics' }).click();
    await page.waitForURL(/\/profit-calculator\?product=\d+$/);
    await page.reload();
    await page.getByRole('heading', { name: 'Garlic press', level: 2 }).waitFor();
    await page.getByRole('slider', { name: 'Additional fees per unit' }).waitFor();
    await screenshot(page, 'tools-ppt-mobile-detail', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'back to products' }).click();
    await card(page, 'Garlic press').waitFor();
  });

  it('the FBA fee helper estimates the Amazon fees and fills the field (phone layout)', async () => {
    const member = await createPerson('premium', 'ppt-fba', 'Fabio Fees');
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, member, '/profit-calculator');
    await page.getByRole('button', { name: 'Add my first Product' }).click();
    await fill(page, { 'Title *': 'Garlic press', 'Amazon Retail Price *': '29.99' });
    const open = page.getByRole('button', { name: 'Estimate Amazon fees' });
    await expect(open.getAttribute('aria-expanded')).resolves.toBe('false');
    // Keyboard: the button opens the helper with Enter, and Tab reaches the category first.
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(open.getAttribute('aria-expanded')).resolves.toBe('true');
    const helper = page.getByRole('region', { name: 'Amazon fee estimate' });
    await helper.getByRole('combobox', { name: 'Category' }).waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement?.getAttribute("name")')).resolves.toBe('fbaCategory');
    await helper.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Home & Kitchen' });
    await helper.getByRole('textbox', { name: 'Length (in)' }).fill('ten');
    await helper.getByText('Must be a number').waitFor();
    // Example C of docs/fba-fees.md: large standard on its dimensional weight, $4.20 + $4.50.
    await helper.getByRole('textbox', { name: 'Length (in)' }).fill('10');
    await helper.getByRole('textbox', { name: 'Width (in)' }).fill('4');
    await helper.getByRole('textbox', { name: 'Height (in)' }).fill('2.5');
    await helper.getByRole('textbox', { name: 'Weight' }).fill('9.6');
    await helper.getByRole('combobox', { name: 'Weight unit' }).selectOption('oz');
    await helper.getByText('Large standard: $8.70 per unit in Amazon fees').waitFor();
    await helper.getByText(/Dimensional weight 10 x 4 x 2\.5 \/ 139 = 0\.72 lb/).waitFor();
    await helper.getByText('Referral fee (Home & Kitchen): 15% of $29.99 = $4.50.').waitFor();
    await helper.getByText(/Fees\s+in\s+effect from January 15, 2026/).waitFor();
    await screenshot(page, 'tools-ppt-fba-helper');
    await helper.getByRole('heading', { name: 'How it was found' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'tools-ppt-fba-helper-result');
    expect(await seriousViolations(page)).toEqual([]);
    // Enter in a helper field does not submit the product form.
    await helper.getByRole('textbox', { name: 'Weight' }).press('Enter');
    await helper.getByRole('button', { name: 'Use $8.70 as Amazon Fulfillment Fees' }).click();
    await helper.getByRole('status').getByText('Amazon Fulfillment Fees set to $8.70.').waitFor();
    const fees = page.getByRole('dialog').getByRole('textbox', { name: 'Amazon Fulfillment Fees *', exact: true });
    await expect(fees.inputValue()).resolves.toBe('8.70');
    await fill(page, {
      'Number of Units *': '500',
      'Manufacturing Cost Per Unit *': '4.20',
      'Shipping and Customs Per Unit *': '1.30',
    });
    await saveDialog(page, 'Product created successfully');
    // $29.99 - $8.70 - $7.50 (25 %) - $5.50 = $8.29 a unit.
    await card(page, 'Garlic press').getByText('$8.29').waitFor();
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
    // What her Total Amazon Fees include ($4.50 + 25 % of $14.99 = $3.75).
    await page
      .getByRole('definition')
      .filter({ hasText: '$8.25' })
      .getByText(/^Includes the \$3\.75 additional fee/)
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Percent of retail price' }).count()).toBe(0);
    expect(await page.getByRole('slider').count()).toBe(0);
    await screenshot(page, 'tools-ppt-basic-locked');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** Answers the qualifier: `yes` lists the yes/no questions answered Yes (the rest No); volume in thousands. */
async function answerQualifier(page: Page, yes: string[], volumeThousands: number, tier = 'Large standard') {
  const ids = ['keyword', 'searches', 'sellers', 'units', 'competitors', 'alibaba', 'estimated-profit', 'improve'];
  for (const id of ids) {
    await page
      .locator(`#question-${id}`)
      .getByRole('radio', { name: yes.includes(id) ? 'Yes' : 'No', exact: true })
      .check();
  }
  const slider = page.locator('#question-volume').getByRole('slider');
  await slider.focus();
  await slider.press('Home');
  for (let i = 0; i < volumeThousands; i++) await slider.press('PageUp');
  await page.locator('#question-standard').getByRole('radio', { name: tier }).check();
  await page
    .locator('#question-average-points')
    .getByRole('radio', { name: yes.includes('average-points') ? 'Yes' : 'No', exact: true })
    .check();
}

describe('Product Qualifier', () => {
  it('a course-only member takes it to each rating band and e-mails the result', async () => {
    const member = await createPerson('course only', 'qualifier', 'Quinn Qualifier');
    const page = await pages.open();
    await signInWithCookies(page, member, '/product-qualifier');
    await page.getByRole('heading', { name: 'Product Qualifier Tool', level: 1 }).waitFor();
    await page.getByText('Upgrade your membership to get coaching').waitFor();
    await page.getByRole('heading', { name: 'Questions', level: 2 }).waitFor();
    // The Learn More buttons show once the site content (the admin's videos) has arrived, after the questions.
    const learnMore = page.getByRole('button', { name: /^Learn More about question/ });
    await learnMore.nth(9).waitFor();
    expect(await learnMore.count()).toBe(10);

    // Nothing answered: every question asks for an answer.
    await page.getByRole('button', { name: 'Rate My Product' }).click();
    expect(await page.getByText('Please answer this question').count()).toBe(8 + 1);

    // Learn More opens a video modal.
    await page.getByRole('button', { name: 'Learn More about question 1', exact: true }).click();
    await page.getByRole('dialog').getByText('Question 1', { exact: true }).waitFor();
    // The seeded site content sets every video: a play button, and no request to the video host before
    // she presses it.
    await page.getByRole('dialog').getByRole('button', { name: 'Play video: Learn more: question 1' }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Before the volume is set, question 3 has no 0 threshold.
    await page.locator('#question-searches').getByText('with enough monthly searches each?').waitFor();
    expect(await page.getByText('at least 0 monthly searches').count()).toBe(0);
    await page.getByText('You have not rated a product yet.').waitFor();

    // 7: one thumb up and the congratulation text. 5 yes answers + 'average-points' + volume 8,000.
    await answerQualifier(page, ['keyword', 'searches', 'sellers', 'units', 'competitors', 'average-points'], 8);
    await page.locator('#question-volume').getByText('8,000 searches a month').waitFor();
    await page.getByText('This is the sweet spot').waitFor();
    await page.locator('#question-searches').getByText('at least 1,200 monthly searches').waitFor();
    await page.locator('#question-average-points').getByText('at or above $25').waitFor();
    await page.getByRole('button', { name: 'Rate My Product' }).click();
    await page.locator('#qualifier-score', { hasText: '7/10' }).waitFor();
    await page.getByRole('img', { name: 'One thumb up' }).waitFor();
    await page.getByText('Congratulations!').waitFor();
    // The seeded results video of her band, behind its play button.
    await page.getByRole('button', { name: /^Play video: What your .+ means$/ }).waitFor();
    // The feedback on every answer is on screen with the score (the e-mail's lines).
    const feedback = page.getByRole('region', { name: 'Feedback on your answers' });
    await feedback.getByText('Good: a clear main keyword makes the product easy to find and to advertise.').waitFor();
    await feedback.getByText('Without suppliers to compare, sourcing will take longer and cost more.').waitFor();
    await feedback.getByText('This is the sweet spot: enough searches to sell', { exact: false }).waitFor();
    // The rating is kept: it is listed under her past ratings.
    const past = page.getByRole('region', { name: 'Your past ratings' });
    await past.getByRole('listitem').filter({ hasText: '7/10' }).waitFor();
    await screenshot(page, 'tools-qualifier-seven', { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The results e-mail: her own address is filled in; the keyword is required; then a real e-mail.
    await expect(page.getByRole('textbox', { name: 'Email *' }).inputValue()).resolves.toBe(member.email);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Her address is filled in: only the keyword is missing.
    expect(await page.getByText('This field is required').count()).toBe(1);
    await page.getByRole('textbox', { name: 'TSCRK keyword *' }).fill('garlic press');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('The email has been sent successfully.').waitFor();
    const mail = await waitFor(async () => (await listMail(member.email))[0] ?? null, {
      what: 'the qualifier results e-mail',
    });
    expect(mail.subject).toBe('Your Product Qualifier result: 7/10');

    // Refresh: Cancel keeps everything, Refresh resets it all.
    await page.getByRole('button', { name: 'Refresh progress' }).click();
    await page.getByText('Do you really want to refresh your progress?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#qualifier-score', { hasText: '7/10' }).waitFor();
    await page.getByRole('button', { name: 'Refresh progress' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refresh' }).click();
    await page.locator('#qualifier-score', { hasText: '7/10' }).waitFor({ state: 'detached' });
    expect(await page.locator('#question-keyword').getByRole('radio', { name: 'Yes' }).isChecked()).toBe(false);
    await page.locator('#question-volume').getByText('0 searches a month').waitFor();

    // 6 or less: two thumbs down, no congratulations; volume above 20,000 scores nothing.
    await answerQualifier(page, ['keyword', 'searches', 'sellers', 'units', 'competitors', 'alibaba'], 30);
    await page.getByText('may need a higher advertising budget').waitFor();
    await page.getByRole('button', { name: 'Rate My Product' }).click();
    await page.locator('#qualifier-score', { hasText: '6/10' }).waitFor();
    await page.getByRole('img', { name: 'Two thumbs down' }).waitFor();
    expect(await page.getByText('Congratulations!').count()).toBe(0);

    // 8 or more: two thumbs up (every yes and a sweet-spot volume: 10).
    await answerQualifier(
      page,
      [
        'keyword',
        'searches',
        'sellers',
        'units',
        'competitors',
        'alibaba',
        'average-points',
        'estimated-profit',
        'improve',
      ],
      5,
    );
    await page.getByRole('button', { name: 'Rate My Product' }).click();
    await page.locator('#qualifier-score', { hasText: '10/10' }).waitFor();
    await page.getByRole('img', { name: 'Two thumbs up' }).waitFor();
    await screenshot(page, 'tools-qualifier-ten');

    // Her past ratings, newest first, survive a reload; Open shows one again with its answers and feedback.
    await page
      .getByRole('region', { name: 'Your past ratings' })
      .getByRole('listitem')
      .filter({ hasText: '10/10' })
      .waitFor();
    await page.reload();
    const ratings = page.getByRole('region', { name: 'Your past ratings' }).getByRole('listitem');
    await ratings.filter({ hasText: '10/10' }).waitFor();
    await expect(ratings.allTextContents()).resolves.toEqual([
      expect.stringContaining('10/10'),
      expect.stringContaining('6/10'),
      expect.stringContaining('7/10'),
    ]);
    await ratings
      .filter({ hasText: '7/10' })
      .getByRole('button', { name: /^Open the rating of/ })
      .click();
    await page.locator('#qualifier-score', { hasText: '7/10' }).waitFor();
    await page.getByRole('img', { name: 'One thumb up' }).waitFor();
    expect(await page.locator('#question-alibaba').getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Feedback on your answers' }).waitFor();
  });

  it('phone layout', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'premium', '/product-qualifier');
    await page.getByRole('heading', { name: 'Questions', level: 2 }).waitFor();
    expect(await page.getByText('Upgrade your membership to get coaching').count()).toBe(0);
    await screenshot(page, 'tools-qualifier-mobile');
    expect(await seriousViolations(page)).toEqual([]);
    // Rated on a phone: the score, the feedback and her past ratings.
    await answerQualifier(page, ['keyword', 'searches', 'sellers', 'units', 'competitors', 'average-points'], 8);
    await page.getByRole('button', { name: 'Rate My Product' }).click();
    await page.locator('#qualifier-score', { hasText: '7/10' }).waitFor();
    await page.getByRole('region', { name: 'Feedback on your answers' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'tools-qualifier-mobile-feedback');
    await page
      .getByRole('region', { name: 'Your past ratings' })
      .getByRole('listitem')
      .filter({ hasText: '7/10' })
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('AI Toolkit', () => {
  it('a basic member sees Mastermind Members Only on blocked cards and on the nova chat', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'basic', '/ai-toolkit');
    await page.getByRole('heading', { name: 'AI Toolkit', level: 1 }).waitFor();
    // The test stack's endpoint is the stand-in: the page says it is a demo.
    await page.getByText(/^Demo mode: no AI service is connected yet/).waitFor();
    const bio = page.getByRole('article', { name: 'Instagram Bio Expert' });
    await bio.getByRole('link', { name: 'Start chatting with Instagram Bio Expert' }).waitFor();
    for (const name of ['Curriculum Coach', 'Product Creation Expert', 'Customer Support']) {
      await page.getByRole('article', { name }).getByText('Mastermind Members Only').waitFor();
    }
    await page.getByRole('article', { name: 'Amazon Listing Expert' }).getByText('Coming soon').waitFor();
    await screenshot(page, 'tools-ai-basic');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/ai-toolkit-chat-nova');
    await page.getByText('Mastermind Members Only').waitFor();
    expect(await page.getByRole('textbox', { name: 'Your message' }).count()).toBe(0);
  });

  it('a nova member and an admin chat with their assistants: streamed answers, stop, conversations', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'premium', '/ai-toolkit');
    await page.getByRole('link', { name: 'Start chatting with Product Creation Expert' }).click();
    await page.waitForURL('**/ai-toolkit-chat-nova');
    await page.getByRole('textbox', { name: 'Your message' }).fill('How can I improve a garlic press?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Stand-in answer: you said "How can I improve a garlic press?"').waitFor();
    await log.locator('strong', { hasText: 'one' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByText('How can I improve a garlic press?')
      .waitFor();
    await page.getByText(/^Demo mode: no AI service is connected yet/).waitFor();
    await screenshot(page, 'tools-ai-nova-chat');
    expect(await seriousViolations(page)).toEqual([]);

    // Copy an answer: a toast, and the text is on the clipboard.
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await log.getByRole('button', { name: 'Copy answer' }).click();
    await page.getByText('Answer copied to the clipboard').filter({ visible: true }).first().waitFor();
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toContain(
      'Stand-in answer: you said "How can I improve a garlic press?"',
    );
    // A reload reopens the last conversation.
    await page.reload();
    await log.getByText('Stand-in answer: you said "How can I improve a garlic press?"').waitFor();
    // Deleting asks first: Cancel keeps it, Delete removes it.
    const conversations = page.getByRole('navigation', { name: 'Conversations' });
    const remove = conversations.getByRole('button', { name: 'Delete conversation How can I improve a garlic press?' });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Delete conversation' });
    await confirm.getByText(/Its messages cannot be brought back/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await conversations.getByText('How can I improve a garlic press?').waitFor();
    await remove.click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Conversation deleted').filter({ visible: true }).first().waitFor();
    await conversations.getByText('How can I improve a garlic press?').waitFor({ state: 'detached' });
    await log.getByText('Ask Product Creation Expert anything to get started.').waitFor();

    const admin = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(admin, 'admin', '/ai-toolkit-chat');
    await admin.getByRole('heading', { name: 'Curriculum Coach', level: 1 }).waitFor();
    // Asked "in detail", the stand-in streams for seconds: Stop cuts it short on a busy machine too.
    await admin.getByRole('textbox', { name: 'Your message' }).fill('Which lesson covers suppliers, in detail?');
    await admin.getByRole('button', { name: 'Send', exact: true }).click();
    const adminLog = admin.getByRole('log', { name: 'Messages' });
    await adminLog.getByText(/Step 1:/).waitFor();
    await admin.getByRole('button', { name: 'Stop' }).click();
    await admin.getByRole('button', { name: 'Send', exact: true }).waitFor();
    expect(await adminLog.getByText(`Step ${DETAILED_STEPS}:`).count()).toBe(0);
    await admin.getByText(/^Demo mode: no AI service is connected yet/).waitFor();
    await screenshot(admin, 'tools-ai-admin-mobile');
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('an admin edits an assistant system prompt', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', '/ai-toolkit');
    await page.getByRole('button', { name: 'Edit prompt of Customer Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'System prompt: Customer Support' });
    const field = dialog.getByRole('textbox', { name: 'System prompt' });
    await waitFor(async () => (await field.inputValue()).includes('customer messages') || null, {
      what: 'the current prompt',
    });
    await field.fill('Reply kindly and briefly to Amazon customers.');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Prompt saved successfully').waitFor();
    await page.getByRole('button', { name: 'Edit prompt of Customer Support' }).click();
    const again = page.getByRole('dialog').getByRole('textbox', { name: 'System prompt' });
    await waitFor(async () => (await again.inputValue()) === 'Reply kindly and briefly to Amazon customers.' || null, {
      what: 'the saved prompt',
    });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

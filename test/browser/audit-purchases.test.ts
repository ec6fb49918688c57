/**
 * The admin's audit entries say what changed, the admin search finds people by state ("FL"), and a member's My
 * Purchases shows the amount and day with a receipt link that opens a printable receipt: desktop and phone, light and
 * dark, axe-core finding no serious violation.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { UPLOAD_FIELD, type UploadResponse } from '@rainmakers/contracts';
import { screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { signIn } from '../support/stack-client';
import { fileForm, query } from '../support/system';
import { admin, createPerson, pngImage, type TestPerson } from './fixtures';

jest.setTimeout(240_000);
const pages = useBrowser();

const main = (page: Awaited<ReturnType<typeof pages.open>>) => page.getByRole('main');

let member: TestPerson;
let title: string;

beforeAll(async () => {
  member = await createPerson('premium', 'receipts', `Rita ${randomUUID().slice(0, 6)} Receipts`);
  title = `Receipt guide ${randomUUID().slice(0, 6)}`;
  const [resource] = await query<{ id: number }>(
    'resources',
    `INSERT INTO resources (title, description, type, visibility, url, price, hidden, published_at)
     VALUES ($1, 'A paid guide', 'Article', 'For Sale', null, '49.00', false, now() - interval '1 minute')
     RETURNING id`,
    [title],
  );
  const session = await signIn({ email: member.email, password: member.password });
  await session.post('/api/stripe/create-payment-intent', {
    userId: member.id,
    resourceId: resource?.id,
    paymentMethodId: 'pm_card_visa',
  });
  // Her own changes, for the admin's history: a theme from light to dark, then a photo; she lives in Florida.
  await session.post('/api/user/upsert', { id: member.id, theme: 'light' });
  await session.post('/api/user/upsert', { id: member.id, theme: 'dark' });
  // A photo uploaded as /profile does (an address elsewhere is refused by the app's CSP wherever her face shows).
  const photo = await session.request<UploadResponse>(
    'POST',
    '/upload',
    fileForm(pngImage(64, [200, 120, 60]), 'rita.png', 'image/png', UPLOAD_FIELD),
  );
  expect(photo.status).toBe(201);
  await session.post('/api/user/upsert', { id: member.id, photoUrl: photo.body.latestUploadedFileUrl });
  await (await admin()).post('/api/user/upsert', { id: member.id, state: 'Florida', city: 'Tampa' });
});

describe.each(['desktop', 'mobile'] as const)('audit, search and receipts (%s)', (viewport) => {
  it('shows the admin what changed, finds "FL", and the member her receipt (light and dark)', async () => {
    const page = await pages.open({ viewport });
    await signInWithCookies(page, 'admin', `/users/${member.id}`);
    const history = main(page).getByRole('region', { name: 'History' }).or(main(page));
    await history.getByText('Theme: Light → Dark').first().waitFor();
    await history.getByText('Photo: added').first().waitFor();
    await history.getByText('Edited person', { exact: false }).first().waitFor();
    expect(await main(page).getByText('user.update').count()).toBe(0);
    await screenshot(page, `audit-member-history-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/users?tab=audit&person=${member.id}`);
    await main(page).getByText('Theme: Light → Dark').first().waitFor();
    await screenshot(page, `audit-log-changes-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/users?search=FL`);
    await main(page).getByText(member.fullName).first().waitFor();
    await screenshot(page, `users-search-fl-${viewport}`);

    // The member, in the dark theme she chose.
    const own = await pages.open({ viewport });
    await signInWithCookies(own, { email: member.email, password: member.password }, '/resources?type=my-purchases');
    const list = main(own).getByRole('list', { name: 'Your purchases' });
    await list.getByText(title).waitFor();
    await list.getByText(/Paid \$49\.00 on/).waitFor();
    await screenshot(own, `my-purchases-dark-${viewport}`);
    expect(await seriousViolations(own)).toEqual([]);
    await list.getByRole('link', { name: `Receipt for ${title}` }).click();
    await own.waitForURL(/\/purchases\/pi_[^/]+\/receipt$/);
    await main(own).getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
    await main(own).getByText('$49.00').waitFor();
    await main(own).getByText(`${member.fullName} (${member.email})`).waitFor();
    await main(own).getByRole('button', { name: 'Print' }).waitFor();
    await screenshot(own, `receipt-dark-${viewport}`);
    expect(await seriousViolations(own)).toEqual([]);

    // Light: the admin opens the member's receipt (admins may read any).
    const receiptPath = new URL(own.url()).pathname;
    await page.goto(receiptPath);
    await main(page).getByText(title).waitFor();
    await main(page)
      .getByRole('link', { name: `Member #${member.id}` })
      .waitFor();
    await screenshot(page, `receipt-admin-light-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

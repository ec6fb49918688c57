/**
 * /broadcasts: an admin writes a message in Markdown, previews it, narrows the audience to a tag, sees how many it
 * reaches, sends it, follows the progress and finds it in the history; each member of the audience receives it
 * once, with an unsubscribe link that works signed out. Desktop and phone, light and dark, axe-clean; members are
 * not offered the screen. Screenshots: test-artifacts/screenshots/broadcasts-*.png.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import type { Tag } from '@rainmakers/contracts';
import { emulateColorScheme, screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { listMail, readMail } from '../support/stack-client';
import { admin, createPerson } from './fixtures';

jest.setTimeout(180_000);

const pages = useBrowser();

describe('broadcasts', () => {
  it('writes, previews, counts, sends to a tag and lists the broadcast; the member unsubscribes from the e-mail', async () => {
    const run = randomUUID().slice(0, 8);
    const { tag } = await (await admin()).post<{ tag: Tag }>('/api/tag/upsert', { name: `Launch crew ${run}` });
    const members = [
      await createPerson('premium', 'bcast-a', 'Ada Broadcast', [tag.id]),
      await createPerson('basic', 'bcast-b', 'Ben Broadcast', [tag.id]),
    ];
    const outsider = await createPerson('premium', 'bcast-out', 'Olive Outside');
    const subject = `Launch week ${run}`;

    const page = await pages.open();
    await emulateColorScheme(page, 'light');
    await signInWithCookies(page, 'admin', '/');
    await page.getByRole('link', { name: 'Broadcasts' }).first().click();
    await page.waitForURL('**/broadcasts');
    await page.getByRole('heading', { name: 'Broadcasts', level: 1 }).waitFor();

    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message (Markdown)').fill('# Launch week\n\nThe **new** module opens on Monday.');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Launch week' }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('new');
    await page.getByRole('button', { name: 'Write' }).click();
    expect(await page.getByLabel('Message (Markdown)').inputValue()).toContain('The **new** module');

    // The audience: one tag (the picker arrives after the composer), any payment status.
    const tags = page.getByRole('combobox', { name: 'Tags (anyone with one of them)' });
    await tags.fill(`Launch crew ${run}`);
    await page.getByRole('option', { name: `Launch crew ${run}` }).click();
    await page.getByRole('radio', { name: 'Any payment status' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Any payment status' }).isChecked()).toBe(true);
    await page.getByTestId('recipient-count').filter({ hasText: '2 recipients' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'broadcasts-desktop-light', { fullPage: true });

    await page.getByRole('button', { name: 'Send to 2' }).click();
    await page.getByRole('alert').filter({ hasText: 'Broadcast queued for 2 people' }).waitFor();
    await page.getByText('Sent: 2 of 2 sent').waitFor({ timeout: 60_000 });
    const row = page.getByTestId('broadcast-row').filter({ hasText: subject });
    await row.waitFor();
    expect(await row.textContent()).toContain('1 tag');

    // Each member of the audience gets it once; the member outside the tag does not.
    for (const member of members) await readMail(member.email, { subject, timeoutMs: 60_000 });
    for (const member of members) {
      expect((await listMail(member.email)).filter((m) => m.subject === subject)).toHaveLength(1);
    }
    expect((await listMail(outsider.email)).filter((m) => m.subject === subject)).toHaveLength(0);

    await emulateColorScheme(page, 'dark');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'broadcasts-desktop-dark', { fullPage: true });

    // The e-mail's unsubscribe link, opened signed out: nothing changes until the button is pressed.
    const copy = await readMail(members[0]?.email ?? '', { subject });
    const link = /https?:\/\/\S+\/unsubscribe\?token=[^\s)]+/.exec(copy.text ?? '')?.[0];
    if (!link) throw new Error('no unsubscribe link in the e-mail');
    const visitor = await pages.open();
    await visitor.goto(new URL(link).pathname + new URL(link).search);
    await visitor.getByRole('heading', { name: 'Unsubscribe from community broadcasts' }).waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByRole('heading', { name: "You're unsubscribed from community broadcasts" }).waitFor();
    await visitor.getByRole('button', { name: 'Re-subscribe' }).waitFor();

    // The next count leaves her out.
    await page.reload();
    await page.getByRole('combobox', { name: 'Tags (anyone with one of them)' }).fill(`Launch crew ${run}`);
    await page.getByRole('option', { name: `Launch crew ${run}` }).click();
    await page.getByTestId('recipient-count').filter({ hasText: '1 recipient ' }).waitFor();
  });

  it('fits a phone, light and dark', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'admin', '/broadcasts');
    await page.getByRole('heading', { name: 'Broadcasts', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Tags (anyone with one of them)' }).waitFor();
    await page
      .getByTestId('recipient-count')
      .filter({ hasText: /recipients?/ })
      .waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateColorScheme(page, scheme);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `broadcasts-mobile-${scheme}`, { fullPage: true });
    }
  });

  it('is not offered to members', async () => {
    const member = await createPerson('premium', 'bcast-member', 'Mia Member');
    const page = await pages.open();
    await signInWithCookies(page, member, '/');
    await page.getByRole('link', { name: 'Courses' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Broadcasts' }).count()).toBe(0);
  });
});

/**
 * Site content: /site-content names a bad address (or e-mail colour) under its own field and keeps nothing; leaving with
 * unsaved edits asks first, both through the app's own links (the sidebar) and when the tab is reloaded. Desktop
 * and phone, axe-clean. Screenshots: test-artifacts/screenshots/site-content-*.png.
 *
 * @runs-alone it saves the site content, then puts it back.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { SiteContent, SiteContentResponse } from '@rainmakers/contracts';
import { screenshot, seriousViolations, signInWithCookies, useBrowser } from '../support/browser';
import { admin } from './fixtures';

jest.setTimeout(120_000);

const pages = useBrowser();
const QUESTION = 'You have unsaved changes. Leave this page without saving them?';

let before: SiteContent;

beforeAll(async () => {
  before = (await (await admin()).get<SiteContentResponse>('/api/site-content')).content;
});

afterAll(async () => {
  await (await admin()).put('/api/site-content', before);
});

describe('/site-content', () => {
  it.each(['desktop', 'mobile'] as const)(
    'names a bad address under its field and saves nothing (%s)',
    async (viewport) => {
      const page = await pages.open({ viewport });
      await signInWithCookies(page, 'admin', '/site-content');
      await page.getByRole('heading', { name: 'Site Content', level: 1 }).waitFor();
      const field = page.getByLabel('Move the Needle welcome', { exact: true });
      await field.fill('https://example.com/welcome.mp4');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Nothing was saved: check the highlighted fields').waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const help = await field.getAttribute('aria-describedby');
      expect(await page.locator(`#${help}`).textContent()).toBe(
        'Enter a YouTube or Vimeo address, or upload a video file',
      );
      const saved = (await (await admin()).get<SiteContentResponse>('/api/site-content')).content;
      expect(saved.videos['board-welcome']).toBe(before.videos['board-welcome']);
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `site-content-error-${viewport}`);
      // Put the field back, so leaving does not ask (the edit is gone, nothing is unsaved).
      await field.fill(before.videos['board-welcome'] ?? '');
      expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    },
  );

  it('asks before an app link leaves unsaved edits behind; staying keeps them', async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', '/site-content');
    await page.getByRole('heading', { name: 'Site Content', level: 1 }).waitFor();
    const field = page.getByLabel('Community group', { exact: true });
    await field.fill('https://community.example.org/unsaved');

    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForTimeout(300);
    expect(asked).toEqual([`confirm: ${QUESTION}`]);
    expect(new URL(page.url()).pathname).toBe('/site-content');
    expect(await field.inputValue()).toBe('https://community.example.org/unsaved');

    // Reloading asks too (the browser's own question).
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(asked[1]).toBe('beforeunload');
    expect(await field.inputValue()).toBe('https://community.example.org/unsaved');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const saved = (await (await admin()).get<SiteContentResponse>('/api/site-content')).content;
    expect(saved.links.communityUrl).toBe(before.links.communityUrl);
  });

  it('leaves without asking once the edits are saved', async () => {
    const page = await pages.open({ viewport: 'mobile' });
    await signInWithCookies(page, 'admin', '/site-content');
    await page.getByRole('heading', { name: 'Site Content', level: 1 }).waitFor();
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByLabel('Support page', { exact: true }).fill('https://help.example.org/');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Site content saved').waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(asked).toEqual([]);
  });

  it("sets the e-mails' community name and colour: a bad colour is named under its field, a good one is kept", async () => {
    const page = await pages.open();
    await signInWithCookies(page, 'admin', '/site-content');
    const section = page.getByRole('region', { name: 'E-mails' });
    await section.waitFor();
    const name = section.getByLabel('Community name', { exact: true });
    const colour = section.getByLabel('Colour', { exact: true });
    await name.fill('Rainmakers Academy');
    await colour.fill('blue');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Nothing was saved: check the highlighted fields').waitFor();
    expect(await colour.getAttribute('aria-invalid')).toBe('true');
    await section.getByText('Enter a colour as #rrggbb').waitFor();

    await colour.fill('#0f766e');
    expect(await section.getByLabel('Pick the e-mail colour').inputValue()).toBe('#0f766e');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Site content saved').waitFor();
    const stored = (await (await admin()).get<SiteContentResponse>('/api/site-content')).content;
    expect(stored.brand).toEqual({ communityName: 'Rainmakers Academy', primaryColor: '#0f766e' });
    await page.reload();
    await page.getByRole('region', { name: 'E-mails' }).getByLabel('Community name', { exact: true }).waitFor();
    expect(await page.getByLabel('Community name', { exact: true }).inputValue()).toBe('Rainmakers Academy');
    await screenshot(page, 'site-content-emails', { fullPage: true });
  });
});

/**
 * The coaching loop in Chromium against the running stack: the coach's way into members' boards from
 * /users (every 'Go to board' link opens a board; a member without one gets an explanation and a way back), the
 * review queue (/review-queue) opening a FOR REVIEW card in place, the notification bell (unread count live, a row
 * opens the card) and the mention e-mail switch on /profile. axe-clean on desktop and on a 390x844 phone.
 * Screenshots: test-artifacts/screenshots/coach-*.png.
 *
 * @runs-alone it turns the seeded coach's mention e-mails off and back on.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Page, screenshot, seriousViolations, settle, signInWithCookies, useBrowser } from '../support/browser';
import { type GatewaySession, signIn } from '../support/stack-client';
import { createPerson, setCreatedAt, type TestPerson } from './fixtures';

jest.setTimeout(240_000);

const MTN = '/api/move-the-needle';
const pages = useBrowser();
/** Letters only, unique to this run (the user search is a substring match). */
const token = `zc${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}q`;
const VIEWPORTS = ['desktop', 'mobile'] as const;

interface BoardAnswer {
  lists: { id: number; name: string; Cards: { id: number; title: string; position: number }[] }[];
}

let oldMember: TestPerson; // premium, joined before the 2025-02-13 cut-off: has a board
let newMember: TestPerson; // premium, joined after it: has none
let memberApi: GatewaySession;
let coachApi: GatewaySession;

const readBoard = (session: GatewaySession, userId: number) =>
  session.get<BoardAnswer>(`${MTN}/list/read-many?userId=${userId}`);

/** The card dialog shows this card: its title as a text box (who may edit) or as its heading (who may not). */
async function cardDialogShows(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await waitFor(
    async () =>
      (await dialog.getByRole('heading', { name: title, exact: true }).count()) > 0 ||
      ((await dialog.getByLabel('Card title').count()) > 0 &&
        (await dialog.getByLabel('Card title').inputValue()) === title),
    { what: `the card dialog of ${title}` },
  );
}

async function open(page: Page, who: TestPerson | 'coach' | 'admin', address: string): Promise<void> {
  page.context().setDefaultTimeout(20_000);
  await page.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
  await signInWithCookies(page, who, address);
}

beforeAll(async () => {
  oldMember = await createPerson('premium', 'coach-old', `${token} Olive Member`);
  newMember = await createPerson('premium', 'coach-new', `${token} Nina Member`);
  await createPerson('basic', 'coach-basic', `${token} Basil Member`);
  await setCreatedAt(oldMember.id, '2024-05-01T00:00:00Z');
  memberApi = await signIn(oldMember);
  coachApi = await signIn('coach');
  // The back-dated account reaches the gateway's actor and the board service through users.user-changed.
  await waitFor(
    async () => (await memberApi.request('GET', `${MTN}/list/read-many?userId=${oldMember.id}`)).status === 200,
    {
      timeoutMs: 15_000,
      what: 'the back-dated member to get a board',
    },
  );
});

describe("the coach's way into members' boards", () => {
  it("follows every 'Go to board' link on /users and never reaches an error", async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await open(page, 'coach', '/users');
    const main = page.getByRole('main');
    await page.getByRole('heading', { name: 'User Dashboard', level: 1 }).waitFor();
    await main.locator('tbody tr').first().waitFor();

    // Our three people: only the member who joined before the cut-off offers a board.
    await page.goto(`/users?search=${token}`);
    await main.getByText(`${token} Nina Member`).waitFor();
    const ours = await main.getByRole('link', { name: /^Go to board/ }).allTextContents();
    expect(ours.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([`Go to board of ${token} Olive Member`]);

    // Every link of the unfiltered first page and of the search: each opens a board, none an error.
    const addresses = ['/users', `/users?search=${token}`];
    for (const address of addresses) {
      await page.goto(address);
      await main.locator('tbody tr').first().waitFor();
      await settle(page);
      const count = await main.getByRole('link', { name: /^Go to board/ }).count();
      for (let i = 0; i < count; i += 1) {
        if (i > 0) {
          await page.goto(address);
          await main.locator('tbody tr').first().waitFor();
          await settle(page);
        }
        const link = main.getByRole('link', { name: /^Go to board/ }).nth(i);
        const name = ((await link.textContent()) ?? '').replace(/^Go to board\s*of\s*/, '').trim();
        await link.click();
        await page.waitForURL(/\/move-the-needle\/\d+/);
        await page.getByRole('heading', { name: `${name}'s Board`, level: 1 }).waitFor();
        await page.getByRole('region', { name: 'Board lists' }).waitFor();
        expect(await page.getByText(/could not be opened|has no Move the Needle board/).count()).toBe(0);
        // A coach visiting is not greeted as if it were her own board.
        expect(await page.getByRole('dialog', { name: 'Welcome To The New MTN Tool 2.0' }).count()).toBe(0);
      }
    }
  });

  it.each(VIEWPORTS)('a board that does not exist explains the cut-off, with a way back (%s)', async (viewport) => {
    const page = await pages.open({ viewport });
    await signInWithCookies(page, 'coach', `/move-the-needle/${newMember.id}`);
    await page.getByRole('heading', { name: 'This member has no Move the Needle board' }).waitFor();
    await page.getByText(/joined before February 13, 2025/).waitFor();
    await page.getByRole('heading', { name: `Member #${newMember.id}'s Board`, level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `coach-no-board-${viewport}`);
    await page.getByRole('link', { name: 'Back to the users' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
  });
});

// The parts below need the notifications and review-queue routes of the server.

/** Puts a new card of the member's into FOR REVIEW (the member's own calls); returns its id. */
async function cardInReview(title: string): Promise<number> {
  const board = await readBoard(memberApi, oldMember.id);
  const from = board.lists.find((l) => l.name === 'NOT STARTED');
  const review = board.lists.find((l) => l.name === 'FOR REVIEW');
  if (!from || !review) throw new Error('The board has no NOT STARTED or FOR REVIEW list');
  const { card } = await memberApi.post<{ card: { id: number; position: number } }>(`${MTN}/card/upsert`, {
    title,
    ListId: from.id,
  });
  await memberApi.post(`${MTN}/card/move`, {
    cardId: card.id,
    sourceListId: from.id,
    destListId: review.id,
    positionOnSourceList: card.position,
    positionOnDestList: 0,
  });
  return card.id;
}

describe('review queue', () => {
  it.each(VIEWPORTS)('lists the FOR REVIEW card and opens it in place (%s)', async (viewport) => {
    const title = `${token} review ${viewport}`;
    await cardInReview(title);
    const page = await pages.open({ viewport });
    await open(page, 'coach', '/review-queue');
    await page.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    const row = page.locator('[data-review-card-id]', { hasText: title });
    // Oldest first and paged: walk the pages until the new card shows.
    await waitFor(
      async () => {
        if ((await row.count()) > 0) return true;
        const next = page.getByRole('button', { name: 'Next' });
        if ((await next.count()) > 0 && (await next.isEnabled())) await next.click();
        return false;
      },
      { timeoutMs: 30_000, what: 'the card in the review queue' },
    );
    await row.getByText(`${token} Olive Member`, { exact: true }).waitFor();
    await row.getByText(/^Waiting/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `coach-review-queue-${viewport}`);

    await row.getByRole('button', { name: title }).click();
    await cardDialogShows(page, title);
    expect(new URL(page.url()).pathname).toBe('/review-queue');
  });

  it('is not offered to members', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await open(page, oldMember, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Review queue' }).count()).toBe(0);
  });
});

describe('notification bell', () => {
  it.each(VIEWPORTS)('shows a reply live and opens the card from the list (%s)', async (viewport) => {
    const title = `${token} bell ${viewport}`;
    const cardId = await cardInReview(title);
    const page = await pages.open({ viewport });
    await open(page, oldMember, '/');
    const bellNamed = (unread: number) =>
      page.getByRole('button', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true });
    // The badge shows what the server counts before the reply (the live stream opens once it has loaded).
    const { unreadCount: before } = await memberApi.get<{ unreadCount: number }>('/api/notifications');
    await bellNamed(before).waitFor();
    await settle(page);

    // The coach replies on the card: the member's badge counts it without a reload.
    await coachApi.post(`${MTN}/activity/upsert`, {
      comment: `Looks good ${token}`,
      CardId: cardId,
      mentionedUsers: [],
    });
    await bellNamed(before + 1).waitFor({ timeout: 10_000 });

    await bellNamed(before + 1).click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    const row = list.getByRole('link', { name: new RegExp(title) }).first();
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `coach-bell-${viewport}`);

    await row.click();
    await page.waitForURL(
      (url) => url.pathname === '/move-the-needle' && url.searchParams.get('card') === String(cardId),
    );
    await cardDialogShows(page, title);
    // Opening it marked it read (the card dialog hides the page from role queries: the bell is read by its test id).
    const expected = before > 0 ? `Notifications, ${before} unread` : 'Notifications';
    await waitFor(async () => (await page.getByTestId('notification-bell').getAttribute('aria-label')) === expected, {
      what: 'the badge to drop the notification just opened',
    });
  });
});

describe('mention e-mails on /profile', () => {
  it('the switch saves with a truthful toast and survives a reload', async () => {
    const page = await pages.open({ viewport: 'desktop' });
    await open(page, 'coach', '/profile');
    const toggle = page.getByLabel("E-mail me when I'm mentioned");
    await toggle.waitFor();
    await waitFor(async () => toggle.isEnabled(), { what: 'the setting to load' });
    const was = await toggle.isChecked();
    await toggle.click();
    await page
      .getByText(
        was
          ? 'You will no longer get e-mails when you are mentioned.'
          : 'You will get an e-mail when you are mentioned.',
      )
      .first()
      .waitFor();
    await page.reload();
    await waitFor(async () => (await toggle.isEnabled()) && (await toggle.isChecked()) === !was, {
      what: 'the saved setting after a reload',
    });
    expect(await seriousViolations(page)).toEqual([]);
    // Back as it was, for the other tests.
    await coachApi.put('/api/notifications/settings', { emailMentions: was });
  });
});

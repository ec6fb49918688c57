/**
 * Due dates on the board, in Chromium against the running stack, as a long-standing premium member (desktop and
 * phone): a due date typed with the keyboard in the card dialog's date-time box (Enter saves it), shown on the card
 * tile in words; the "Overdue" filter kept in the address with the count of hidden cards, and "Clear filters";
 * axe-core finds no serious violation with the filter on, in light and dark. The box reads and writes the member's
 * own time zone (her profile's), not the browser's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BoardCard, ListReadManyResponse } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import {
  emulateColorScheme,
  type Page,
  screenshot,
  seriousViolations,
  settle,
  signInWithCookies,
  useBrowser,
} from '../support/browser';
import { type GatewaySession, signIn } from '../support/stack-client';
import { adminEdit, createPerson, setCreatedAt, type TestPerson } from './fixtures';

jest.setTimeout(240_000);

const MTN = '/api/move-the-needle';
const token = randomUUID().slice(0, 6);
const pages = useBrowser();

let member: TestPerson;
let memberApi: GatewaySession;

const readBoard = () => memberApi.get<ListReadManyResponse>(`${MTN}/list/read-many?userId=${member.id}`);

async function newCard(title: string, dueAt: string | null): Promise<BoardCard> {
  const list = (await readBoard()).lists.find((l) => l.name === 'NOT STARTED');
  if (!list) throw new Error('No NOT STARTED list');
  const { card } = await memberApi.post<{ card: BoardCard }>(`${MTN}/card/upsert`, {
    title: `${title} ${token}`,
    ListId: list.id,
    dueAt,
  });
  return card;
}

beforeAll(async () => {
  member = await createPerson('premium', 'board-due', `Dana Due ${token}`);
  await setCreatedAt(member.id, '2024-03-01T00:00:00Z');
  memberApi = await signIn(member);
  await waitFor(
    async () => (await memberApi.request('GET', `${MTN}/list/read-many?userId=${member.id}`)).status === 200,
    { timeoutMs: 15_000, what: 'the back-dated member to get a board' },
  );
});

afterAll(async () => {
  const board = await readBoard().catch(() => null);
  for (const card of board?.lists.flatMap((l) => l.Cards) ?? []) {
    if (card.title.endsWith(token)) await memberApi.del(`${MTN}/card/${card.id}`).catch(() => undefined);
  }
});

const tile = (page: Page, id: number) => page.locator(`[data-card-id="${id}"]`);

async function openBoard(viewport: 'desktop' | 'mobile', path: string): Promise<Page> {
  const page = await pages.open({ viewport });
  page.context().setDefaultTimeout(20_000);
  await page.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
  await signInWithCookies(page, member, path);
  // A card named in the address opens in a modal dialog, which hides the board (and its filters) from the
  // accessibility tree: wait for whichever the address shows on top.
  const shown = path.includes('card=') ? page.getByRole('dialog') : page.getByRole('group', { name: 'Filter cards' });
  await shown.waitFor();
  return page;
}

describe('due dates on the board', () => {
  it.each(['desktop', 'mobile'] as const)(
    'set with the keyboard, shown on the tile, filtered (%s)',
    async (viewport) => {
      const plain = await newCard(`Plan ${viewport}`, null);
      const late = await newCard(`Late ${viewport}`, new Date(Date.now() - 2 * 3_600_000).toISOString());
      const page = await openBoard(viewport, `/move-the-needle?card=${plain.id}`);

      // The date-time box: headless Chromium ignores typed segments in a datetime-local box (the value stayed ''),
      // so the value is filled, then Enter (the keyboard) saves it.
      const box = page.getByRole('dialog').getByLabel('Due date and time');
      await box.fill('2031-12-01T17:30');
      expect(await box.inputValue()).toBe('2031-12-01T17:30');
      await box.focus();
      await page.keyboard.press('Enter');
      await page.getByText('Due date set', { exact: true }).first().waitFor();
      await waitFor(
        async () =>
          (await readBoard()).lists.flatMap((l) => l.Cards).find((c) => c.id === plain.id)?.dueAt ? true : undefined,
        { what: 'the due date saved' },
      );
      expect((await readBoard()).lists.flatMap((l) => l.Cards).find((c) => c.id === plain.id)?.dueAt).toBe(
        '2031-12-01T17:30:00.000Z',
      );
      await page.getByRole('button', { name: 'Close card' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The tiles say it in words: a date further off, and "Overdue" for the late card.
      await expect(tile(page, plain.id).locator('[data-due="later"]').textContent()).resolves.toMatch(
        /^Due Mon, Dec 1/,
      );
      await expect(tile(page, late.id).locator('[data-due="overdue"]').textContent()).resolves.toMatch(/^Overdue: /);

      // The "Overdue" filter: kept in the address, the other cards hidden and counted.
      const overdue = page.getByRole('button', { name: 'Overdue', exact: true });
      await overdue.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/[?&]due=overdue/);
      // The button re-renders pressed just after the address changes: wait for it rather than read it once.
      await overdue.and(page.locator('[aria-pressed="true"]')).waitFor();
      await tile(page, plain.id).waitFor({ state: 'detached' });
      await tile(page, late.id).waitFor();
      await expect(page.getByText(/^\d+ cards? hidden$/).textContent()).resolves.toMatch(/[1-9]\d* cards? hidden/);
      await screenshot(page, `board-due-filtered-${viewport}-light`);
      expect(await seriousViolations(page)).toEqual([]);
      await emulateColorScheme(page, 'dark');
      await settle(page);
      await screenshot(page, `board-due-filtered-${viewport}-dark`);
      expect(await seriousViolations(page)).toEqual([]);

      // A reload keeps the filter; "Clear filters" shows every card again.
      await page.reload();
      await tile(page, late.id).waitFor();
      expect(await tile(page, plain.id).count()).toBe(0);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await tile(page, plain.id).waitFor();
      expect(page.url()).not.toMatch(/due=/);
    },
  );

  it("is typed and shown in the member's own time zone when the browser is in another", async () => {
    await adminEdit(member.id, { timeZone: 'Asia/Tokyo' });
    try {
      // Her session tells the web her zone (else the web would guess the browser's and save it over Tokyo).
      await waitFor(
        async () => JSON.stringify(await memberApi.get('/api/auth/me')).includes('"timeZone":"Asia/Tokyo"'),
        {
          what: "the session to carry the member's zone",
        },
      );
      const card = await newCard('Zoned', '2031-12-01T08:30:00.000Z'); // 17:30 in Tokyo
      const page = await openBoard('desktop', `/move-the-needle?card=${card.id}`); // the browser: UTC
      const box = page.getByRole('dialog').getByLabel('Due date and time');
      await expect(box.inputValue()).resolves.toBe('2031-12-01T17:30');
      await box.fill('2031-12-02T09:00');
      await box.focus();
      await page.keyboard.press('Enter');
      await page.getByText('Due date set', { exact: true }).first().waitFor();
      await waitFor(
        async () =>
          (await readBoard()).lists.flatMap((l) => l.Cards).find((c) => c.id === card.id)?.dueAt ===
          '2031-12-02T00:00:00.000Z',
        { what: '09:00 in Tokyo saved as midnight UTC' },
      );
      await page.getByRole('button', { name: 'Close card' }).click();
      await expect(tile(page, card.id).locator('[data-due="later"]').textContent()).resolves.toMatch(
        /^Due Tue, Dec 2.* 9:00\sAM/,
      );
    } finally {
      await adminEdit(member.id, { timeZone: null });
    }
  });
});

/**
 * Moves from anywhere: on a phone-sized touch context (390x844, hasTouch, isMobile) a member drags a card
 * by touch to another list (the board scrolls while the finger rests near its right edge) and moves one with the card
 * dialog's 'Move to list'; on a desktop a card is moved by keyboard across several lists (each step announced in a
 * live region, Escape puts it back). Every move survives a reload and reaches the server. axe-core is clean on the
 * card dialog with the move control open, desktop and phone. Screenshots: test-artifacts/screenshots/board-moves-*.png.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { type Locator, type Page, screenshot, settle, signInWithCookies, useBrowser } from '../support/browser';
import { type GatewaySession, signIn } from '../support/stack-client';
import { createPerson, setCreatedAt, type TestPerson } from './fixtures';

jest.setTimeout(240_000);

const MTN = '/api/move-the-needle';
const token = randomUUID().slice(0, 6);
const pages = useBrowser();

interface Board {
  lists: { id: number; name: string; Cards: { id: number; title: string; position: number }[] }[];
}

let member: TestPerson;
let memberApi: GatewaySession;
let axeSource = '';

const readBoard = (session: GatewaySession, userId: number) =>
  session.get<Board>(`${MTN}/list/read-many?userId=${userId}`);
const listOf = (board: Board, name: string) => {
  const list = board.lists.find((l) => l.name === name);
  if (!list) throw new Error(`No list ${name}`);
  return list;
};
const titlesIn = async (name: string) => listOf(await readBoard(memberApi, member.id), name).Cards.map((c) => c.title);
const addCard = async (list: string, title: string) =>
  memberApi.post(`${MTN}/card/upsert`, { title, ListId: listOf(await readBoard(memberApi, member.id), list).id });

beforeAll(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  member = await createPerson('premium', 'board-moves', `Jordan Avila ${token}`);
  await setCreatedAt(member.id, '2024-03-01T00:00:00Z');
  memberApi = await signIn(member);
  await waitFor(
    async () => (await memberApi.request('GET', `${MTN}/list/read-many?userId=${member.id}`)).status === 200,
    { timeoutMs: 15_000, what: 'the back-dated member to get a board' },
  );
});

async function openBoard(viewport: 'desktop' | 'mobile'): Promise<Page> {
  const page = await pages.open({ viewport });
  page.context().setDefaultTimeout(20_000);
  await page.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
  await signInWithCookies(page, member, '/move-the-needle');
  await page.locator('[aria-label="Board lists"][data-dnd-ready]').waitFor();
  return page;
}

const column = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Board lists' }).locator('section', {
    has: page.getByRole('heading', { name, exact: true }),
  });
const cardIn = (page: Page, list: string, title: string) =>
  column(page, list).locator('[data-card-id]', { hasText: title });
/** Waits until the board's live region says something matching `pattern` (it is updated after each key). */
async function announced(page: Page, pattern: string | RegExp): Promise<void> {
  const re = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern;
  await waitFor(async () => re.test((await page.getByTestId('board-announcer').textContent()) ?? ''), {
    timeoutMs: 5_000,
    what: `the announcement ${re}`,
  });
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  await settle(page);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(`${axeSource};\ntrue`);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'] }).then((r) => r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ': ' + v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')))`,
  )) as string[];
  expect({ where, violations }).toEqual({ where, violations: [] });
}

/** The centre of an element on screen. */
async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A finger: press on the card and hold (the long press lifts it), slide towards the board's right edge and rest just
 * inside the band where the board scrolls (slowly there), and once the target list has come into the left part of
 * the screen slide back onto it, wait for the board to stop and lift the finger.
 */
async function touchDrag(page: Page, card: Locator, targetList: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number, y?: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: x === undefined || y === undefined ? [] : [{ x: Math.round(x), y: Math.round(y) }],
    });
  const slide = async (from: number, to: number, y: number, steps = 8) => {
    for (let i = 1; i <= steps; i++) await touch('touchMove', from + ((to - from) * i) / steps, y);
  };
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await settle(page);
  const start = await centre(card);
  const board = await page.getByRole('region', { name: 'Board lists' }).boundingBox();
  if (!board) throw new Error('board not on screen');
  // The board scrolls while the card's centre is within a tenth of its width from an edge (BoardColumns.tsx).
  const band = board.x + board.width * 0.9;
  const rest = band + 8;
  const calm = band - 24;
  await touch('touchStart', start.x, start.y);
  await page.waitForTimeout(250);
  await slide(start.x, rest, start.y);
  const target = column(page, targetList);
  await waitFor(
    async () => {
      await touch('touchMove', rest, start.y);
      const box = await target.boundingBox();
      return box !== null && box.x < board.x + board.width * 0.5;
    },
    { timeoutMs: 30_000, intervalMs: 20, what: `the board to scroll to ${targetList} during the drag` },
  );
  await slide(rest, calm, start.y, 4);
  await screenshot(page, 'board-moves-touch-during-mobile');
  const box = await target.boundingBox();
  if (!box) throw new Error('target list not on screen');
  const x = Math.min(Math.max(box.x + 24, board.x + 8), calm);
  await slide(calm, x, start.y, 4);
  await page.waitForTimeout(300);
  await touch('touchEnd');
  await cdp.detach();
}

describe('Moves from anywhere', () => {
  it('phone: a touch drag scrolls the board and drops the card two lists away; it survives a reload', async () => {
    const title = `Touch card ${token}`;
    await addCard('NOT STARTED', title);
    const page = await openBoard('mobile');
    await cardIn(page, 'NOT STARTED', title).waitFor();
    // Two lists to the right: the board scrolls past IN PROGRESS to COMPLETED under the finger.
    await touchDrag(page, cardIn(page, 'NOT STARTED', title), 'COMPLETED');
    await toast(page, 'Card moved');
    await cardIn(page, 'COMPLETED', title).waitFor();
    await waitFor(async () => (await titlesIn('COMPLETED')).includes(title), {
      what: 'the touch move to reach the server',
    });
    expect(await titlesIn('NOT STARTED')).not.toContain(title);
    await screenshot(page, 'board-moves-touch-mobile');
    await page.reload();
    await cardIn(page, 'COMPLETED', title).waitFor();
    expect(await cardIn(page, 'NOT STARTED', title).count()).toBe(0);
  });

  it("phone: 'Move to list' in the card dialog moves the card to a chosen list and place; axe clean", async () => {
    const title = `Dialog card ${token}`;
    await addCard('NOT STARTED', title);
    await addCard('COMPLETED', `Done first ${token}`);
    await addCard('COMPLETED', `Done second ${token}`);
    const page = await openBoard('mobile');
    await cardIn(page, 'NOT STARTED', title).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Move to list' }).click();
    const move = page.getByRole('dialog', { name: 'Move card' });
    await move.getByLabel('List').waitFor();
    // Nothing to save until something changes.
    await expect(move.getByRole('button', { name: 'Move' }).isDisabled()).resolves.toBe(true);
    await move.getByLabel('List').selectOption({ label: 'COMPLETED' });
    const completed = listOf(await readBoard(memberApi, member.id), 'COMPLETED').Cards.length;
    // Every place in the other list, and one more at its end.
    expect(await move.getByLabel('Position').locator('option').count()).toBe(completed + 1);
    await move.getByLabel('Position').selectOption('2');
    await expectAxeClean(page, 'move dialog, phone');
    await screenshot(page, 'board-moves-dialog-mobile');
    await move.getByRole('button', { name: 'Move' }).click();
    await toast(page, 'Card moved');
    await move.waitFor({ state: 'detached' });
    await dialog.getByText('COMPLETED', { exact: true }).waitFor();
    await waitFor(async () => (await titlesIn('COMPLETED'))[1] === title, {
      what: 'the dialog move to reach the server',
    });
    await page.reload();
    await page.getByRole('dialog').getByText('COMPLETED', { exact: true }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close card' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const shown = await column(page, 'COMPLETED').locator('[data-card-title]').allInnerTexts();
    expect(shown[1]?.trim()).toBe(title);
  });

  it('desktop: the keyboard moves a card across lists, each step announced; Escape puts it back', async () => {
    const title = `Keyboard card ${token}`;
    await addCard('NOT STARTED', title);
    const page = await openBoard('desktop');
    const card = cardIn(page, 'NOT STARTED', title);
    await card.waitFor();

    // Lift, one list to the right, Escape: back where it was, nothing saved.
    await card.focus();
    await page.keyboard.press('Space');
    await announced(page, `Lifted card ${title} in NOT STARTED`);
    await page.keyboard.press('ArrowRight');
    await cardIn(page, 'IN PROGRESS', title).waitFor();
    await announced(page, /^IN PROGRESS, position \d+ of \d+/);
    await page.keyboard.press('Escape');
    await cardIn(page, 'NOT STARTED', title).waitFor();
    await announced(page, `Move cancelled. Card ${title} is back in NOT STARTED`);
    expect(await titlesIn('NOT STARTED')).toContain(title);

    // Lift, five lists to the right (FUTURE ACTIONS, past the screen's edge), one down is not possible in an empty
    // list, Space drops: saved.
    await cardIn(page, 'NOT STARTED', title).focus();
    await page.keyboard.press('Space');
    const lists = ['IN PROGRESS', 'COMPLETED', 'ON HOLD', 'FOR REVIEW', 'FUTURE ACTIONS'];
    for (const name of lists) {
      await page.keyboard.press('ArrowRight');
      await cardIn(page, name, title).waitFor();
      await announced(page, new RegExp(`^${name}, position \\d+ of \\d+`));
    }
    // The moving card keeps the focus and is on screen.
    await expect(page.evaluate<string>("document.activeElement?.textContent ?? ''")).resolves.toContain(title);
    await expect(cardIn(page, 'FUTURE ACTIONS', title).isVisible()).resolves.toBe(true);
    // Up to the top of the list (wherever the card arrived), then one more: 'Top of FUTURE ACTIONS.'
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('ArrowUp');
      if (/^Top of FUTURE ACTIONS/.test((await page.getByTestId('board-announcer').textContent()) ?? '')) break;
    }
    await announced(page, /^Top of FUTURE ACTIONS/);
    await page.keyboard.press('Space');
    await announced(page, `Card ${title} dropped in FUTURE ACTIONS`);
    await toast(page, 'Card moved');
    await waitFor(async () => (await titlesIn('FUTURE ACTIONS'))[0] === title, {
      what: 'the keyboard move to reach the server',
    });
    await screenshot(page, 'board-moves-keyboard-desktop');
    await page.reload();
    await cardIn(page, 'FUTURE ACTIONS', title).waitFor();
    expect(await cardIn(page, 'NOT STARTED', title).count()).toBe(0);
    for (const list of (await readBoard(memberApi, member.id)).lists) {
      expect(list.Cards.map((c) => c.position)).toEqual(list.Cards.map((_, i) => i));
    }
  });

  it("desktop: 'Move to list' by keyboard alone; axe clean with the move control open", async () => {
    const title = `Desk dialog card ${token}`;
    await addCard('IN PROGRESS', title);
    const page = await openBoard('desktop');
    const card = cardIn(page, 'IN PROGRESS', title);
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const button = dialog.getByRole('button', { name: 'Move to list' });
    await button.focus();
    await page.keyboard.press('Enter');
    const move = page.getByRole('dialog', { name: 'Move card' });
    await move.getByLabel('List').waitFor();
    await expectAxeClean(page, 'move dialog, desktop');
    await screenshot(page, 'board-moves-dialog-desktop');
    await move.getByLabel('List').focus();
    await move.getByLabel('List').selectOption({ label: 'ON HOLD' });
    await move.getByRole('button', { name: 'Move' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Card moved');
    await waitFor(async () => (await titlesIn('ON HOLD'))[0] === title, { what: 'the move to reach the server' });
    await page.reload();
    await page.getByRole('dialog').getByText('ON HOLD', { exact: true }).waitFor();
  });
});

/**
 * No lost edits on the card dialog, in Chromium against the running stack, as a long-standing premium
 * member: a description edit survives clicking away and a reload; typed offline it is kept on the device (the tab
 * warns before closing) and saved when the card opens again; Escape puts the saved text back and leaves the dialog
 * open; a new card's title typed before drag and drop has loaded stays when it arrives; checklist polish (title asked first, "No items yet", grey 0 % track, struck-through ticked items, item titles
 * saved as one types); axe-core on the card dialog, desktop and phone. Trello basics: a custom list renamed, an
 * attachment opened and downloaded under its name, a comment edited and deleted, "@" opening the coach picker.
 *
 * The comment delete (`DELETE /api/move-the-needle/activity/{id}`) and the coach picker for members
 * (`GET /api/user/read-many` answering coaches to members) are served by the board and users services.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BoardCard, ListReadManyResponse } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import {
  allowProblems,
  type Locator,
  type Page,
  screenshot,
  settle,
  signInWithCookies,
  useBrowser,
} from '../support/browser';
import { type GatewaySession, seededUsers, signIn } from '../support/stack-client';
import { createPerson, pngImage, setCreatedAt, type TestPerson } from './fixtures';

jest.setTimeout(240_000);

const MTN = '/api/move-the-needle';
const token = randomUUID().slice(0, 6);
const pages = useBrowser();

type Card = BoardCard;
type Board = ListReadManyResponse;

let member: TestPerson;
let memberApi: GatewaySession;
let axeSource = '';

const readBoard = () => memberApi.get<Board>(`${MTN}/list/read-many?userId=${member.id}`);
const readCard = async (id: number): Promise<Card> => {
  const card = (await readBoard()).lists.flatMap((l) => l.Cards).find((c) => c.id === id);
  if (!card) throw new Error(`No card ${id}`);
  return card;
};

/** A new card in NOT STARTED through the API. */
async function newCard(title: string, description = ''): Promise<Card> {
  const board = await readBoard();
  const list = board.lists.find((l) => l.name === 'NOT STARTED');
  if (!list) throw new Error('No NOT STARTED list');
  const { card } = await memberApi.post<{ card: Card }>(`${MTN}/card/upsert`, {
    title: `${title} ${token}`,
    description,
    ListId: list.id,
  });
  return card;
}

beforeAll(async () => {
  member = await createPerson('premium', 'board-edits', `Robin Ellis ${token}`);
  await setCreatedAt(member.id, '2024-03-01T00:00:00Z');
  memberApi = await signIn(member);
  await waitFor(
    async () => (await memberApi.request('GET', `${MTN}/list/read-many?userId=${member.id}`)).status === 200,
    { timeoutMs: 15_000, what: 'the back-dated member to get a board' },
  );
  const require = createRequire(import.meta.url);
  axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
});

afterAll(async () => {
  const board = await readBoard().catch(() => null);
  for (const card of board?.lists.flatMap((l) => l.Cards) ?? []) {
    if (card.title.endsWith(token)) await memberApi.del(`${MTN}/card/${card.id}`).catch(() => undefined);
  }
});

/** The board with one card's dialog open (`?card=`), the welcome dialog dismissed for good. */
async function openCard(cardId: number, viewport: 'desktop' | 'mobile' = 'desktop'): Promise<Page> {
  const page = await pages.open({ viewport });
  page.context().setDefaultTimeout(20_000);
  await page.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
  await signInWithCookies(page, member, `/move-the-needle?card=${cardId}`);
  await page.getByRole('dialog').getByLabel('Card title').waitFor();
  return page;
}

const descriptionBox = (page: Page) =>
  page.getByRole('dialog').getByRole('textbox', { name: 'Description', exact: true });
const descriptionPreview = (page: Page) => page.getByRole('dialog').getByTestId('description-preview');
const saveState = (page: Page, state: string) =>
  page.getByRole('dialog').locator(`[role="status"][data-save-state="${state}"]`).first();

/** The little of the DOM these checks read (the test files have no DOM types). */
interface Styled {
  firstElementChild: unknown;
  ownerDocument: {
    activeElement: unknown;
    defaultView: { getComputedStyle(el: unknown): { backgroundColor: string; textDecorationLine: string } };
  };
}
const isFocused = (locator: Locator) => locator.evaluate((el: Styled) => el === el.ownerDocument.activeElement);

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** axe-core's serious and critical WCAG 2.2 AA violations on the page as it is now (as in a11y.test.ts). */
async function axeViolations(page: Page): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(`${axeSource};\ntrue`);
  return (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'] }).then((r) => r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ': ' + v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')))`,
  )) as string[];
}

describe('card dialog: no lost edits', () => {
  it('saves a description edit when one clicks away; it survives a reload', async () => {
    const card = await newCard('Described');
    const page = await openCard(card.id);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Add a more detailed description/ })
      .click();
    const text = `Ship the **first batch** ${token}`;
    await descriptionBox(page).fill(text);
    await page.getByRole('dialog').getByRole('heading', { name: 'Labels' }).click();
    await descriptionBox(page).waitFor({ state: 'detached' });
    await descriptionPreview(page).locator('strong', { hasText: 'first batch' }).waitFor();
    await saveState(page, 'saved').waitFor();
    expect((await readCard(card.id)).description).toBe(text);
    // The dialog never closed: nothing waited for a close to save.
    expect(await page.getByRole('dialog').count()).toBe(1);

    await page.reload();
    await descriptionPreview(page).locator('strong', { hasText: 'first batch' }).waitFor();
    await screenshot(page, 'board-edits-description-desktop');
  });

  it('saves as one types, without leaving the box', async () => {
    const card = await newCard('Typed');
    const page = await openCard(card.id);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Add a more detailed description/ })
      .click();
    await descriptionBox(page).fill(`Typed only ${token}`);
    await saveState(page, 'saved').waitFor();
    await waitFor(async () => (await readCard(card.id)).description === `Typed only ${token}`, {
      what: 'the typed description on the server',
    });
    // Still editing: the box is open and focused.
    await expect(isFocused(descriptionBox(page))).resolves.toBe(true);
  });

  it('keeps an edit typed offline on the device, warns before the tab closes, and saves it on the next visit', async () => {
    const card = await newCard('Offline', 'Before the trip');
    const page = await openCard(card.id);
    allowProblems(page, /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_/);
    const context = page.context();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Before the trip/ })
      .click();
    await context.setOffline(true);
    const text = `Written on the train ${token}`;
    await descriptionBox(page).fill(text);
    const key = `mtn-draft:${member.id}:card:${card.id}:description`;
    const stored = JSON.parse((await page.evaluate(`window.localStorage.getItem(${JSON.stringify(key)})`)) as string);
    expect(stored).toEqual({ text, base: 'Before the trip' });
    // The save was tried and failed ("Not saved"): the edit is unsaved for sure before the tab is closed.
    await saveState(page, 'error').waitFor();

    // Closing the tab with the edit unsaved asks first (a second tab keeps the browser context, and its storage).
    const again = await context.newPage();
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      });
    });
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    await page.close({ runBeforeUnload: true });
    await expect(asked).resolves.toBe('beforeunload');
    // (The context's network settings go to every page: wait until the closing one is gone.)
    await closed;
    expect((await readCard(card.id)).description).toBe('Before the trip');

    // Back online, the card again: the draft is back and saved.
    await context.setOffline(false);
    await again.goto(`/move-the-needle?card=${card.id}`);
    await again.getByRole('dialog').getByText('Your unsaved edit from earlier is back').waitFor();
    await expect(descriptionBox(again).inputValue()).resolves.toBe(text);
    await saveState(again, 'saved').waitFor();
    await waitFor(async () => (await readCard(card.id)).description === text, { what: 'the restored draft saved' });
    expect(await again.evaluate(`window.localStorage.getItem(${JSON.stringify(key)})`)).toBeNull();
    await again.reload();
    await descriptionPreview(again).getByText(text).waitFor();
  });

  it('Escape cancels the edit (the saved text comes back) and leaves the dialog open', async () => {
    const card = await newCard('Escaped', 'The saved text');
    const page = await openCard(card.id);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /The saved text/ }).click();
    await descriptionBox(page).fill('An edit to throw away');
    await descriptionBox(page).press('Escape');
    await descriptionBox(page).waitFor({ state: 'detached' });
    await descriptionPreview(page).getByText('The saved text').waitFor();
    expect(await dialog.count()).toBe(1);
    await dialog.getByLabel('Card title').waitFor();
    // Whatever was sent meanwhile, the server ends with the saved text again and no draft is left.
    await waitFor(async () => (await readCard(card.id)).description === 'The saved text', {
      what: 'the saved description back on the server',
    });
    expect(
      await page.evaluate(`window.localStorage.getItem('mtn-draft:${member.id}:card:${card.id}:description')`),
    ).toBeNull();

    // The title too: Escape puts it back, the dialog stays.
    const title = dialog.getByLabel('Card title');
    await title.fill('A title to throw away');
    await title.press('Escape');
    await expect(title.inputValue()).resolves.toBe(card.title);
    expect(await dialog.count()).toBe(1);

    await page.reload();
    await descriptionPreview(page).getByText('The saved text').waitFor();
    await expect(page.getByRole('dialog').getByLabel('Card title').inputValue()).resolves.toBe(card.title);
  });

  it('keeps a card title being typed when drag and drop arrives a moment later (a slow connection)', async () => {
    const page = await pages.open();
    await page.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
    // Drag and drop is fetched after the board has painted; here it waits until the title is half typed.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/dnd\.esm-[\w-]+\.js$/, async (route) => {
      asked = true;
      await released;
      await route.continue();
    });
    await signInWithCookies(page, member, '/move-the-needle');
    const inProgress = page
      .getByRole('region', { name: 'Board lists' })
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'IN PROGRESS', exact: true }) });
    await inProgress.getByRole('button', { name: 'Add another card to IN PROGRESS' }).click();
    const title = `Typed before the lists could be dragged ${token}`;
    await inProgress.getByLabel('Card title').fill(title);
    await waitFor(async () => asked, { what: 'the board to ask for drag and drop' });
    release();
    // The lists are drawn again with the real drag-and-drop parts; the box and what was typed in it stay.
    await page.locator('[data-rfd-droppable-context-id]:not([data-rfd-droppable-context-id=""])').first().waitFor();
    await expect(inProgress.getByLabel('Card title').inputValue()).resolves.toBe(title);
    await inProgress.getByLabel('Card title').press('Enter');
    await waitFor(
      async () =>
        (await readBoard()).lists.some((l) => l.name === 'IN PROGRESS' && l.Cards.some((c) => c.title === title)),
      { what: 'the card saved in IN PROGRESS' },
    );
  });
});

describe('card dialog: checklist polish', () => {
  it('asks for the title first, says "No items yet", shows a grey 0 % track and strikes ticked items through', async () => {
    const card = await newCard('Checklist');
    const page = await openCard(card.id);
    const dialog = page.getByRole('dialog');

    // Escape leaves without a checklist (and without closing the card).
    await dialog.getByRole('button', { name: 'Add checklist' }).click();
    await dialog.getByLabel('Checklist title').fill('Never made');
    await dialog.getByLabel('Checklist title').press('Escape');
    await dialog.getByLabel('Checklist title').waitFor({ state: 'detached' });
    expect(await dialog.count()).toBe(1);
    expect((await readCard(card.id)).CheckLists).toEqual([]);

    await dialog.getByRole('button', { name: 'Add checklist' }).click();
    await dialog.getByLabel('Checklist title').fill('Launch steps');
    await dialog.getByLabel('Checklist title').press('Enter');
    await toast(page, 'Checklist added');
    const group = dialog.getByRole('group', { name: 'Checklist Launch steps' });
    await group.getByText('No items yet').waitFor();
    expect(await group.getByText('Checklist in progress').count()).toBe(0);
    expect((await readCard(card.id)).CheckLists.map((c) => c.title)).toEqual(['Launch steps']);

    for (const item of ['Photos', 'Keywords']) {
      await group.getByLabel('Add an item').fill(item);
      await group.getByLabel('Add an item').press('Enter');
      // Enter twice in a row (before the first answer clears the field) adds the item once.
      if (item === 'Keywords') await group.getByLabel('Add an item').press('Enter');
      await group.getByRole('checkbox', { name: `Done: ${item}` }).waitFor();
    }
    await waitFor(async () => (await readCard(card.id)).CheckLists[0]?.CheckListItems.length === 2, {
      what: 'the two items saved',
    });
    expect((await readCard(card.id)).CheckLists[0]?.CheckListItems.map((i) => i.title)).toEqual(['Photos', 'Keywords']);
    // 0 %: the track is neutral grey, not the bar's colour.
    const bar = group.getByRole('progressbar', { name: 'Launch steps progress' });
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('0');
    const colours = await bar.evaluate((el: Styled) => {
      const view = el.ownerDocument.defaultView;
      return {
        track: view.getComputedStyle(el).backgroundColor,
        bar: view.getComputedStyle(el.firstElementChild).backgroundColor,
      };
    });
    const [r, g, b] = colours.track.match(/\d+/g)?.map(Number) ?? [];
    expect(r === g && g === b).toBe(true);
    expect(colours.track).not.toBe(colours.bar);

    // The earlier toasts (the items added) leave first: a toast stacked under another is lower by design.
    await waitFor(async () => (await page.locator('.rm-toasts [class*="notistack-MuiContent"]').count()) === 0, {
      timeoutMs: 15_000,
      what: 'the earlier toasts to leave',
    });
    await group.getByRole('checkbox', { name: 'Done: Photos' }).check();
    await toast(page, 'Check item updated');
    // The toast sits above the dialog, not over the card's title.
    const toastBox = await page.getByText('Check item updated', { exact: true }).first().boundingBox();
    const titleBox = await dialog.getByLabel('Card title').boundingBox();
    expect(toastBox && titleBox && toastBox.y + toastBox.height <= titleBox.y).toBe(true);
    await group.getByText('50%').waitFor();
    const photos = group.locator('[data-completed]', { hasText: 'Photos' });
    await expect(
      photos.evaluate((el: Styled) => el.ownerDocument.defaultView.getComputedStyle(el).textDecorationLine),
    ).resolves.toBe('line-through');
    expect(await group.locator('[data-completed]', { hasText: 'Keywords' }).count()).toBe(0);

    // An item title saves as one types; Escape on the next edit puts it back.
    await group.getByRole('button', { name: /^Keywords\W+click to edit/ }).click();
    await group.getByLabel('item title').fill('Keyword research');
    await saveState(page, 'saved').waitFor();
    await group.getByLabel('item title').press('Enter');
    await waitFor(
      async () =>
        (await readCard(card.id)).CheckLists[0]?.CheckListItems.some((i) => i.title === 'Keyword research') ?? false,
      { what: 'the item title saved' },
    );
    await group.getByRole('button', { name: /^Keyword research\W+click to edit/ }).click();
    await group.getByLabel('item title').fill('Thrown away');
    await group.getByLabel('item title').press('Escape');
    await group.getByRole('button', { name: /^Keyword research\W+click to edit/ }).waitFor();
    expect(await dialog.count()).toBe(1);
    await screenshot(page, 'board-edits-checklist-desktop');

    await page.reload();
    const reloaded = page.getByRole('dialog').getByRole('group', { name: 'Checklist Launch steps' });
    await reloaded.getByRole('button', { name: /^Keyword research\W+click to edit/ }).waitFor();
    await reloaded.getByText('50%').waitFor();
  });
});

describe('card dialog: axe-core', () => {
  it.each(['desktop', 'mobile'] as const)('finds no serious or critical violation (%s)', async (viewport) => {
    const card = await newCard(`Accessible ${viewport}`, 'Some **markdown** text');
    const { checklist } = await memberApi.post<{ checklist: { id: number } }>(`${MTN}/checkList/upsert`, {
      title: 'Steps',
      CardId: card.id,
    });
    for (const [title, completed] of [
      ['Done step', true],
      ['Open step', false],
    ] as const) {
      await memberApi.post(`${MTN}/checkListItem/upsert`, { title, completed, CheckListId: checklist.id });
    }
    await memberApi.post(`${MTN}/activity/upsert`, { comment: 'A first comment', CardId: card.id });
    const page = await openCard(card.id, viewport);
    const problems: string[] = [];
    problems.push(...(await axeViolations(page)).map((v) => `dialog: ${v}`));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Some markdown text/ })
      .click();
    await descriptionBox(page).fill('Edited for the check');
    await saveState(page, 'saved').waitFor();
    problems.push(...(await axeViolations(page)).map((v) => `editing: ${v}`));
    await page.getByRole('dialog').getByRole('heading', { name: 'Labels' }).click();
    await descriptionBox(page).waitFor({ state: 'detached' });
    await page.getByRole('dialog').getByRole('button', { name: 'Add checklist' }).click();
    await page.getByRole('dialog').getByLabel('Checklist title').waitFor();
    problems.push(...(await axeViolations(page)).map((v) => `new checklist: ${v}`));
    await screenshot(page, `board-edits-dialog-${viewport}`);
    if (viewport === 'mobile') {
      expect(await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([390, 390]);
    }
    expect(problems).toEqual([]);
  });
});

describe('Trello basics', () => {
  it('renames a list one added; the fixed lists keep their names', async () => {
    const { list } = await memberApi.post<{ list: { id: number } }>(`${MTN}/list/upsert`, {
      name: `Ideas ${token}`,
      userId: member.id,
    });
    const page = await pages.open();
    page.context().setDefaultTimeout(20_000);
    await page.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
    await signInWithCookies(page, member, '/move-the-needle');
    await page.getByRole('region', { name: 'Board lists' }).waitFor();
    expect(await page.getByRole('button', { name: 'Rename list NOT STARTED' }).count()).toBe(0);
    await page.getByRole('button', { name: `Rename list Ideas ${token}` }).click();
    await page.getByLabel('List name').fill(`Someday ${token}`);
    await page.getByLabel('List name').press('Enter');
    await toast(page, 'List renamed');
    await page.getByRole('heading', { name: `Someday ${token}`, exact: true }).waitFor();
    expect((await readBoard()).lists.find((l) => l.id === list.id)?.name).toBe(`Someday ${token}`);
    await memberApi.del(`${MTN}/list/${list.id}`).catch(() => undefined);
  });

  it('opens an attachment in a new tab and downloads it under its name', async () => {
    const card = await newCard('Attached');
    const page = await openCard(card.id);
    const dialog = page.getByRole('dialog');
    const file = path.join(os.tmpdir(), `shelf-photo-${token}.png`);
    await writeFile(file, pngImage(64, [200, 80, 40]));
    await dialog.getByLabel('Attachment file').setInputFiles(file);
    await toast(page, 'Attachment added');
    const name = `shelf-photo-${token}.png`;
    const open = dialog.getByRole('link', { name: `Open ${name}`, exact: true });
    await expect(open.getAttribute('target')).resolves.toBe('_blank');
    const download = dialog.getByRole('link', { name: `Download ${name}` });
    await expect(download.getAttribute('download')).resolves.toBe(name);
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toBe(name);
  });

  it('edits one’s own comment in place', async () => {
    const card = await newCard('Commented');
    const page = await openCard(card.id);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Write a comment').fill('First thoughts');
    await dialog.getByLabel('Write a comment').press('Enter');
    await toast(page, 'Comment added');
    await dialog.getByRole('button', { name: /^Edit your comment/ }).click();
    await dialog.getByLabel('Edit comment').fill('Second thoughts');
    await dialog.getByLabel('Edit comment').press('Enter');
    await toast(page, 'Comment updated');
    await dialog.getByRole('list', { name: 'Comments' }).getByText('Second thoughts').waitFor();
    expect((await readCard(card.id)).Activities.map((a) => a.comment)).toEqual(['Second thoughts']);
  });

  it('deletes one’s own comment after a confirmation', async () => {
    const card = await newCard('Uncommented');
    await memberApi.post(`${MTN}/activity/upsert`, { comment: 'To be deleted', CardId: card.id });
    const page = await openCard(card.id);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('list', { name: 'Comments' }).getByText('To be deleted').waitFor();
    await dialog.getByRole('button', { name: /^Delete the comment by/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete comment' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Comment deleted');
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('dialog').getByText('No comments yet').waitFor();
    expect((await readCard(card.id)).Activities).toEqual([]);
  });

  it('opens the coach picker on "@" and writes the mention', async () => {
    const card = await newCard('Mentioned');
    const page = await openCard(card.id);
    const dialog = page.getByRole('dialog');
    const box = dialog.getByLabel('Write a comment');
    await box.pressSequentially('Please look @');
    await page.getByRole('option', { name: new RegExp(seededUsers.coach.fullName) }).click();
    await expect(box.inputValue()).resolves.toBe(`Please look @${seededUsers.coach.fullName} `);
    await expect(isFocused(box)).resolves.toBe(true);
    await box.press('Enter');
    await toast(page, 'Comment added');
    const [comment] = (await readCard(card.id)).Activities;
    expect(comment?.TaggedUsers.map((u) => u.id)).toEqual([seededUsers.coach.id]);
  });
});

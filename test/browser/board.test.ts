/**
 * Move the Needle in Chromium against the running stack: a long-standing premium member (created here, account
 * back-dated before the cut-off) drags cards within and across lists by mouse and by keyboard (the order survives a
 * reload), builds a card (labels, a checklist ticked to 'Checklist completed', an attachment made cover, a comment
 * mentioning the coach); a coach with the member's board open sees a new card appear live; an admin edits the Master
 * Template and deletes a custom list; the member resets the board and gets the template. Desktop and phone
 * screenshots: test-artifacts/screenshots/board-*.png.
 *
 * @runs-alone it edits the Master Template that every new board starts from.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ListReadManyResponse } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { type Locator, type Page, screenshot, settle, signInWithCookies, useBrowser } from '../support/browser';
import { type GatewaySession, seededUsers, signIn } from '../support/stack-client';
import { admin, createPerson, pngImage, setCreatedAt, type TestPerson } from './fixtures';

jest.setTimeout(240_000);

const MTN = '/api/move-the-needle';
const token = randomUUID().slice(0, 6);
const pages = useBrowser();

type Board = ListReadManyResponse;

let member: TestPerson;
let memberApi: GatewaySession;
const cleanup: (() => Promise<unknown>)[] = [];

const readBoard = (session: GatewaySession, userId: number) =>
  session.get<Board>(`${MTN}/list/read-many?userId=${userId}`);
const listOf = (board: Board, name: string) => {
  const list = board.lists.find((l) => l.name === name);
  if (!list) throw new Error(`No list ${name}`);
  return list;
};
const titlesIn = async (session: GatewaySession, userId: number, name: string) =>
  listOf(await readBoard(session, userId), name).Cards.map((c) => c.title);

beforeAll(async () => {
  member = await createPerson('premium', 'board-member', `Morgan Reyes ${token}`);
  await setCreatedAt(member.id, '2024-03-01T00:00:00Z');
  memberApi = await signIn(member);
  // The back-dated account reaches the gateway's actor through users.user-changed.
  await waitFor(
    async () => (await memberApi.request('GET', `${MTN}/list/read-many?userId=${member.id}`)).status === 200,
    {
      timeoutMs: 15_000,
      what: 'the back-dated member to get a board',
    },
  );
});

afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

/** Opens the page signed in, with the welcome dialog already dismissed for good (its own test shows it). */
async function openBoard(
  who: TestPerson | 'admin' | 'coach',
  address: string,
  viewport: 'desktop' | 'mobile' = 'desktop',
  options: { ready?: (page: Page) => Locator } = {},
): Promise<Page> {
  const page = await pages.open({ viewport });
  page.context().setDefaultTimeout(20_000);
  await page.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
  await signInWithCookies(page, who, address);
  await (options.ready?.(page) ?? page.getByRole('region', { name: 'Board lists' })).waitFor();
  return page;
}

const column = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Board lists' }).locator('section', {
    has: page.getByRole('heading', { name, exact: true }),
  });
const cardIn = (page: Page, list: string, title: string) =>
  column(page, list).locator('[data-card-id]', { hasText: title });
const cardTitlesOn = async (page: Page, list: string) =>
  (await column(page, list).locator('[data-card-title]').allInnerTexts()).map((t) => t.trim());

/** While a dialog is open the page behind it is hidden from role queries (aria-hidden): wait until none is. */
async function noDialogs(page: Page): Promise<void> {
  await waitFor(async () => (await page.getByRole('dialog').count()) === 0, { what: 'every dialog to close' });
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Drag and drop loads just after the board has painted (deferredDnd.tsx). */
async function dndReady(page: Page): Promise<void> {
  await page.locator('[aria-label="Board lists"][data-dnd-ready]').waitFor();
}

/**
 * A mouse drag the way a person does it: press, nudge past the threshold, glide, drop. The drop point is kept out of
 * the band along the board's left and right edges where the board scrolls under a resting card (BoardColumns.tsx).
 */
async function mouseDrag(page: Page, from: Locator, to: Locator, where: 'top' | 'bottom' = 'top'): Promise<void> {
  await dndReady(page);
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  const frame = await page.getByRole('region', { name: 'Board lists' }).boundingBox();
  if (!a || !b || !frame) throw new Error('drag target not visible');
  const endX = Math.min(
    Math.max(b.x + b.width / 2, frame.x + frame.width * 0.12),
    frame.x + frame.width * 0.88,
    b.x + b.width - 8,
  );
  const startX = a.x + a.width / 2;
  const startY = a.y + a.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX, startY + 10, { steps: 4 });
  const endY = where === 'top' ? b.y + 12 : b.y + b.height - 8;
  await page.mouse.move(endX, endY, { steps: 20 });
  await page.waitForTimeout(300);
  await page.mouse.up();
}

async function keyboardMove(page: Page, card: Locator, keys: string[]): Promise<void> {
  await dndReady(page);
  await card.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(250);
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(350);
  }
  await page.keyboard.press('Space');
}

describe('Move the Needle board', () => {
  it('shows the welcome dialog until "Don\'t show again" is ticked', async () => {
    const page = await pages.open();
    await signInWithCookies(page, member, '/move-the-needle');
    const welcome = page.getByRole('dialog', { name: 'Welcome To The New MTN Tool 2.0' });
    await welcome.waitFor();
    await screenshot(page, 'board-welcome-desktop');
    await welcome.getByLabel("Don't show again").check();
    await welcome.getByRole('button', { name: 'Get started' }).click();
    await welcome.waitFor({ state: 'detached' });
    expect(await page.evaluate("window.localStorage.getItem('dontShowMTNUpgrade')")).toBe('true');
    await page.reload();
    await page.getByRole('region', { name: 'Board lists' }).waitFor();
    await settle(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Move The Needle');
    // The seven fixed lists, in order.
    const headings = await page
      .getByRole('region', { name: 'Board lists' })
      .getByRole('heading', { level: 2 })
      .allInnerTexts();
    expect(headings.slice(0, 7)).toEqual([
      'NOT STARTED',
      'IN PROGRESS',
      'COMPLETED',
      'ON HOLD',
      'FOR REVIEW',
      'FUTURE ACTIONS',
      'PERSONAL NOTES',
    ]);
    expect(await page.getByRole('button', { name: 'Reset board' }).count()).toBe(1);

    // A link to her own board by id (the coach's form of the address) opens her board, not the members-only notice.
    await page.goto(`/move-the-needle/${member.id}`);
    await page.waitForURL((url) => url.pathname === '/move-the-needle');
    await page.getByRole('region', { name: 'Board lists' }).waitFor();
  });

  it('drags cards within and across lists by mouse and by keyboard; the order survives a reload', async () => {
    const board = await readBoard(memberApi, member.id);
    const todo = listOf(board, 'PERSONAL NOTES');
    const names = { a: `Alpha ${token}`, b: `Bravo ${token}`, c: `Charlie ${token}` };
    for (const title of Object.values(names)) {
      await memberApi.post(`${MTN}/card/upsert`, { title, ListId: todo.id });
    }
    const page = await openBoard(member, '/move-the-needle');
    await cardIn(page, 'PERSONAL NOTES', names.c).waitFor();
    const before = await cardTitlesOn(page, 'PERSONAL NOTES');
    expect(before.slice(-3)).toEqual([names.a, names.b, names.c]);

    // Keyboard, within the list: Charlie up two places.
    await keyboardMove(page, cardIn(page, 'PERSONAL NOTES', names.c), ['ArrowUp', 'ArrowUp']);
    await toast(page, 'Card moved');
    await waitFor(
      async () =>
        (await titlesIn(memberApi, member.id, 'PERSONAL NOTES')).slice(-3).join() ===
        [names.c, names.a, names.b].join(),
      {
        what: 'the keyboard reorder to reach the server',
      },
    );

    // Keyboard, across lists: Alpha one list to the left (FUTURE ACTIONS).
    await keyboardMove(page, cardIn(page, 'PERSONAL NOTES', names.a), ['ArrowLeft']);
    await cardIn(page, 'FUTURE ACTIONS', names.a).waitFor();
    await waitFor(async () => (await titlesIn(memberApi, member.id, 'FUTURE ACTIONS')).includes(names.a), {
      what: 'the keyboard move to reach the server',
    });

    // Mouse, across lists: Bravo onto FOR REVIEW's first card (or the empty list).
    const review = column(page, 'FOR REVIEW');
    const target =
      (await review.locator('[data-card-id]').count()) > 0
        ? review.locator('[data-card-id]').first()
        : review.locator('ol');
    await mouseDrag(page, cardIn(page, 'PERSONAL NOTES', names.b), target);
    await cardIn(page, 'FOR REVIEW', names.b).waitFor();
    await waitFor(async () => (await titlesIn(memberApi, member.id, 'FOR REVIEW'))[0] === names.b, {
      what: 'the mouse move to reach the server',
    });

    // Mouse, within the list: Charlie below the card after it in PERSONAL NOTES (the last one).
    const notes = await cardTitlesOn(page, 'PERSONAL NOTES');
    const last = notes.at(-1) ?? '';
    if (last !== names.c) {
      await mouseDrag(page, cardIn(page, 'PERSONAL NOTES', names.c), cardIn(page, 'PERSONAL NOTES', last), 'bottom');
      await waitFor(async () => (await titlesIn(memberApi, member.id, 'PERSONAL NOTES')).at(-1) === names.c, {
        what: 'the mouse reorder to reach the server',
      });
    }
    await screenshot(page, 'board-after-moves-desktop');

    await page.reload();
    await cardIn(page, 'FOR REVIEW', names.b).waitFor();
    expect((await cardTitlesOn(page, 'FOR REVIEW'))[0]).toBe(names.b);
    expect(await cardTitlesOn(page, 'FUTURE ACTIONS')).toContain(names.a);
    expect(await cardTitlesOn(page, 'PERSONAL NOTES')).toEqual(await titlesIn(memberApi, member.id, 'PERSONAL NOTES'));
    // Positions on the server stay gapless.
    for (const list of (await readBoard(memberApi, member.id)).lists) {
      expect(list.Cards.map((c) => c.position)).toEqual(list.Cards.map((_, i) => i));
    }
  });

  it('builds a card: labels, a completed checklist, an attachment as cover and a comment mentioning the coach', async () => {
    const page = await openBoard(member, '/move-the-needle');
    const title = `Launch listing ${token}`;
    const notStarted = column(page, 'NOT STARTED');
    await notStarted.getByRole('button', { name: 'Add another card to NOT STARTED' }).click();
    await notStarted.getByLabel('Card title').fill(title);
    await notStarted.getByLabel('Card title').press('Enter');
    await toast(page, 'Card updated');
    await cardIn(page, 'NOT STARTED', title).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card title').waitFor();
    expect(page.url()).toMatch(/\?card=\d+/);

    // Description: preview -> edit on click.
    await dialog.getByRole('button', { name: /Add a more detailed description/ }).click();
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Write the **bullet points** first.');
    await dialog.getByRole('heading', { name: 'Labels' }).click();
    await dialog.locator('strong', { hasText: 'bullet points' }).waitFor();

    // Labels: create two (each goes on the card).
    await dialog.getByRole('button', { name: 'Edit labels' }).click();
    const colours: Record<string, string> = {};
    for (const name of [`Urgent ${token}`, `Listing ${token}`]) {
      await dialog.getByRole('button', { name: 'Create new label' }).click();
      const editor = page.getByRole('dialog', { name: 'Create label' });
      await expect(editor.getByRole('button', { name: 'Create' }).isDisabled()).resolves.toBe(true);
      await editor.getByLabel('Name (optional)').fill(name);
      const colour = editor.getByRole('radio').first();
      colours[name] = (await colour.getAttribute('aria-label')) ?? '';
      await colour.click();
      await editor.getByRole('button', { name: 'Create' }).click();
      await toast(page, 'Added label');
      await editor.waitFor({ state: 'detached' });
      const box = dialog.getByRole('checkbox', { name: `Label ${name} on this card` });
      await box.waitFor();
      // The labels and the card come back in two refetches: wait for the second.
      await waitFor(() => box.isChecked(), { what: `the label ${name} ticked on the card` });
    }
    // Update mode: only unused colours plus its own.
    await dialog.getByRole('button', { name: `Edit label Urgent ${token}` }).click();
    const update = page.getByRole('dialog', { name: 'Edit label' });
    const own = update.getByRole('radio', { name: colours[`Urgent ${token}`] });
    await expect(own.getAttribute('aria-checked')).resolves.toBe('true');
    expect(await update.getByRole('radio', { name: colours[`Listing ${token}`] }).count()).toBe(0);
    await update.getByRole('button', { name: 'Cancel' }).click();
    await update.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Checklist (its title asked first) ticked to 'Checklist completed'.
    await dialog.getByRole('button', { name: 'Add checklist' }).click();
    await dialog.getByLabel('Checklist title').fill('Launch');
    await dialog.getByLabel('Checklist title').press('Enter');
    await toast(page, 'Checklist added');
    await dialog.getByText('No items yet').waitFor();
    await dialog.getByRole('button', { name: /^Launch\W+click to edit/ }).click();
    await dialog.getByLabel('checklist title').fill('Before launch');
    await dialog.getByLabel('checklist title').press('Enter');
    await toast(page, 'Checklist updated');
    for (const item of ['Photos', 'Keywords']) {
      await dialog.getByLabel('Add an item').fill(item);
      await dialog.getByLabel('Add an item').press('Enter');
      await dialog.getByRole('checkbox', { name: `Done: ${item}` }).waitFor();
    }
    await dialog.getByText('Checklist in progress').waitFor();
    await dialog.getByRole('checkbox', { name: 'Done: Photos' }).check();
    await toast(page, 'Check item updated');
    await dialog.getByText('50%').waitFor();
    await dialog.getByRole('checkbox', { name: 'Done: Keywords' }).check();
    await dialog.getByText('Checklist completed').waitFor();
    await dialog.getByText('100%').waitFor();

    // Attachment made cover.
    const file = path.join(os.tmpdir(), `board-${token}.png`);
    await writeFile(file, pngImage(96, [30, 120, 200]));
    await dialog.getByLabel('Attachment file').setInputFiles(file);
    await toast(page, 'Attachment added');
    await dialog.getByRole('button', { name: 'Make Cover' }).click();
    await dialog.getByRole('button', { name: 'Remove Cover' }).waitFor();
    await dialog.getByRole('img', { name: `Cover of ${title}` }).waitFor();

    // Comment mentioning the coach: Enter sends, the chips clear.
    await dialog.getByLabel('Mention a coach').click();
    await page.getByRole('option', { name: new RegExp(seededUsers.coach.fullName) }).click();
    await dialog.getByText(`@${seededUsers.coach.fullName}`).first().waitFor();
    const box = dialog.getByLabel('Write a comment');
    await box.fill('Could you check the photos?');
    await box.press('Shift+Enter');
    await box.pressSequentially('Thanks!');
    await box.press('Enter');
    await toast(page, 'Comment added');
    await expect(box.inputValue()).resolves.toBe('');
    await dialog
      .getByRole('list', { name: 'Comments' })
      .getByText(/Could you check the photos\?\s+Thanks!/)
      .waitFor();
    expect(await dialog.getByRole('button', { name: `@${seededUsers.coach.fullName}` }).count()).toBe(0);
    await screenshot(page, 'board-card-dialog-desktop');

    // The description was saved when the box was left (before the close).
    await dialog.getByRole('button', { name: 'Close card' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = (await readBoard(memberApi, member.id)).lists.flatMap((l) => l.Cards).find((c) => c.title === title);
    expect(card?.description).toBe('Write the **bullet points** first.');
    expect(card?.Labels.map((l) => l.name).sort()).toEqual([`Listing ${token}`, `Urgent ${token}`]);
    expect(card?.CheckLists[0]?.CheckListItems.every((i) => i.completed)).toBe(true);
    expect(card?.coverPhotoUrl).toBe(card?.Attachments[0]?.fileUrl);
    expect(card?.Activities[0]?.TaggedUsers.map((u) => u.id)).toEqual([seededUsers.coach.id]);
    await cardIn(page, 'NOT STARTED', title).locator('img').waitFor();
    await screenshot(page, 'board-member-desktop');

    // Phones: one list per screen, the dialog full screen.
    const phone = await openBoard(member, '/move-the-needle', 'mobile');
    await cardIn(phone, 'NOT STARTED', title).waitFor();
    // The lists scroll inside their own box: the page stays as wide as the phone.
    expect(await phone.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')).toEqual([390, 390]);
    await screenshot(phone, 'board-member-mobile');
    await cardIn(phone, 'NOT STARTED', title).click();
    await phone.getByRole('dialog').getByLabel('Card title').waitFor();
    await screenshot(phone, 'board-card-dialog-mobile');
  });

  it("shows a coach the member's board from 'Go to board', and a card the member adds appears there live", async () => {
    // The coach's way in: the user dashboard, the member's row, 'Go to board'.
    const coachPage = await openBoard('coach', `/users?search=${encodeURIComponent(member.email)}`, 'desktop', {
      ready: (page) => page.getByRole('link', { name: `Go to board of ${member.fullName}` }),
    });
    await coachPage.getByRole('link', { name: `Go to board of ${member.fullName}` }).click();
    await coachPage.waitForURL((url) => url.pathname === `/move-the-needle/${member.id}`);
    await coachPage.getByRole('region', { name: 'Board lists' }).waitFor();
    await coachPage.getByRole('heading', { level: 1, name: `${member.fullName}'s Board` }).waitFor();
    expect(await coachPage.getByRole('button', { name: 'Reset board' }).count()).toBe(0);
    expect(await coachPage.getByRole('button', { name: 'Add another list' }).count()).toBe(0);
    await screenshot(coachPage, 'board-coach-review-desktop');

    const memberPage = await openBoard(member, '/move-the-needle');
    const title = `Live card ${token}`;
    const inProgress = column(memberPage, 'IN PROGRESS');
    await inProgress.getByRole('button', { name: 'Add another card to IN PROGRESS' }).click();
    await inProgress.getByLabel('Card title').fill(title);
    await inProgress.getByLabel('Card title').press('Enter');
    // Live, without a reload: how fast is the notifications bench's and the system tests' business (a browser on a
    // busy machine is no stopwatch), so this allows a generous bound.
    await cardIn(coachPage, 'IN PROGRESS', title).waitFor({ timeout: 10_000 });

    // The coach comments on it.
    await cardIn(coachPage, 'IN PROGRESS', title).click();
    const dialog = coachPage.getByRole('dialog');
    await dialog.getByLabel('Write a comment').fill('Looks good');
    await dialog.getByLabel('Write a comment').press('Enter');
    await toast(coachPage, 'Comment added');
    await dialog.getByRole('button', { name: 'Close card' }).click();
    // ...which the member sees live too.
    await cardIn(memberPage, 'IN PROGRESS', title).click();
    // In the comments (the card's history quotes the comment too).
    await memberPage
      .getByRole('dialog')
      .getByRole('list', { name: 'Comments' })
      .getByText('Looks good')
      .waitFor({ timeout: 5_000 });
  });

  it('lets the admin edit the Master Template and delete a custom list', async () => {
    const page = await openBoard('admin', '/move-the-needle');
    await page.getByRole('heading', { level: 1, name: 'Master Template' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reset board' }).count()).toBe(0);
    const title = `Template task ${token}`;
    const notStarted = column(page, 'NOT STARTED');
    await notStarted.getByRole('button', { name: 'Add another card to NOT STARTED' }).click();
    await notStarted.getByLabel('Card title').fill(title);
    await notStarted.getByLabel('Card title').press('Enter');
    await cardIn(page, 'NOT STARTED', title).waitFor();
    const adminApi = await admin();
    cleanup.push(async () => {
      const template = await readBoard(adminApi, seededUsers.admin.id);
      const card = template.lists.flatMap((l) => l.Cards).find((c) => c.title === title);
      if (card) await adminApi.del(`${MTN}/card/${card.id}`);
    });
    // Fixed lists offer no delete.
    expect(await page.getByRole('button', { name: 'Delete list NOT STARTED' }).count()).toBe(0);

    const listName = `Sourcing ${token}`;
    await page.getByRole('button', { name: 'Add another list' }).click();
    await page.getByLabel('List name').fill(listName);
    await page.getByRole('button', { name: 'Add list' }).click();
    await toast(page, 'List added');
    await column(page, listName).waitFor();
    await screenshot(page, 'board-master-template-desktop');
    await page.getByRole('button', { name: `Delete list ${listName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete list' });
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    // (While the confirmation is open the page behind it is hidden from the role queries: wait for it to close.)
    await confirm.waitFor({ state: 'detached' });
    await column(page, listName).waitFor({ state: 'detached' });
    const template = await readBoard(adminApi, seededUsers.admin.id);
    expect(template.lists.some((l) => l.name === listName)).toBe(false);

    // Admins delete cards after the confirmation.
    const doomed = `Doomed ${token}`;
    // The add-card box stays open after a card is added (several in a row).
    await notStarted.getByLabel('Card title').fill(doomed);
    await notStarted.getByLabel('Card title').press('Enter');
    await cardIn(page, 'NOT STARTED', doomed).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete card' }).click();
    const sure = page.getByRole('dialog', { name: 'Delete card' });
    await sure.getByText('Are you sure you want to delete this card?').waitFor();
    await sure.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Card removed successfully');
    await noDialogs(page);
    await cardIn(page, 'NOT STARTED', doomed).waitFor({ state: 'detached' });
  });

  it('resets the member board to the current Master Template', async () => {
    const page = await openBoard(member, '/move-the-needle');
    await cardIn(page, 'PERSONAL NOTES', `Charlie ${token}`).waitFor();
    await page.getByRole('button', { name: 'Reset board' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset board' });
    await confirm.getByRole('button', { name: 'Reset board' }).click();
    await toast(page, 'MTN reset successfully');
    await noDialogs(page);
    await cardIn(page, 'PERSONAL NOTES', `Charlie ${token}`).waitFor({ state: 'detached' });
    await cardIn(page, 'NOT STARTED', `Template task ${token}`).waitFor();
    const template = await readBoard(await admin(), seededUsers.admin.id);
    const mine = await readBoard(memberApi, member.id);
    for (const name of ['NOT STARTED', 'IN PROGRESS', 'COMPLETED']) {
      expect(listOf(mine, name).Cards.map((c) => c.title)).toEqual(listOf(template, name).Cards.map((c) => c.title));
    }
    await screenshot(page, 'board-after-reset-desktop');
  });
});

/**
 * A coach's review in Chromium against the running stack: from /review-queue the coach opens each waiting card,
 * reads its history and marks it reviewed (with a comment, then without) until the queue shows its empty state;
 * the member then sees "Reviewed by {coach} on {date}" in her card dialog. Desktop in the light theme and a
 * 390x844 phone in the dark one, axe-clean. Screenshots: test-artifacts/screenshots/review-*.png.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ReviewQueueResponse } from '@rainmakers/contracts';
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
import { createPerson, setCreatedAt, type TestPerson } from './fixtures';

jest.setTimeout(300_000);

const MTN = '/api/move-the-needle';
const pages = useBrowser();
const token = randomUUID().slice(0, 6);
const RUNS = [
  { viewport: 'desktop', scheme: 'light' },
  { viewport: 'mobile', scheme: 'dark' },
] as const;

interface BoardAnswer {
  lists: { id: number; name: string; Cards: { id: number; title: string; position: number }[] }[];
}

let member: TestPerson;
let coach: TestPerson;
let memberApi: GatewaySession;
let coachApi: GatewaySession;
/** The cards each run reviewed: the member's part reads them afterwards. */
const reviewed: { viewport: string; scheme: string; cardId: number; title: string }[] = [];

async function cardInReview(title: string): Promise<number> {
  const board = await memberApi.get<BoardAnswer>(`${MTN}/list/read-many?userId=${member.id}`);
  const from = board.lists.find((l) => l.name === 'IN PROGRESS');
  const to = board.lists.find((l) => l.name === 'FOR REVIEW');
  if (!from || !to) throw new Error('the member has no IN PROGRESS or FOR REVIEW list');
  const { card } = await memberApi.post<{ card: { id: number; position: number } }>(`${MTN}/card/upsert`, {
    title,
    ListId: from.id,
  });
  await memberApi.post(`${MTN}/card/move`, {
    cardId: card.id,
    sourceListId: from.id,
    destListId: to.id,
    positionOnSourceList: card.position,
    positionOnDestList: to.Cards.length,
  });
  return card.id;
}

/** Reviews (through the API) every waiting card but `keep`: the queue then holds only this run's cards. */
async function clearQueueBut(keep: readonly number[]): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const queue = await coachApi.get<ReviewQueueResponse>(`${MTN}/review-queue?cardsPerPage=50`);
    const others = queue.cards.filter((c) => !keep.includes(c.id));
    if (others.length === 0) return;
    for (const card of others) await coachApi.request('POST', `${MTN}/card/review`, { cardId: card.id });
  }
}

async function open(page: Page, who: TestPerson, address: string, scheme: 'light' | 'dark'): Promise<void> {
  page.context().setDefaultTimeout(20_000);
  await emulateColorScheme(page, scheme);
  await page.context().addInitScript("window.localStorage.setItem('dontShowMTNUpgrade', 'true')");
  await signInWithCookies(page, who, address);
}

beforeAll(async () => {
  member = await createPerson('premium', 'review-member', `Rita Member ${token}`);
  coach = await createPerson('coach', 'review-coach', `Cody Coach ${token}`);
  await setCreatedAt(member.id, '2024-05-01T00:00:00Z');
  memberApi = await signIn(member);
  coachApi = await signIn(coach);
  await waitFor(
    async () =>
      (await memberApi.request('GET', `${MTN}/list/read-many?userId=${member.id}`)).status === 200 &&
      (await coachApi.request('GET', `${MTN}/list/read-many?userId=${member.id}`)).status === 200,
    { timeoutMs: 30_000, what: 'the back-dated member to hold a board the coach may open' },
  );
});

describe('a coach reviews from the queue', () => {
  it.each(RUNS)('until it is empty, reading each card’s history ($viewport, $scheme)', async ({ viewport, scheme }) => {
    const titles = [`${token} listing ${viewport}`, `${token} pricing ${viewport}`];
    const ids = [await cardInReview(titles[0] ?? ''), await cardInReview(titles[1] ?? '')];
    await clearQueueBut(ids);
    const page = await pages.open({ viewport });
    await open(page, coach, '/review-queue', scheme);
    await page.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    await page.getByText('2 cards wait for review').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `review-queue-${viewport}-${scheme}`);

    for (const [index, title] of titles.entries()) {
      const row = page.locator('[data-review-card-id]', { hasText: title });
      await row.getByRole('button', { name: title }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
      // The history, newest first: her move into FOR REVIEW above the card's creation.
      const history = dialog.getByRole('list', { name: 'Card history' });
      await history.waitFor();
      const lines = (await history.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' '));
      expect(lines[0]).toMatch(new RegExp(`^Rita Member ${token} moved this from IN PROGRESS to FOR REVIEW · `));
      expect(lines[lines.length - 1]).toMatch(new RegExp(`^Rita Member ${token} added this card to IN PROGRESS · `));
      const mark = dialog.getByRole('button', { name: 'Mark reviewed' });
      await mark.waitFor();
      if (index === 0) await dialog.getByLabel('Review comment (optional)').fill('Clear photos, ready to list');
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (index === 0) await screenshot(page, `review-dialog-${viewport}-${scheme}`);
      await mark.click();
      await page.getByText('Card marked reviewed').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await row.waitFor({ state: 'detached' });
      if (index === 0) await page.getByText('1 card waits for review').waitFor();
      reviewed.push({ viewport, scheme, cardId: ids[index] ?? 0, title });
    }
    await page.getByRole('heading', { name: 'Nothing waits for review' }).waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `review-queue-empty-${viewport}-${scheme}`);
  });
});

describe('the member', () => {
  it.each(RUNS)('sees who reviewed her card and when ($viewport, $scheme)', async ({ viewport, scheme }) => {
    const first = reviewed.find((r) => r.viewport === viewport);
    if (!first) throw new Error('the coach part did not review a card');
    const page = await pages.open({ viewport });
    await open(page, member, `/move-the-needle/${member.id}?card=${first.cardId}`, scheme);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card title').waitFor();
    const day = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await dialog.getByText(`Reviewed by Cody Coach ${token} on ${day}`).waitFor();
    const history = dialog.getByRole('list', { name: 'Card history' });
    await history.getByText(new RegExp(`^Cody Coach ${token} marked this reviewed`)).waitFor();
    // No "Mark reviewed" for her (nor anywhere outside the queue).
    expect(await dialog.getByRole('button', { name: 'Mark reviewed' }).count()).toBe(0);
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `review-member-${viewport}-${scheme}`);
  });
});

/**
 * The coaches' review queue: every card in the FOR REVIEW list of a member's board, oldest waiting
 * first by when it entered the list, with the member, the list and the latest comment; paged and bounded; for
 * coaches and admins only. The SQL rule of whose boards are reviewed agrees with policies.isReviewedMember.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReviewQueueResponse } from '@rainmakers/contracts';
import { isReviewedMember } from '../src/policies';
import { createBoardFromTemplate } from '../src/store/boards';
import { addCard, type Harness, listNamed, type Person, readBoard, startHarness } from './helpers';

const MTN = '/api/move-the-needle';
let h: Harness;
let coach: Person;
let admin: Person;

beforeAll(async () => {
  h = await startHarness();
  coach = await h.person('coach', { fullName: 'Cora Coach' });
  admin = await h.person('admin', { fullName: 'Ada Admin' });
});
afterAll(async () => {
  await h.stop();
});

async function queue(as: Person, query = ''): Promise<ReviewQueueResponse> {
  const res = await h.api.get<ReviewQueueResponse>(as, `${MTN}/review-queue${query}`);
  if (res.status !== 200) throw new Error(`review-queue: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Puts a new card of `who` into her FOR REVIEW list by card/move; returns its id. */
async function submit(who: Person, title: string): Promise<number> {
  const board = await readBoard(h, who);
  const from = listNamed(board, 'IN PROGRESS');
  const to = listNamed(board, 'FOR REVIEW');
  const card = await addCard(h, who, from.id, title);
  const moved = await h.api.post(who, `${MTN}/card/move`, {
    cardId: card.id,
    sourceListId: from.id,
    destListId: to.id,
    positionOnSourceList: card.position,
    positionOnDestList: to.Cards.length,
  });
  if (moved.status !== 200) throw new Error(`move: ${moved.status} ${JSON.stringify(moved.body)}`);
  return card.id;
}

describe('review queue', () => {
  it("lists members' FOR REVIEW cards oldest waiting first, with the member, the list and the latest comment", async () => {
    const mia = await h.person('premium', { fullName: 'Mia Member' });
    const noah = await h.person('premium', { fullName: 'Noah Member' });
    const first = await submit(mia, 'Listing draft');
    const second = await submit(noah, 'Supplier list');
    const third = await submit(mia, 'Ad budget');
    // Not waiting for review: a card in another list.
    const board = await readBoard(h, mia);
    await addCard(h, mia, listNamed(board, 'IN PROGRESS').id, 'Still working');
    await h.api.post(coach, `${MTN}/activity/upsert`, { comment: 'Looks good', CardId: first });
    await h.api.post(mia, `${MTN}/activity/upsert`, { comment: 'Thanks! Updated the photos', CardId: first });

    const { cards, total } = await queue(coach);
    expect(total).toBe(3);
    expect(cards.map((c) => c.id)).toEqual([first, second, third]);
    const review = listNamed(board, 'FOR REVIEW');
    expect(cards[0]).toEqual({
      id: first,
      title: 'Listing draft',
      boardId: expect.any(Number),
      ownerId: mia.userId,
      memberName: 'Mia Member',
      listId: review.id,
      listName: 'FOR REVIEW',
      enteredListAt: expect.any(String),
      latestComment: {
        id: expect.any(Number),
        text: 'Thanks! Updated the photos',
        authorName: 'Mia Member',
        createdAt: expect.any(String),
      },
    });
    expect(cards[1]).toMatchObject({ ownerId: noah.userId, memberName: 'Noah Member', latestComment: null });
    const entered = cards.map((c) => Date.parse(c.enteredListAt));
    expect([...entered].sort((a, b) => a - b)).toEqual(entered);
    // Admins see the same queue.
    expect((await queue(admin)).cards.map((c) => c.id)).toEqual([first, second, third]);

    // A reorder inside FOR REVIEW keeps the waiting time; moving out and back in starts it again.
    const now = listNamed(await readBoard(h, mia), 'FOR REVIEW');
    await h.api.post(mia, `${MTN}/card/reorder`, { ListId: now.id, startPosition: 0, endPosition: 1 });
    expect((await queue(coach)).cards.map((c) => c.id)).toEqual([first, second, third]);
    const fresh = await readBoard(h, mia);
    const out = listNamed(fresh, 'IN PROGRESS');
    const firstCard = listNamed(fresh, 'FOR REVIEW').Cards.find((c) => c.id === first);
    await h.api.post(mia, `${MTN}/card/move`, {
      cardId: first,
      sourceListId: now.id,
      destListId: out.id,
      positionOnSourceList: firstCard?.position ?? 0,
      positionOnDestList: 0,
    });
    expect((await queue(coach)).cards.map((c) => c.id)).toEqual([second, third]);
    await h.api.post(mia, `${MTN}/card/move`, {
      cardId: first,
      sourceListId: out.id,
      destListId: now.id,
      positionOnSourceList: 0,
      positionOnDestList: 0,
    });
    expect((await queue(coach)).cards.map((c) => c.id)).toEqual([second, third, first]);
  });

  it("leaves out coaches' own boards, the Master Template and members the cut-off leaves without a board", async () => {
    const other = await h.person('coach', { fullName: 'Otto Coach' });
    const before = (await queue(coach)).cards.map((c) => c.id);
    // Her board is copied from the template before the template gets a card in FOR REVIEW.
    const mia = await h.person('premium');
    await readBoard(h, mia);
    await submit(other, 'Coach card');
    await submit(admin, 'Template card');
    // A board that exists for a premium account created after the cut-off (e.g. from before the rule).
    const late = await h.person('premium', { createdAt: '2025-03-01T00:00:00.000Z' });
    const lateBoard = await h.service.database.db
      .transaction()
      .execute((trx) => createBoardFromTemplate(trx, late.userId));
    const lists = await h.service.database.db
      .selectFrom('board_lists')
      .select(['id', 'name'])
      .where('board_id', '=', lateBoard.id)
      .execute();
    const review = lists.find((l) => l.name === 'FOR REVIEW');
    const copied = await h.service.database.db
      .selectFrom('cards')
      .select('id')
      .where('list_id', '=', review?.id ?? 0)
      .execute();
    await h.service.database.db
      .insertInto('cards')
      .values({ list_id: review?.id ?? 0, title: 'Hidden', position: copied.length, cover_photo_url: null })
      .execute();
    const mine = await submit(mia, 'Counted');
    expect((await queue(coach)).cards.map((c) => c.id)).toEqual([...before, mine]);

    // The SQL rule and the policy agree on every kind of owner.
    const owners = [
      { role: 'premium', createdAt: '2024-01-01T00:00:00.000Z', inQueue: true },
      { role: 'premium', createdAt: '2025-02-12T23:59:59.000Z', inQueue: true },
      { role: 'premium', createdAt: '2025-02-13T00:00:00.000Z', inQueue: false },
      { role: 'coach', createdAt: '2024-01-01T00:00:00.000Z', inQueue: false },
      { role: 'admin', createdAt: '2024-01-01T00:00:00.000Z', inQueue: false },
      { role: 'basic', createdAt: '2024-01-01T00:00:00.000Z', inQueue: false },
    ];
    for (const owner of owners) expect([owner, isReviewedMember(owner)]).toEqual([owner, owner.inQueue]);
  });

  it('pages with cardsPerPage (default 20, at most 50) and counts the total', async () => {
    const all = await queue(coach, '?cardsPerPage=50');
    expect(all.total).toBe(all.cards.length);
    expect(all.total).toBeGreaterThanOrEqual(4);
    const pages = [];
    for (let page = 1; page <= all.total; page += 1) {
      const one = await queue(coach, `?page=${page}&cardsPerPage=1`);
      expect(one.total).toBe(all.total);
      pages.push(...one.cards.map((c) => c.id));
    }
    expect(pages).toEqual(all.cards.map((c) => c.id));
    expect(await queue(coach, `?page=${all.total + 1}&cardsPerPage=1`)).toEqual({ cards: [], total: all.total });
    const tooMany = await h.api.get(coach, `${MTN}/review-queue?cardsPerPage=51`);
    expect(tooMany.status).toBe(400);
    expect((await h.api.get(coach, `${MTN}/review-queue?page=0`)).status).toBe(400);
  });

  it('is for coaches and admins: members and other roles get 403', async () => {
    for (const role of ['premium', 'basic', 'course only'] as const) {
      const person = await h.person(role);
      expect([role, (await h.api.get(person, `${MTN}/review-queue`)).status]).toEqual([role, 403]);
    }
    expect((await h.api.get(null, `${MTN}/review-queue`)).status).toBe(401);
  });

  it('reads the page through the indexes', async () => {
    const { sql } = await import('@rainmakers/kit');
    const db = h.service.database.db;
    const plan = await db.connection().execute(async (conn) => {
      await sql`SET enable_seqscan = off`.execute(conn);
      const result = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT c.id FROM board_lists l JOIN cards c ON c.list_id = l.id
        WHERE l.fixed AND l.name = 'FOR REVIEW' ORDER BY c.list_entered_at, c.id LIMIT 20`.execute(conn);
      await sql`RESET enable_seqscan`.execute(conn);
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('board_lists_for_review');
    expect(plan).toContain('cards_list_entered');
  });
});

/**
 * Concurrent moves, reorders, inserts and deletes on one board (two tabs, a coach and an admin at once) never
 * leave two cards on one position or a gap: each write locks its lists' rows (id order) and renumbers in one
 * statement, and the deferred UNIQUE (list_id, position) would refuse a duplicate at commit anyway.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addCard, type Harness, listNamed, type Person, readBoard, startHarness } from './helpers';

const MTN = '/api/move-the-needle';
let h: Harness;
let admin: Person;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.person('admin');
});
afterAll(async () => {
  await h.stop();
});

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

async function expectGapless(person: Person, expectedTotal: number) {
  const board = await readBoard(h, person);
  for (const list of board.lists) {
    expect([list.name, list.Cards.map((c) => c.position)]).toEqual([list.name, list.Cards.map((_, i) => i)]);
  }
  const ids = board.lists.flatMap((l) => l.Cards.map((c) => c.id));
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(expectedTotal);
  // The database agrees (no reader-side renumbering hides a duplicate).
  const duplicates = await h.service.database.db
    .selectFrom('cards')
    .select(['list_id', 'position'])
    .groupBy(['list_id', 'position'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(duplicates).toEqual([]);
}

describe('concurrent card moves', () => {
  it('keeps every list gapless and duplicate-free under 200 parallel moves and reorders', async () => {
    const person = await h.person('premium');
    const board = await readBoard(h, person);
    const lists = ['NOT STARTED', 'IN PROGRESS', 'COMPLETED', 'ON HOLD'].map((n) => listNamed(board, n).id);
    const cards: number[] = [];
    for (let i = 0; i < 24; i++) cards.push((await addCard(h, person, lists[i % lists.length] as number, `c${i}`)).id);
    const before = board.lists.reduce((sum, l) => sum + l.Cards.length, 0);

    const next = random(42);
    const calls = Array.from({ length: 200 }, async (_, i) => {
      const source = lists[next(lists.length)] as number;
      const dest = lists[next(lists.length)] as number;
      const position = next(8);
      if (i % 3 === 0) {
        return h.api.post(person, `${MTN}/card/reorder`, {
          ListId: source,
          startPosition: position,
          endPosition: next(8),
        });
      }
      // The source list is a guess: stale guesses answer 409 and change nothing.
      return h.api.post(person, `${MTN}/card/move`, {
        cardId: cards[next(cards.length)],
        sourceListId: source,
        destListId: dest,
        positionOnSourceList: 0,
        positionOnDestList: position,
      });
    });
    const results = await Promise.all(calls);
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => [200, 400, 409].includes(s))).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(20);
    await expectGapless(person, before + cards.length);
  });

  it('stays gapless while cards are added and deleted during the moves', async () => {
    const person = await h.person('premium');
    const board = await readBoard(h, person);
    const ns = listNamed(board, 'NOT STARTED').id;
    const ip = listNamed(board, 'IN PROGRESS').id;
    const cards: number[] = [];
    for (let i = 0; i < 12; i++) cards.push((await addCard(h, person, i % 2 ? ns : ip, `c${i}`)).id);
    const before = board.lists.reduce((sum, l) => sum + l.Cards.length, 0);
    const next = random(7);
    const doomed = cards.slice(0, 4);
    const work = [
      ...doomed.map((id) => h.api.del(admin, `${MTN}/card/${id}`)),
      ...Array.from({ length: 10 }, (_, i) =>
        h.api.post(person, `${MTN}/card/upsert`, { title: `new ${i}`, ListId: i % 2 ? ns : ip }),
      ),
      ...Array.from({ length: 60 }, () => {
        const [source, dest] = next(2) ? [ns, ip] : [ip, ns];
        return h.api.post(person, `${MTN}/card/move`, {
          cardId: cards[4 + next(8)],
          sourceListId: source,
          destListId: dest,
          positionOnSourceList: 0,
          positionOnDestList: next(3),
        });
      }),
    ];
    const results = await Promise.all(work);
    expect(results.slice(0, 4).map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(results.slice(4, 14).map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(results.every((r) => r.status < 500)).toBe(true);
    await expectGapless(person, before + cards.length - doomed.length + 10);
  });
});

/**
 * Move the Needle under load: a member's board of 7 lists and 500 cards, card moves and card upserts
 * through the gateway. The board belongs to the seeded long-standing premium member (boards are hidden from premium
 * members who joined after the 2025-02-13 cut-off, which the bench's own members did).
 */
import type { GatewaySession } from '../seed/context';
import type { LoadRequest } from './load';
import type { ScenarioPlan } from './scenarios';
import type { SessionHeaders } from './setup';

export const BOARD_CARDS = 500;

/** The board's targets: a card move, and a card upsert setting its due date, p95 under 30 ms through the gateway. */
export const BOARD_P95_TARGETS_MS = { 'board-move': 30, 'board-due': 30 } as const;

interface ListAnswer {
  lists: { id: number; name: string; Cards: { id: number }[] }[];
}

export interface BenchBoard {
  userId: number;
  /** The lists in board order, each with its cards' ids in position order. */
  lists: { id: number; cards: number[] }[];
}

/** Fills `owner`'s board up to BOARD_CARDS cards, spread over its lists, and returns its layout. */
export async function prepareBoard(owner: GatewaySession, userId: number): Promise<BenchBoard> {
  const read = async () =>
    (await owner.get<ListAnswer>(`/api/move-the-needle/list/read-many?userId=${userId}`)).lists.map((l) => ({
      id: l.id,
      cards: l.Cards.map((c) => c.id),
    }));
  let lists = await read();
  if (lists.length === 0) throw new Error('The bench board has no lists');
  let total = lists.reduce((sum, l) => sum + l.cards.length, 0);
  for (let n = total; n < BOARD_CARDS; n++) {
    const list = lists[n % lists.length] as { id: number };
    await owner.post('/api/move-the-needle/card/upsert', {
      title: `Bench task ${n + 1}: compare three supplier quotes`,
      description: 'Ask for **landed cost** per unit, lead time and MOQ.',
      ListId: list.id,
    });
  }
  lists = await read();
  total = lists.reduce((sum, l) => sum + l.cards.length, 0);
  if (total < BOARD_CARDS) throw new Error(`The bench board holds ${total} cards, not ${BOARD_CARDS}`);
  return { userId, lists };
}

/**
 * Card k (round-robin over the board's cards) moves from the list it is in to the top of the next list. The layout
 * is tracked here as the server applies it, so every request names the card's real source list; in-flight moves
 * (one per connection) always concern different cards.
 */
export function boardMoveScenario(gatewayUrl: string, owner: SessionHeaders, board: BenchBoard): ScenarioPlan {
  const listOf = new Map<number, number>();
  board.lists.forEach((list, index) => {
    for (const card of list.cards) listOf.set(card, index);
  });
  const cards = board.lists.flatMap((l) => l.cards);
  let n = 0;
  return {
    key: 'board-move',
    name: 'board card move (premium)',
    description:
      `POST /api/move-the-needle/card/move on a board of ${board.lists.length} lists and ${cards.length} cards: ` +
      'a card to the top of the next list (both lists renumbered in one transaction)',
    origin: gatewayUrl,
    // One board is moved on by one person at a time (a coach reviewing reads): moves on it take its lists' locks
    // in turn, so ten connections on one board would measure a queue, not a move.
    connections: 1,
    notes: [
      '1 connection: one member dragging cards as fast as the server answers (moves on one board queue on its list locks)',
    ],
    targets: [{ p95BelowMs: BOARD_P95_TARGETS_MS['board-move'] }],
    next: (): LoadRequest => {
      const card = cards[n++ % cards.length] as number;
      const from = listOf.get(card) ?? 0;
      const to = (from + 1) % board.lists.length;
      listOf.set(card, to);
      return {
        method: 'POST',
        path: '/api/move-the-needle/card/move',
        headers: owner.write,
        body: JSON.stringify({
          cardId: card,
          sourceListId: board.lists[from]?.id,
          destListId: board.lists[to]?.id,
          positionOnSourceList: 0,
          positionOnDestList: 0,
        }),
      };
    },
  };
}

/** Card upserts: the title and description of the board's cards, round-robin (what closing the card dialog sends). */
export function boardUpsertScenario(gatewayUrl: string, owner: SessionHeaders, board: BenchBoard): ScenarioPlan {
  const cards = board.lists.flatMap((list) => list.cards.map((card) => ({ card, list: list.id })));
  let n = 0;
  return {
    key: 'board-upsert',
    name: 'board card upsert (premium)',
    description: `POST /api/move-the-needle/card/upsert: a card's title and description, over ${cards.length} cards`,
    origin: gatewayUrl,
    targets: [{ ratioOf: 'pipe', atLeast: 0.3 }],
    next: (): LoadRequest => {
      const i = n++;
      const target = cards[i % cards.length] as { card: number; list: number };
      return {
        method: 'POST',
        path: '/api/move-the-needle/card/upsert',
        headers: owner.write,
        body: JSON.stringify({
          id: target.card,
          title: `Bench task ${target.card}: compare supplier quotes (${i})`,
          description: `Round ${i}: ask for **landed cost** per unit, lead time and MOQ.`,
          ListId: target.list,
        }),
      };
    },
  };
}

/**
 * Card upserts that set a due date (what the card dialog's date box sends): the row lock and the old date read, the
 * update and the card read; the dates move a minute at a time over the next weeks, so each one changes the date.
 */
export function boardDueScenario(gatewayUrl: string, owner: SessionHeaders, board: BenchBoard): ScenarioPlan {
  const cards = board.lists.flatMap((list) => list.cards.map((card) => ({ card, list: list.id })));
  const start = Date.now() + 7 * 24 * 60 * 60 * 1000;
  let n = 0;
  return {
    key: 'board-due',
    name: 'board card due date (premium)',
    description: `POST /api/move-the-needle/card/upsert with dueAt, over ${cards.length} cards`,
    origin: gatewayUrl,
    connections: 1,
    notes: ['1 connection: one member setting due dates in the card dialog'],
    targets: [{ p95BelowMs: BOARD_P95_TARGETS_MS['board-due'] }],
    next: (): LoadRequest => {
      const i = n++;
      const target = cards[i % cards.length] as { card: number; list: number };
      return {
        method: 'POST',
        path: '/api/move-the-needle/card/upsert',
        headers: owner.write,
        body: JSON.stringify({
          id: target.card,
          title: `Bench task ${target.card}: compare supplier quotes`,
          ListId: target.list,
          dueAt: new Date(start + i * 60_000).toISOString(),
        }),
      };
    },
  };
}

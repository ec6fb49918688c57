/**
 * Pure board rules the screen applies before the server answers: moving a card (positions shift locally first),
 * applying the server's placements, total progress (spec part 1 §5), checklist percent, which label colours the
 * editor offers. Unit-tested in model.test.ts.
 */
import type { BoardCard, BoardLabel, BoardList, CheckList } from '@rainmakers/contracts';
import { percentFloor, totalProgressPercent } from '@rainmakers/contracts/board-progress';
import { COMPLETED_LIST_NAME, LABEL_COLORS, type LabelColorName, PROGRESS_LIST_NAMES } from './constants';

export interface Spot {
  listId: number;
  index: number;
}

/** Renumbers a list's cards 0..n-1 in their current order. */
const renumber = (cards: BoardCard[], listId: number): BoardCard[] =>
  cards.map((card, position) =>
    card.position === position && card.ListId === listId ? card : { ...card, position, ListId: listId },
  );

/**
 * The lists after the card at `from` goes to `to` (within one list: a reorder; across lists: a move). Touched lists
 * are renumbered zero-based without gaps, as the server does. Unknown spots leave the lists as they are.
 */
export function moveCard(lists: BoardList[], from: Spot, to: Spot): BoardList[] {
  const source = lists.find((l) => l.id === from.listId);
  const dest = lists.find((l) => l.id === to.listId);
  if (!source || !dest) return lists;
  const card = source.Cards[from.index];
  if (!card) return lists;
  if (source.id === dest.id) {
    const cards = [...source.Cards];
    cards.splice(from.index, 1);
    cards.splice(Math.min(to.index, cards.length), 0, card);
    return lists.map((l) => (l.id === source.id ? { ...l, Cards: renumber(cards, l.id) } : l));
  }
  const sourceCards = source.Cards.filter((_, i) => i !== from.index);
  const destCards = [...dest.Cards];
  destCards.splice(Math.min(to.index, destCards.length), 0, card);
  return lists.map((l) => {
    if (l.id === source.id) return { ...l, Cards: renumber(sourceCards, l.id) };
    if (l.id === dest.id) return { ...l, Cards: renumber(destCards, l.id) };
    return l;
  });
}

/** The server's answer to a reorder or a move: every card of the touched lists with its place. */
export function applyPlacements(
  lists: BoardList[],
  placements: readonly { id: number; ListId: number; position: number }[],
): BoardList[] {
  if (placements.length === 0) return lists;
  const byId = new Map(placements.map((p) => [p.id, p]));
  const touched = new Set(placements.map((p) => p.ListId));
  const cards = new Map<number, BoardCard>();
  for (const list of lists) for (const card of list.Cards) cards.set(card.id, card);
  return lists.map((list) => {
    const kept = list.Cards.filter((c) => !byId.has(c.id));
    if (!touched.has(list.id) && kept.length === list.Cards.length) return list;
    const arriving = placements
      .filter((p) => p.ListId === list.id)
      .flatMap((p) => {
        const card = cards.get(p.id);
        return card ? [{ ...card, ListId: p.ListId, position: p.position }] : [];
      });
    const next = [...kept, ...arriving].sort((a, b) => a.position - b.position || a.id - b.id);
    return { ...list, Cards: next };
  });
}

/** Spec §5: COMPLETED cards over the cards of NOT STARTED, IN PROGRESS, COMPLETED and ON HOLD, rounded; 0 if none. */
export function totalProgress(lists: readonly Pick<BoardList, 'name' | 'Cards'>[]): number {
  const counted = lists.filter((l) => (PROGRESS_LIST_NAMES as readonly string[]).includes(l.name));
  const total = counted.reduce((sum, l) => sum + l.Cards.length, 0);
  const completed = counted.filter((l) => l.name === COMPLETED_LIST_NAME).reduce((s, l) => s + l.Cards.length, 0);
  return totalProgressPercent(completed, total);
}

/** Spec §5: the whole-number floor of completed over total items (0 with no items). */
export function checklistPercent(checklist: Pick<CheckList, 'CheckListItems'>): number {
  const done = checklist.CheckListItems.filter((i) => i.completed).length;
  return percentFloor(done, checklist.CheckListItems.length);
}

/** 'Checklist completed' at 100 percent, 'Checklist in progress' otherwise. */
export const checklistStatus = (percent: number) => (percent >= 100 ? 'Checklist completed' : 'Checklist in progress');

/** Spec §5: only colours no other label uses, plus the label's own (update mode). */
export function offeredColors(
  labels: readonly Pick<BoardLabel, 'id' | 'color'>[],
  editingId?: number,
): LabelColorName[] {
  const used = new Set(labels.filter((l) => l.id !== editingId).map((l) => l.color));
  return LABEL_COLORS.filter((c) => !used.has(c));
}

/** 'Create new label' only while there are fewer than 11 labels (and a colour is left to give it). */
export const canOfferNewLabel = (labelCount: number, limit: number) => labelCount < limit;

/** Finds a card anywhere on the board. */
export function findCard(lists: readonly BoardList[], cardId: number): BoardCard | null {
  for (const list of lists) for (const card of list.Cards) if (card.id === cardId) return card;
  return null;
}

/** Replaces one card in place (same list) with `update` applied. */
export function updateCard(lists: BoardList[], cardId: number, update: (card: BoardCard) => BoardCard): BoardList[] {
  return lists.map((list) =>
    list.Cards.some((c) => c.id === cardId)
      ? { ...list, Cards: list.Cards.map((c) => (c.id === cardId ? update(c) : c)) }
      : list,
  );
}

/**
 * Card positions (spec §5, §9): zero-based and gapless within a list. Pure: given the cards of the lists in
 * (position, id) order, says where every card ends up; the store writes the changes under row locks.
 */

export interface Placement {
  id: number;
  listId: number;
  position: number;
}

export type PositionResult = { ok: true; placements: Placement[] } | { ok: false; reason: 'out-of-range' };

const renumber = (listId: number, ids: readonly number[]): Placement[] =>
  ids.map((id, position) => ({ id, listId, position }));

/** Reorder within a list: the card at `start` goes to `end`, the cards between shift by one. */
export function reorderWithinList(
  listId: number,
  ordered: readonly number[],
  start: number,
  end: number,
): PositionResult {
  if (start >= ordered.length || end >= ordered.length) return { ok: false, reason: 'out-of-range' };
  const ids = [...ordered];
  const [moved] = ids.splice(start, 1);
  if (moved === undefined) return { ok: false, reason: 'out-of-range' };
  ids.splice(end, 0, moved);
  return { ok: true, placements: renumber(listId, ids) };
}

/**
 * Move `cardId` from the source list to `destPosition` of the destination list (0..count of the destination,
 * the end included). A move within one list is a reorder.
 */
export function moveAcrossLists(
  source: { id: number; ordered: readonly number[] },
  dest: { id: number; ordered: readonly number[] },
  cardId: number,
  destPosition: number,
): PositionResult {
  const from = source.ordered.indexOf(cardId);
  if (from < 0) return { ok: false, reason: 'out-of-range' };
  if (source.id === dest.id) return reorderWithinList(source.id, source.ordered, from, destPosition);
  if (destPosition > dest.ordered.length) return { ok: false, reason: 'out-of-range' };
  const remaining = source.ordered.filter((id) => id !== cardId);
  const target = [...dest.ordered];
  target.splice(destPosition, 0, cardId);
  return { ok: true, placements: [...renumber(source.id, remaining), ...renumber(dest.id, target)] };
}

/** After a card is deleted: the cards left, renumbered from 0. */
export function closeGap(listId: number, remaining: readonly number[]): Placement[] {
  return renumber(listId, remaining);
}

/** Only the placements that differ from the current ones (fewer rows to write). */
export function changedPlacements(
  placements: readonly Placement[],
  current: ReadonlyMap<number, { listId: number; position: number }>,
): Placement[] {
  return placements.filter((p) => {
    const now = current.get(p.id);
    return !now || now.listId !== p.listId || now.position !== p.position;
  });
}

/** A new list goes after the highest position (0 on an empty board). */
export function nextListPosition(positions: readonly number[]): number {
  return positions.length === 0 ? 0 : Math.max(...positions) + 1;
}

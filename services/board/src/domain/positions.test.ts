import { describe, expect, it } from '@jest/globals';
import { changedPlacements, closeGap, moveAcrossLists, nextListPosition, reorderWithinList } from './positions';

const ids = (r: ReturnType<typeof reorderWithinList>) =>
  r.ok ? r.placements.map((p) => [p.listId, p.id, p.position]) : r.reason;

describe('card positions', () => {
  it('reorders within a list, shifting the cards between', () => {
    expect(ids(reorderWithinList(1, [10, 11, 12, 13], 0, 2))).toEqual([
      [1, 11, 0],
      [1, 12, 1],
      [1, 10, 2],
      [1, 13, 3],
    ]);
    expect(ids(reorderWithinList(1, [10, 11, 12], 2, 0))).toEqual([
      [1, 12, 0],
      [1, 10, 1],
      [1, 11, 2],
    ]);
  });

  it('refuses positions outside the list', () => {
    expect(ids(reorderWithinList(1, [10, 11], 2, 0))).toBe('out-of-range');
    expect(ids(reorderWithinList(1, [10, 11], 0, 2))).toBe('out-of-range');
    expect(ids(reorderWithinList(1, [], 0, 0))).toBe('out-of-range');
  });

  it('moves across lists: the source closes its gap, the destination opens one (the end included)', () => {
    const r = moveAcrossLists({ id: 1, ordered: [10, 11, 12] }, { id: 2, ordered: [20, 21] }, 11, 2);
    expect(ids(r)).toEqual([
      [1, 10, 0],
      [1, 12, 1],
      [2, 20, 0],
      [2, 21, 1],
      [2, 11, 2],
    ]);
    expect(ids(moveAcrossLists({ id: 1, ordered: [10] }, { id: 2, ordered: [] }, 10, 0))).toEqual([[2, 10, 0]]);
    expect(ids(moveAcrossLists({ id: 1, ordered: [10] }, { id: 2, ordered: [20] }, 10, 2))).toBe('out-of-range');
    expect(ids(moveAcrossLists({ id: 1, ordered: [10] }, { id: 2, ordered: [20] }, 99, 0))).toBe('out-of-range');
  });

  it('treats a move within one list as a reorder', () => {
    expect(ids(moveAcrossLists({ id: 1, ordered: [10, 11, 12] }, { id: 1, ordered: [10, 11, 12] }, 10, 2))).toEqual([
      [1, 11, 0],
      [1, 12, 1],
      [1, 10, 2],
    ]);
  });

  it('closes gaps, writes only what changed, and puts a new list last', () => {
    expect(closeGap(3, [7, 9]).map((p) => p.position)).toEqual([0, 1]);
    const current = new Map([
      [7, { listId: 3, position: 0 }],
      [9, { listId: 3, position: 2 }],
    ]);
    expect(changedPlacements(closeGap(3, [7, 9]), current)).toEqual([{ id: 9, listId: 3, position: 1 }]);
    expect(nextListPosition([])).toBe(0);
    expect(nextListPosition([0, 6, 3])).toBe(7);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { BoardList } from '@rainmakers/contracts';
import * as contracts from '@rainmakers/contracts';
import * as constants from './constants';
import { applyPlacements, checklistPercent, checklistStatus, moveCard, offeredColors, totalProgress } from './model';
import { testCard } from './testCards';

const card = (id: number, listId: number, position: number) => testCard(id, { ListId: listId, position });
const list = (id: number, name: string, cardIds: number[]): BoardList => ({
  id,
  name,
  position: id,
  userId: 1,
  fixed: true,
  Cards: cardIds.map((c, i) => card(c, id, i)),
});
const shape = (lists: BoardList[]) => lists.map((l) => [l.id, l.Cards.map((c) => `${c.id}@${c.position}:${c.ListId}`)]);

describe("constants are the contracts' own", () => {
  it('copies every board value', () => {
    expect(constants.FIXED_LIST_NAMES).toEqual(contracts.FIXED_LIST_NAMES);
    expect(constants.PROGRESS_LIST_NAMES).toEqual(contracts.PROGRESS_LIST_NAMES);
    expect(constants.COMPLETED_LIST_NAME).toBe(contracts.COMPLETED_LIST_NAME);
    expect(constants.LABEL_COLORS).toEqual(contracts.LABEL_COLORS);
    expect(Object.keys(constants.LABEL_SWATCHES).sort()).toEqual([...contracts.LABEL_COLORS].sort());
    expect(constants.LABEL_CREATE_LIMIT).toBe(contracts.LABEL_CREATE_LIMIT);
    expect(constants.DONT_SHOW_MTN_UPGRADE_KEY).toBe(contracts.DONT_SHOW_MTN_UPGRADE_KEY);
    expect(constants.MTN_WELCOME_TITLE).toBe(contracts.MTN_WELCOME_TITLE);
    expect(constants.DELETE_CARD_CONFIRMATION).toBe(contracts.DELETE_CARD_CONFIRMATION);
    expect(constants.BOARD_TOASTS).toEqual(contracts.BOARD_TOASTS);
  });
});

describe('moveCard', () => {
  const lists = [list(1, 'NOT STARTED', [10, 11, 12]), list(2, 'IN PROGRESS', [20])];

  it('reorders within a list, renumbering from zero', () => {
    expect(shape(moveCard(lists, { listId: 1, index: 0 }, { listId: 1, index: 2 }))).toEqual([
      [1, ['11@0:1', '12@1:1', '10@2:1']],
      [2, ['20@0:2']],
    ]);
  });

  it('moves across lists, shifting both lists', () => {
    expect(shape(moveCard(lists, { listId: 1, index: 1 }, { listId: 2, index: 0 }))).toEqual([
      [1, ['10@0:1', '12@1:1']],
      [2, ['11@0:2', '20@1:2']],
    ]);
  });

  it('leaves the lists alone for an unknown spot', () => {
    expect(moveCard(lists, { listId: 9, index: 0 }, { listId: 1, index: 0 })).toBe(lists);
  });
});

describe('applyPlacements', () => {
  it('puts every card where the server says', () => {
    const lists = [list(1, 'NOT STARTED', [10, 11]), list(2, 'IN PROGRESS', [])];
    const next = applyPlacements(lists, [
      { id: 10, ListId: 1, position: 0 },
      { id: 11, ListId: 2, position: 0 },
    ]);
    expect(shape(next)).toEqual([
      [1, ['10@0:1']],
      [2, ['11@0:2']],
    ]);
  });
});

describe('progress', () => {
  it('counts COMPLETED over the four progress lists, rounded', () => {
    const lists = [
      list(1, 'NOT STARTED', [1]),
      list(2, 'IN PROGRESS', [2]),
      list(3, 'COMPLETED', [3]),
      list(4, 'ON HOLD', []),
      list(5, 'FOR REVIEW', [5, 6, 7]),
    ];
    expect(totalProgress(lists)).toBe(33);
    expect(totalProgress([list(3, 'COMPLETED', [1, 2]), list(1, 'NOT STARTED', [3])])).toBe(67);
    expect(totalProgress([list(1, 'NOT STARTED', [1])])).toBe(0);
    expect(totalProgress([])).toBe(0);
  });

  it('floors the checklist percent', () => {
    const items = (done: boolean[]) => ({
      CheckListItems: done.map((completed, id) => ({ id, title: 't', completed, CheckListId: 1 })),
    });
    expect(checklistPercent(items([true, false, false]))).toBe(33);
    expect(checklistPercent(items([true, true, false]))).toBe(66);
    expect(checklistPercent(items([]))).toBe(0);
    expect(checklistStatus(checklistPercent(items([true, true])))).toBe('Checklist completed');
    expect(checklistStatus(99)).toBe('Checklist in progress');
  });
});

describe('offeredColors', () => {
  it('offers unused colours plus the label own', () => {
    const labels = [
      { id: 1, color: 'red-200' as const },
      { id: 2, color: 'blue-200' as const },
    ];
    expect(offeredColors(labels)).not.toContain('red-200');
    expect(offeredColors(labels, 1)).toContain('red-200');
    expect(offeredColors(labels, 1)).not.toContain('blue-200');
    expect(offeredColors(labels)).toHaveLength(8);
  });
});

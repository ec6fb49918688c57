import { describe, expect, it } from '@jest/globals';
import type { BoardCard, BoardList } from '../../api/board';
import { applyFilters, dueText, fromPickerValue, readFilters, toPickerValue, writeFilters } from './dueDates';
import { testCard } from './testCards';

const now = new Date('2026-12-02T12:00:00Z');
const card = testCard;
const label = { id: 5, name: 'Urgent', color: 'red-200' as const, userId: 1 };
const lists: BoardList[] = [
  {
    id: 1,
    name: 'NOT STARTED',
    position: 0,
    userId: 1,
    fixed: true,
    Cards: [
      card(1, { dueAt: '2026-12-01T12:00:00Z', Labels: [label] }),
      card(2, { dueAt: '2026-12-20T12:00:00Z' }),
      card(3, {
        CheckLists: [
          {
            id: 1,
            title: 'C',
            CardId: 3,
            progress: 0,
            CheckListItems: [{ id: 1, title: 'x', completed: false, CheckListId: 1 }],
          },
        ] as BoardCard['CheckLists'],
      }),
    ],
  },
  {
    id: 2,
    name: 'COMPLETED',
    position: 6,
    userId: 1,
    fixed: true,
    Cards: [card(4, { dueAt: '2026-11-01T12:00:00Z' })],
  },
];

describe('picker values', () => {
  it('round-trips the local wall time with the zone offset', () => {
    const iso = fromPickerValue('2026-12-01T17:05');
    expect(iso).toMatch(/^2026-12-01T17:05:00[+-]\d{2}:\d{2}$/);
    expect(toPickerValue(iso)).toBe('2026-12-01T17:05');
    expect(fromPickerValue('')).toBeNull();
    expect(fromPickerValue('2026-02-31T10:00')).toBeNull();
    expect(toPickerValue(null)).toBe('');
  });

  it("reads and writes the person's zone, not the browser's", () => {
    expect(toPickerValue('2026-12-01T22:05:00Z', 'America/New_York')).toBe('2026-12-01T17:05');
    expect(fromPickerValue('2026-12-01T17:05', 'America/New_York')).toBe('2026-12-01T17:05:00-05:00');
    expect(fromPickerValue('2026-12-01T17:05', 'Asia/Tokyo')).toBe('2026-12-01T17:05:00+09:00');
  });
});

describe('dueText', () => {
  it('says the warning in words', () => {
    expect(dueText('overdue', '2026-12-01T12:00:00Z')).toMatch(/^Overdue: /);
    expect(dueText('soon', '2026-12-01T12:00:00Z')).toMatch(/^Due soon: /);
    expect(dueText('done', '2026-12-01T12:00:00Z')).toMatch(/^Due /);
  });
});

describe('filters', () => {
  it('reads and writes the address, keeping other parameters', () => {
    const params = new URLSearchParams('card=9&labels=5,x,5&due=overdue&open=1');
    const filters = readFilters(params);
    expect(filters).toEqual({ labels: [5], due: 'overdue', openItems: true });
    expect(writeFilters(params, { labels: [], due: null, openItems: false }).toString()).toBe('card=9');
    expect(readFilters(new URLSearchParams('due=someday')).due).toBeNull();
  });

  it('hides what does not match and counts it; a completed card is never overdue', () => {
    expect(applyFilters(lists, { labels: [], due: 'overdue', openItems: false }, now).hidden).toBe(3);
    const overdue = applyFilters(lists, { labels: [], due: 'overdue', openItems: false }, now);
    expect(overdue.lists.flatMap((l) => l.Cards).map((c) => c.id)).toEqual([1]);
    const noDate = applyFilters(lists, { labels: [], due: 'none', openItems: false }, now);
    expect(noDate.lists.flatMap((l) => l.Cards).map((c) => c.id)).toEqual([3]);
    const open = applyFilters(lists, { labels: [], due: null, openItems: true }, now);
    expect(open.lists.flatMap((l) => l.Cards).map((c) => c.id)).toEqual([3]);
    const labelled = applyFilters(lists, { labels: [5], due: null, openItems: false }, now);
    expect(labelled).toMatchObject({ hidden: 3 });
    expect(applyFilters(lists, { labels: [], due: null, openItems: false }, now).lists).toBe(lists);
  });
});

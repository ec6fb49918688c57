/**
 * Due dates on the board screen (pure, unit-tested): how a date reads, what the picker holds, and the filters.
 * `formatDueDate` is the one place a due date becomes text; the box reads and writes the same zone (lib/dates).
 */
import { type DueStatus, dueStatus, isDueThisWeek } from '@rainmakers/contracts/due-dates';
import { instantOfWallClock, wallClockOf } from '@rainmakers/contracts/time-zone';
import type { BoardList } from '../../api/board';
import { displayTimeZone, formatWeekdayDateTime } from '../../lib/dates';
import { COMPLETED_LIST_NAME } from './constants';

export { type DueStatus, dueStatus };

/** "Mon, Dec 1, 5:00 PM" in the person's zone (lib/dates). */
export const formatDueDate = (iso: string): string => formatWeekdayDateTime(iso);

/** The words on a card tile: the warning (never by colour alone) and the date. */
export function dueText(status: DueStatus, iso: string): string {
  const date = formatDueDate(iso);
  if (status === 'overdue') return `Overdue: ${date}`;
  if (status === 'soon') return `Due soon: ${date}`;
  return `Due ${date}`;
}

/**
 * An instant as the due date box (`<input type="datetime-local">`) holds it: the wall clock in the person's zone
 * (her profile's; the browser's while she has none), to the minute — the zone every date on the board is shown in.
 */
export function toPickerValue(iso: string | null, zone: string = displayTimeZone()): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : wallClockOf(ms, zone);
}

/**
 * The box's value (a wall clock in the person's zone) as ISO 8601 with that zone's offset; null when it is empty or
 * not a date.
 */
export function fromPickerValue(value: string, zone: string = displayTimeZone()): string | null {
  return instantOfWallClock(value, zone);
}

// ---------------------------------------------------------------------------------------------------------
// Filters (kept in the address: ?labels=1,2&due=overdue&open=1)

export const DUE_FILTERS = ['overdue', 'week', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const DUE_FILTER_NAMES: Record<DueFilter, string> = {
  overdue: 'Overdue',
  week: 'Due this week',
  none: 'No due date',
};

export interface BoardFilters {
  labels: number[];
  due: DueFilter | null;
  /** Only cards with checklist items still open. */
  openItems: boolean;
}

export function readFilters(params: URLSearchParams): BoardFilters {
  const labels = (params.get('labels') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const due = params.get('due');
  return {
    labels: [...new Set(labels)],
    due: (DUE_FILTERS as readonly string[]).includes(due ?? '') ? (due as DueFilter) : null,
    openItems: params.get('open') === '1',
  };
}

/** The address with these filters (other parameters, e.g. ?card=, kept). */
export function writeFilters(params: URLSearchParams, filters: BoardFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.labels.length > 0) next.set('labels', filters.labels.join(','));
  else next.delete('labels');
  if (filters.due) next.set('due', filters.due);
  else next.delete('due');
  if (filters.openItems) next.set('open', '1');
  else next.delete('open');
  return next;
}

export const filtersOn = (f: BoardFilters) => f.labels.length > 0 || f.due !== null || f.openItems;

/** The lists with only the cards the filters let through (a card needs one of the chosen labels), and how many hid. */
export function applyFilters(
  lists: BoardList[],
  filters: BoardFilters,
  now: Date,
): { lists: BoardList[]; hidden: number } {
  if (!filtersOn(filters)) return { lists, hidden: 0 };
  let hidden = 0;
  const shown = lists.map((list) => {
    const completed = list.name === COMPLETED_LIST_NAME;
    const Cards = list.Cards.filter((card) => {
      const keep =
        (filters.labels.length === 0 || card.Labels.some((l) => filters.labels.includes(l.id))) &&
        (filters.due === null ||
          (filters.due === 'none' && card.dueAt === null) ||
          (filters.due === 'overdue' && dueStatus(card.dueAt, now, completed) === 'overdue') ||
          (filters.due === 'week' && isDueThisWeek(card.dueAt, now, displayTimeZone()))) &&
        (!filters.openItems || card.CheckLists.some((c) => c.CheckListItems.some((i) => !i.completed)));
      if (!keep) hidden++;
      return keep;
    });
    return Cards.length === list.Cards.length ? list : { ...list, Cards };
  });
  return { lists: shown, hidden };
}

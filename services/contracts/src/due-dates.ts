/**
 * How a card's due date reads (zod-free: the web imports it as `@rainmakers/contracts/due-dates`, the board service's
 * reminders use the same window). docs/decisions.md "Due dates and reminders".
 */
import { instantOfWallClock, wallClockOf } from './time-zone';

/** A card due within this long (and not yet due) is "due soon", and its owner is reminded once. */
export const DUE_SOON_MS = 24 * 60 * 60 * 1000;

/**
 * 'none': no due date; 'done': in a completed list (its date shows without a warning); 'overdue': the due time has
 * passed; 'soon': due within 24 hours; 'later': further off.
 */
export type DueStatus = 'none' | 'done' | 'overdue' | 'soon' | 'later';

export function dueStatus(dueAt: Date | string | null, now: Date, completed: boolean): DueStatus {
  if (dueAt === null) return 'none';
  if (completed) return 'done';
  const due = typeof dueAt === 'string' ? Date.parse(dueAt) : dueAt.getTime();
  if (Number.isNaN(due)) return 'none';
  const left = due - now.getTime();
  if (left <= 0) return 'overdue';
  if (left <= DUE_SOON_MS) return 'soon';
  return 'later';
}

/**
 * Whether a due date falls in the week of `now`: Monday 00:00 to the next Monday 00:00 in `zone` (the person's own;
 * without one, the zone the Date methods read). An overdue date earlier in the week counts too.
 */
export function isDueThisWeek(dueAt: Date | string | null, now: Date, zone?: string): boolean {
  if (dueAt === null) return false;
  const due = typeof dueAt === 'string' ? Date.parse(dueAt) : dueAt.getTime();
  if (Number.isNaN(due)) return false;
  const [start, end] = zone ? weekInZone(now, zone) : weekInDateZone(now);
  return due >= start && due < end;
}

function weekInDateZone(now: Date): [number, number] {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
  return [start.getTime(), end.getTime()];
}

function weekInZone(now: Date, zone: string): [number, number] {
  const today = new Date(`${wallClockOf(now.getTime(), zone).slice(0, 10)}T00:00:00Z`);
  const monday = new Date(today);
  monday.setUTCDate(today.getUTCDate() - ((today.getUTCDay() + 6) % 7));
  const next = new Date(monday);
  next.setUTCDate(monday.getUTCDate() + 7);
  const midnight = (day: Date) => {
    const instant = instantOfWallClock(`${day.toISOString().slice(0, 10)}T00:00`, zone);
    return instant ? Date.parse(instant) : day.getTime();
  };
  return [midnight(monday), midnight(next)];
}

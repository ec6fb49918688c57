/**
 * Due dates: what changed on an upsert, and which reminder a card is owed (pure). docs/decisions.md "Due dates and
 * reminders".
 */
import { DUE_SOON_MS } from '@rainmakers/contracts';

export type ReminderKind = 'due-soon' | 'overdue';

/** A card's due date before and after an upsert; null when it did not change (the same instant). */
export interface DueDateChange {
  before: Date | null;
  after: Date | null;
}

export function dueDateChange(before: Date | null, after: Date | null): DueDateChange | null {
  if ((before?.getTime() ?? null) === (after?.getTime() ?? null)) return null;
  return { before, after };
}

/**
 * The reminder a card not in a completed list is owed now, given the kinds already sent for its current due date:
 * 'overdue' once the due time has passed, 'due-soon' within the 24 hours before it; none when that one was sent or
 * the date is further off. A card already overdue when first seen gets 'overdue' only (a 'due-soon' would be late).
 */
export function reminderDue(dueAt: Date, now: Date, sent: ReadonlySet<ReminderKind>): ReminderKind | null {
  const left = dueAt.getTime() - now.getTime();
  if (left <= 0) return sent.has('overdue') ? null : 'overdue';
  if (left <= DUE_SOON_MS) return sent.has('due-soon') ? null : 'due-soon';
  return null;
}

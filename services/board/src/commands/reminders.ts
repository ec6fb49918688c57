/**
 * The due-date reminder sweep (the board-reminders job, every minute): a card due within 24 hours tells its owner
 * once ('due-soon'), and once more when the due time passes ('overdue'); the bell in the sweep's transaction, the
 * e-mail through board.card-due (the board-mail consumer queues it). docs/decisions.md "Due dates and reminders".
 */
import { withEvents } from '@rainmakers/kit';
import type { BoardDeps } from '../deps';
import { reminderDue } from '../domain/due-dates';
import { insertNotifications } from '../store/notifications';
import { claimReminder, reminderCandidates } from '../store/reminders';

/** Cards per transaction, and transactions per run: a run sends at most 1,000 reminders, the next minute the rest. */
export const REMINDER_BATCH = 100;
export const REMINDER_MAX_BATCHES = 10;

/** Sends the reminders due at `now`; answers how many this call sent (a racing sweep's are not counted). */
export async function sendDueReminders(
  deps: BoardDeps,
  now: Date = new Date(),
  limits: { batch: number; maxBatches: number } = { batch: REMINDER_BATCH, maxBatches: REMINDER_MAX_BATCHES },
): Promise<number> {
  let sent = 0;
  for (let round = 0; round < limits.maxBatches; round++) {
    const candidates = await reminderCandidates(deps.db, now, limits.batch);
    if (candidates.length === 0) break;
    sent += await withEvents(deps.db, deps.events, async (trx, { publish, afterCommit }) => {
      const told = new Set<number>();
      let claimed = 0;
      for (const card of candidates) {
        const kind = reminderDue(card.dueAt, now, new Set(card.sent));
        if (!kind || !(await claimReminder(trx, card.cardId, card.dueAt, kind))) continue;
        const dueAt = card.dueAt.toISOString();
        await insertNotifications(trx, [
          {
            userId: card.ownerId,
            kind,
            cardId: card.cardId,
            boardOwnerId: card.ownerId,
            // Nobody acted: the owner stands in (the column is required), the bell names the board.
            actorId: card.ownerId,
            actorName: 'Move the Needle',
            text: '',
          },
        ]);
        await publish('board.card-due', {
          cardId: card.cardId,
          cardTitle: card.title,
          boardUserId: card.ownerId,
          dueAt,
          kind,
        });
        told.add(card.ownerId);
        claimed++;
      }
      if (told.size > 0) afterCommit(() => deps.changes.notificationsChanged([...told]));
      return claimed;
    });
    if (candidates.length < limits.batch) break;
  }
  return sent;
}

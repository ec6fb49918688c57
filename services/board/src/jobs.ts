/**
 * The board-reminders job: a BullMQ job scheduler fires one 'sweep' a minute (one job per tick, whichever replica
 * takes it); the sweep sends the due-date reminders (commands/reminders.ts), then the weekly digests owed
 * (commands/digests.ts). A sweep that runs twice, or beside another replica's, sends nothing twice: each reminder
 * and each week's digest is recorded insert-if-absent in its transaction.
 */
import { type BackgroundTask, createScheduledSweep, type Logger, QueueName, type Redis } from '@rainmakers/kit';
import { type DigestDeps, sweepWeeklyDigests } from './commands/digests';
import { sendDueReminders } from './commands/reminders';
import type { BoardDeps } from './deps';

type SweepResult = { sent: number; digests: number };

/** How often the sweep runs: a reminder goes out at most this late. */
export const REMINDER_SWEEP_EVERY_MS = 60_000;
const SCHEDULER_ID = 'due-reminders';

/**
 * `deps.mail` is the task's own sender (service.ts makes one for it): it is closed after the last sweep has ended.
 */
export function createReminderWorker(
  deps: BoardDeps & DigestDeps,
  redis: Redis,
  prefix: string,
  logger: Logger,
): BackgroundTask {
  return createScheduledSweep<SweepResult>({
    queue: QueueName.BoardReminders,
    schedulerId: SCHEDULER_ID,
    everyMs: REMINDER_SWEEP_EVERY_MS,
    async sweep() {
      const sent = await sendDueReminders(deps);
      if (sent > 0) logger.info({ sent }, 'due-date reminders sent');
      // After the reminders, so a slow digest Monday never holds a reminder back a minute.
      const digests = await sweepWeeklyDigests(deps);
      if (digests.mailed + digests.empty > 0) logger.info(digests, 'weekly digests settled');
      return { sent, digests: digests.mailed };
    },
    redis,
    prefix,
    logger,
    close: () => deps.mail.close(),
  });
}

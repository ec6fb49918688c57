/**
 * The board-reminders job: a BullMQ job scheduler fires one 'sweep' a minute (one job per tick, whichever replica
 * takes it); the sweep sends the due-date reminders (commands/reminders.ts), then the weekly digests owed
 * (commands/digests.ts). A sweep that runs twice, or beside another replica's, sends nothing twice: each reminder
 * and each week's digest is recorded insert-if-absent in its transaction.
 */
import { type BackgroundTask, createQueue, createWorker, type Logger, QueueName, type Redis } from '@rainmakers/kit';
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
  const queue = createQueue<Record<string, never>, SweepResult>(QueueName.BoardReminders, redis, prefix);
  const worker = createWorker<Record<string, never>, SweepResult>(
    QueueName.BoardReminders,
    async () => {
      const sent = await sendDueReminders(deps);
      if (sent > 0) logger.info({ sent }, 'due-date reminders sent');
      // After the reminders, so a slow digest Monday never holds a reminder back a minute.
      const digests = await sweepWeeklyDigests(deps);
      if (digests.mailed + digests.empty > 0) logger.info(digests, 'weekly digests settled');
      return { sent, digests: digests.mailed };
    },
    redis,
    prefix,
    // One sweep at a time per process; the job's own retries would only repeat what the next tick does.
    { concurrency: 1, logger },
  );
  return {
    async start() {
      // Upserting the same scheduler id from every replica keeps one schedule.
      await queue.upsertJobScheduler(
        SCHEDULER_ID,
        { every: REMINDER_SWEEP_EVERY_MS },
        {
          name: 'sweep',
          data: {},
          opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
        },
      );
      worker.start();
    },
    async stop() {
      await worker.stop();
      await queue.close();
      await deps.mail.close();
    },
  };
}

/**
 * The course-releases job: a BullMQ job scheduler fires one 'sweep' a minute (one job per tick, whichever replica
 * takes it); the sweep tells members whose dripped module opened (commands/releases.ts). A sweep that runs twice,
 * or beside another replica's, tells nobody twice: each notice is claimed insert-if-absent in its transaction.
 */
import { type BackgroundTask, createQueue, createWorker, type Logger, QueueName, type Redis } from '@rainmakers/kit';
import { announceOpenedModules, type ReleaseSweepDeps } from './commands/releases';

/** How often the sweep runs: a member hears of an opened module at most this late. */
export const RELEASE_SWEEP_EVERY_MS = 60_000;
const SCHEDULER_ID = 'module-releases';

export function createReleaseWorker(
  deps: ReleaseSweepDeps,
  redis: Redis,
  prefix: string,
  logger: Logger,
): BackgroundTask {
  const queue = createQueue<Record<string, never>, { told: number }>(QueueName.CourseReleases, redis, prefix);
  const worker = createWorker<Record<string, never>, { told: number }>(
    QueueName.CourseReleases,
    async () => {
      const told = await announceOpenedModules(deps);
      if (told > 0) logger.info({ told }, 'members told of modules that opened');
      return { told };
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
        { every: RELEASE_SWEEP_EVERY_MS },
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
    },
  };
}

/**
 * The course-releases job: a BullMQ job scheduler fires one 'sweep' a minute (one job per tick, whichever replica
 * takes it); the sweep tells members whose dripped module opened (commands/releases.ts). A sweep that runs twice,
 * or beside another replica's, tells nobody twice: each notice is claimed insert-if-absent in its transaction.
 */
import { type BackgroundTask, createScheduledSweep, type Logger, QueueName, type Redis } from '@rainmakers/kit';
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
  return createScheduledSweep<{ told: number }>({
    queue: QueueName.CourseReleases,
    schedulerId: SCHEDULER_ID,
    everyMs: RELEASE_SWEEP_EVERY_MS,
    async sweep() {
      const told = await announceOpenedModules(deps);
      if (told > 0) logger.info({ told }, 'members told of modules that opened');
      return { told };
    },
    redis,
    prefix,
    logger,
  });
}

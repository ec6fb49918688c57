import { SESSION_IDLE_DAYS } from '@rainmakers/contracts';
import type { BackgroundTask } from '@rainmakers/kit';
import type { AuthDeps } from './deps';
import { deleteExpiredPasswordResets } from './store/password-resets';
import { deleteEndedSessions } from './store/sessions';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Hourly: forgets sessions that ended a week ago and reset links that expired a day ago. */
export function createHousekeeping(deps: Pick<AuthDeps, 'db' | 'logger'>, everyMs = 60 * 60 * 1000): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const now = Date.now();
      const sessions = await deleteEndedSessions(deps.db, new Date(now - 7 * DAY_MS), SESSION_IDLE_DAYS * DAY_MS);
      const resets = await deleteExpiredPasswordResets(deps.db, new Date(now - DAY_MS));
      if (sessions + resets > 0) deps.logger.info({ sessions, resets }, 'housekeeping removed ended records');
    } catch (error) {
      deps.logger.warn({ err: error }, 'housekeeping failed');
    }
  };
  return {
    start() {
      timer ??= setInterval(() => void run(), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * Boots the real courses service for tests (its own and other services'): a throwaway database with the
 * migrations, the real app on `port` (0 = any free port), its outbox relay and its users.user-deleted consumer
 * on the test Redis.
 */
import { startDefinedServiceForTest, type TestDatabase } from '@rainmakers/kit/testing';
import { service as courses } from './service';
import type { CoursesDatabase } from './store/schema';

export const MIGRATIONS_DIR = courses.migrations;

export interface StartCoursesOptions {
  port?: number;
  /** Prefix of the Redis streams (published and consumed); a fresh one when left out. */
  redisPrefix?: string;
  /** Relay poll interval; events are also published right after each change. */
  pollMs?: number;
  /** How long a failed event waits before it is taken over and retried (EVENT_RECLAIM_IDLE_MS). */
  reclaimIdleMs?: number;
}

export interface RunningCourses {
  url: string;
  database: TestDatabase<CoursesDatabase>;
  redisPrefix: string;
  /** Publishes every event still in the outbox; resolves with how many were sent. */
  flushEvents(): Promise<number>;
  stop(): Promise<void>;
}

export async function startForTest(options: StartCoursesOptions = {}): Promise<RunningCourses> {
  const service = await startDefinedServiceForTest(courses, {
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: {
      OUTBOX_POLL_MS: String(options.pollMs ?? 250),
      ...(options.reclaimIdleMs !== undefined ? { EVENT_RECLAIM_IDLE_MS: String(options.reclaimIdleMs) } : {}),
    },
  });
  return {
    url: service.url,
    database: service.database,
    redisPrefix: service.redisPrefix,
    flushEvents: () => service.built.relay.flush(),
    stop: service.stop,
  };
}

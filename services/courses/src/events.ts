/**
 * Events of the courses service.
 * Publishes (written to the outbox in the transaction of the change, relayed to Redis Streams):
 *  - courses.lesson-completed / courses.lesson-uncompleted {userId, lessonId, moduleId, courseId}: when a person's
 *    completion of a lesson changes (commands/completions.ts; marking twice publishes once).
 * Consumes (consumer group 'courses', idempotency in PostgreSQL's processed_events):
 *  - users.user-deleted {id}: deletes that person's completions.
 */
import { EventConsumer, type Logger, type Redis } from '@rainmakers/kit';
import { deleteCompletionsOf } from './store/completions';
import type { CoursesDb } from './store/db';
import type { CoursesDatabase } from './store/schema';

export const CONSUMER_GROUP = 'courses';

export function createEventConsumer(options: {
  db: CoursesDb;
  redis: Redis;
  prefix: string;
  logger: Logger;
  reclaimIdleMs?: number;
}): EventConsumer<CoursesDatabase> {
  return new EventConsumer<CoursesDatabase>({
    db: options.db,
    redis: options.redis,
    prefix: options.prefix,
    logger: options.logger,
    group: CONSUMER_GROUP,
    ...(options.reclaimIdleMs !== undefined ? { reclaimIdleMs: options.reclaimIdleMs } : {}),
    handlers: {
      'users.user-deleted': async (data, { trx }) => {
        const removed = await deleteCompletionsOf(trx, data.id);
        options.logger.info({ userId: data.id, removed }, 'completions of a deleted person removed');
      },
    },
  });
}

/**
 * Events of the courses service.
 * Publishes (written to the outbox in the transaction of the change, relayed to Redis Streams):
 *  - courses.lesson-completed / courses.lesson-uncompleted {userId, lessonId, moduleId, courseId}: when a person's
 *    completion of a lesson changes (commands/completions.ts; marking twice publishes once).
 * Consumes (consumer group 'courses', idempotency in PostgreSQL's processed_events):
 *  - users.user-deleted {id}: deletes that person's completions.
 *  - users.tag-renamed {id, name}: renames the tag's snapshots on courses, modules and lessons, then (after the
 *    commit) invalidates the catalogue cache, whose cards carry tag names.
 */
import { EventConsumer, type Logger, type Redis } from '@rainmakers/kit';
import { deleteCompletionsOf } from './store/completions';
import type { CoursesDb } from './store/db';
import type { CoursesDatabase } from './store/schema';
import { renameTagSnapshots } from './store/tag-snapshots';

export const CONSUMER_GROUP = 'courses';

export function createEventConsumer(options: {
  db: CoursesDb;
  redis: Redis;
  prefix: string;
  logger: Logger;
  reclaimIdleMs?: number;
  /** Called after a tag rename has been applied and committed (the catalogue cache's invalidate). */
  onTagsRenamed?: () => Promise<unknown> | unknown;
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
      'users.tag-renamed': async (data, { trx, afterCommit }) => {
        const renamed = await renameTagSnapshots(trx, data.id, data.name);
        if (renamed > 0 && options.onTagsRenamed) afterCommit(options.onTagsRenamed);
      },
    },
  });
}

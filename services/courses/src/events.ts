/**
 * Events of the courses service.
 * Publishes (written to the outbox in the transaction of the change, relayed to Redis Streams):
 *  - courses.lesson-completed / courses.lesson-uncompleted {userId, lessonId, moduleId, courseId}: when a person's
 *    completion of a lesson changes (commands/completions.ts; marking twice publishes once);
 *  - courses.learning-notice: replies and @mentions in a lesson discussion (commands/discussions.ts), for the board
 *    service to store and mail.
 * Consumes (consumer group 'courses', idempotency in PostgreSQL's processed_events):
 *  - users.user-changed: the service's copy of the person (name for certificates; role and tags to know which
 *    lessons count; creation, zone and the day each tag was gained for drip), newer versions only;
 *  - users.user-deleted {id}: deletes that person's completions, certificates, quiz attempts, release notices, lesson
 *    comments (a thread's top comment with replies stays as "[deleted]") and copy;
 *  - courses.lesson-completed (its own): issues the member's certificate of the course once they have completed
 *    every lesson of it they can open (commands/certificates.ts). Once per member and course: the event id is
 *    recorded as processed in the same transaction, and certificates are unique per (member, course).
 *  - users.tag-renamed {id, name}: renames the tag's snapshots on courses, modules and lessons, then (after the
 *    commit) invalidates the catalogue cache, whose cards carry tag names.
 */

import { type ConsumerWiring, createConsumer, type EventConsumer } from '@rainmakers/kit';
import { issueOnCompletion } from './commands/certificates';
import { forgetLearner } from './commands/drip';
import { mergeTagGrants } from './domain/drip';
import { deleteCertificatesOf } from './store/certificates';
import { deleteCompletionsOf } from './store/completions';
import type { CoursesStore } from './store/db';
import { deleteCommentsOf } from './store/lesson-comments';
import { deletePerson, findPerson, savePerson } from './store/people';
import { deleteAttemptsOf } from './store/quiz-attempts';
import { deleteReleaseNoticesOf } from './store/release-notices';
import type { CoursesDatabase } from './store/schema';
import { renameTagSnapshots } from './store/tag-snapshots';
import { deleteVideoPositionsOf } from './store/video-positions';

export const CONSUMER_GROUP = 'courses';

export function createEventConsumer(
  options: ConsumerWiring<CoursesDatabase> & {
    /** The same database: progress counts are read through its pool (committed rows). */
    store: CoursesStore;
    /** Called after a tag rename has been applied and committed (the catalogue cache's invalidate). */
    onTagsRenamed?: () => Promise<unknown> | unknown;
  },
): EventConsumer<CoursesDatabase> {
  return createConsumer(options, CONSUMER_GROUP, {
    'users.user-changed': async (user, { trx, event, afterCommit }) => {
      const kept = await findPerson(trx, user.id);
      await savePerson(
        trx,
        {
          userId: user.id,
          fullName: user.fullName,
          role: user.role,
          tagIds: user.tagIds,
          createdAt: new Date(user.createdAt),
          timeZone: user.timeZone ?? null,
          photoUrl: user.photoUrl,
          tagGrants: mergeTagGrants(
            user.tagIds,
            user.tagGrants,
            kept?.tagGrants ?? new Map(),
            new Date(event.occurredAt),
          ),
        },
        user.version,
      );
      afterCommit(() => forgetLearner(user.id));
    },
    'users.user-deleted': async (data, { trx, afterCommit }) => {
      const removed = await deleteCompletionsOf(trx, data.id);
      const certificates = await deleteCertificatesOf(trx, data.id);
      await deleteVideoPositionsOf(trx, data.id);
      await deleteAttemptsOf(trx, data.id);
      await deleteReleaseNoticesOf(trx, data.id);
      await deleteCommentsOf(trx, data.id);
      await deletePerson(trx, data.id);
      afterCommit(() => forgetLearner(data.id));
      options.logger.info({ userId: data.id, removed, certificates }, 'completions of a deleted person removed');
    },
    'courses.lesson-completed': async (data, { trx }) => {
      const outcome = await issueOnCompletion(options.store, trx, data);
      if (outcome.issued) {
        options.logger.info(
          { userId: data.userId, courseId: data.courseId, certificateId: outcome.issued.id },
          'certificate issued',
        );
      }
    },
    'users.tag-renamed': async (data, { trx, afterCommit }) => {
      const renamed = await renameTagSnapshots(trx, data.id, data.name);
      if (renamed > 0 && options.onTagsRenamed) afterCommit(options.onTagsRenamed);
    },
  });
}

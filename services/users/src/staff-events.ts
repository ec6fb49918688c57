/**
 * What users takes from the other services for its audit log and job history (consumer group `users`,
 * idempotency in processed_events, written in the transaction that marks the event processed):
 *  - audit.recorded: a staff action in courses, resources or board (a course edited, a resource deleted, a banner
 *    changed, a list or card deleted on someone else's board), appended to audit_log with the names the publisher
 *    captured when it happened. Append-only, as every entry.
 *  - billing.sync-recorded: a Stripe sync queued, started, progressing or finished: its row in the job table (`jobs`).
 */
import { stripeSyncJobId } from '@rainmakers/contracts';
import { type ConsumerWiring, createConsumer, type EventConsumer } from '@rainmakers/kit';
import { appendAudit } from './store/audit';
import { recordJobEnd, recordJobProgress, recordJobStart } from './store/job-history';
import type { Schema } from './store/schema';

export const STAFF_CONSUMER_GROUP = 'users';

/** The service an action comes from, by its prefix ("course.update" -> courses). */
const SERVICE_OF: Record<string, string> = {
  course: 'courses',
  module: 'courses',
  lesson: 'courses',
  resource: 'resources',
  category: 'resources',
  banner: 'resources',
  'site-content': 'resources',
  board: 'board',
};

export function createStaffConsumer(options: ConsumerWiring<Schema>): EventConsumer<Schema> {
  return createConsumer(options, STAFF_CONSUMER_GROUP, {
    'audit.recorded': async (data, { trx }) => {
      await appendAudit(trx, { actorId: data.actorId, impersonatorId: data.impersonatorId ?? null }, [
        {
          action: data.action,
          subjectType: data.subjectType,
          subjectId: data.subjectId,
          subjectName: data.subjectName,
          ...(data.actorName ? { actorName: data.actorName } : {}),
          service: SERVICE_OF[data.action.split('.')[0] ?? ''] ?? 'other',
          before: data.changes.before,
          after: data.changes.after,
        },
      ]);
    },
    'billing.sync-recorded': async (data, { trx }) => {
      const id = stripeSyncJobId(data.jobId);
      await recordJobStart(trx, {
        id,
        state: data.state === 'queued' ? 'queued' : 'running',
        kind: 'stripe-sync',
        queueJobId: data.jobId,
        actorId: data.actorId,
        counts: data.counts,
        createdAt: new Date(data.startedAt),
      });
      // billing reports a running sync's figures as it goes (after every page).
      if (data.state === 'running') await recordJobProgress(trx, id, data.counts);
      if (data.state === 'completed' || data.state === 'failed') {
        await recordJobEnd(trx, id, {
          state: data.state,
          counts: data.counts,
          failedReason: data.failedReason,
          finishedAt: data.finishedAt ? new Date(data.finishedAt) : new Date(),
        });
      }
    },
  });
}

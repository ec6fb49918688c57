/**
 * The Stripe sync in the job history: billing publishes billing.sync-recorded when a sync starts and
 * when it ends (its summary, or why it failed); the users service keeps the history the admins' Jobs tab shows.
 */
import type { JobState, StripeSyncSummary } from '@rainmakers/contracts';
import { withEvents } from '@rainmakers/kit';
import type { BillingDeps } from '../deps';

export interface SyncRun {
  jobId: string;
  actorId: number | null;
  startedAt: Date;
}

export async function recordSync(
  deps: Pick<BillingDeps, 'db' | 'events'>,
  run: SyncRun,
  state: JobState,
  summary: StripeSyncSummary,
  failedReason: string | null = null,
): Promise<void> {
  await withEvents(deps.db, deps.events, async (_trx, { publish }) => {
    await publish('billing.sync-recorded', {
      jobId: run.jobId,
      actorId: run.actorId,
      state,
      startedAt: run.startedAt.toISOString(),
      finishedAt: state === 'running' ? null : new Date().toISOString(),
      counts: {
        pages: summary.pages,
        subscriptions: summary.subscriptions,
        customers: summary.customers,
        changed: summary.changed,
      },
      failedReason: failedReason?.slice(0, 500) ?? null,
    });
  });
}

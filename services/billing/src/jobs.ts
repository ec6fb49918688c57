/**
 * The billing service's BullMQ job. stripe-sync: pages through every subscription in Stripe (100 a page, status
 * all), and reconciles each customer's status the way a webhook does (billing.subscription-changed, users updates
 * stripeStatus). Progress is the summary so far, published after every page as billing.sync-recorded (users keeps
 * it in its job table, the one status the screens read); a retry starts over (reconciling a customer twice
 * publishes the same status twice, which users applies once).
 */
import type { StripeSyncSummary } from '@rainmakers/contracts';
import { createQueue, createWorker, type JobWorker, type Logger, QueueName, type Redis } from '@rainmakers/kit';
import { publishCustomerState, withCustomerLock } from './commands/subscriptions';
import { recordSync, type SyncRun } from './commands/sync-history';
import type { BillingDeps } from './deps';
import { currentSubscription, groupByCustomer } from './domain/subscriptions';
import { findCustomer } from './store/billing';

export interface SyncJobData {
  actorId: number;
  /** Subscriptions per page (Stripe allows 1 to 100; tests use small pages). */
  pageSize?: number;
}
export type SyncQueue = ReturnType<typeof createQueue<SyncJobData, StripeSyncSummary>>;

export const createSyncQueue = (redis: Redis, prefix: string): SyncQueue =>
  createQueue<SyncJobData, StripeSyncSummary>(QueueName.StripeSync, redis, prefix);

export const emptySummary = (): StripeSyncSummary => ({
  pages: 0,
  subscriptions: 0,
  customers: 0,
  changed: 0,
  done: false,
});

export function summaryOf(progress: unknown): StripeSyncSummary {
  if (progress && typeof progress === 'object' && 'pages' in progress && 'customers' in progress) {
    return progress as StripeSyncSummary;
  }
  return emptySummary();
}

interface SyncJob {
  id?: string | undefined;
  timestamp?: number;
  data: SyncJobData;
  updateProgress(progress: object): Promise<void>;
}

type Sub = { id: string; status: string; created: number; customer: string };

export function syncProcessor(deps: BillingDeps) {
  return async (job: SyncJob): Promise<StripeSyncSummary> => {
    const run: SyncRun = {
      jobId: String(job.id ?? 'unknown'),
      actorId: job.data.actorId ?? null,
      startedAt: new Date(job.timestamp ?? Date.now()),
    };
    const summary = emptySummary();
    // The job history (users) hears of the sync as it starts and as it ends.
    await recordSync(deps, run, 'running', summary);
    // The job table's figures move with the job's own progress (after every page, every 50 customers).
    const progress = async (): Promise<void> => {
      await job.updateProgress({ ...summary });
      await recordSync(deps, run, 'running', summary);
    };
    try {
      await syncAll(deps, job, summary, progress);
    } catch (error) {
      await recordSync(deps, run, 'failed', summary, error instanceof Error ? error.message : String(error)).catch(
        () => undefined,
      );
      throw error;
    }
    await recordSync(deps, run, 'completed', summary);
    return summary;
  };
}

async function syncAll(
  deps: BillingDeps,
  job: SyncJob,
  summary: StripeSyncSummary,
  progress: () => Promise<void>,
): Promise<void> {
  const startedAt = new Date();
  const limit = Math.min(Math.max(job.data.pageSize ?? 100, 1), 100);
  const all: Sub[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await deps.stripe.subscriptions.list({
      status: 'all',
      limit,
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    });
    summary.pages += 1;
    for (const s of page.data) {
      const customer = typeof s.customer === 'string' ? s.customer : s.customer.id;
      all.push({ id: s.id, status: s.status, created: s.created, customer });
    }
    summary.subscriptions = all.length;
    await progress();
    const last = page.data.at(-1);
    if (!page.has_more || !last) break;
    startingAfter = last.id;
  }
  // A customer's status depends on all of their subscriptions: reconcile once every page is read.
  for (const [customerId, subscriptions] of groupByCustomer(all)) {
    // Under the customer's lock, like a webhook: a webhook that read Stripe later is never overwritten by this
    // page's older view (the page was read before the lock, so a webhook that ran meanwhile wins: its event
    // already holds the newer status, and this publishes the page's only when nothing came in between).
    const outcome = await withCustomerLock(deps, customerId, async (locked) => {
      const known = await findCustomer(locked.db, customerId);
      if (known?.statusAt && known.statusAt > startedAt) return 'unchanged' as const;
      const current = currentSubscription(subscriptions);
      let metadataUserId: number | null = null;
      if (known?.userId == null) {
        const customer = await locked.stripe.customers.retrieve(customerId);
        const value = 'deleted' in customer && customer.deleted ? Number.NaN : Number(customer.metadata?.userId);
        metadataUserId = Number.isInteger(value) && value > 0 ? value : null;
      }
      return publishCustomerState(locked, {
        customerId,
        subscriptionId: current?.id ?? null,
        status: current?.status ?? null,
        metadataUserId,
      });
    });
    summary.customers += 1;
    if (outcome === 'changed') summary.changed += 1;
    if (summary.customers % 50 === 0) await progress();
  }
  summary.done = true;
  await job.updateProgress({ ...summary });
}

export const SYNC_LOCK_MS = 30_000;

export function createSyncWorker(
  deps: BillingDeps,
  redis: Redis,
  prefix: string,
  logger: Logger,
): JobWorker<SyncJobData, StripeSyncSummary> {
  return createWorker<SyncJobData, StripeSyncSummary>(QueueName.StripeSync, syncProcessor(deps), redis, prefix, {
    logger,
    concurrency: 1,
    lockDuration: SYNC_LOCK_MS,
    stalledInterval: SYNC_LOCK_MS,
  });
}

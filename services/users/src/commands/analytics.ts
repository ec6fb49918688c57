/**
 * The analytics reporting store's writes (docs/decisions.md "Analytics from events"): what each event adds, applied
 * by the users-analytics consumer inside the transaction that records the event id (a redelivery adds nothing), and
 * the one-time backfill from the users table, guarded by a marker.
 */
import type { EventData } from '@rainmakers/contracts';
import type { BackgroundTask, Logger } from '@rainmakers/kit';
import { isChurn, mrrContribution, mrrMetric } from '../domain/analytics';
import {
  addToHour,
  lockSubscription,
  markerDone,
  peoplePage,
  recordActivity,
  recordNewMember,
  saveSubscription,
  setMarker,
} from '../store/analytics';
import type { UsersDb } from '../store/users';

/**
 * A subscription's new state: its change to MRR (in its own currency) and, when a live one ended, a churn. An event
 * without an amount (published before billing sent one) keeps the amount last known.
 */
export async function applySubscriptionChange(
  trx: UsersDb,
  data: EventData<'billing.subscription-changed'>,
  at: Date,
): Promise<void> {
  const before = await lockSubscription(trx, data.stripeCustomerId);
  const monthlyCents = data.monthlyAmountCents ?? before?.monthlyCents ?? 0;
  const currency = (data.currency ?? before?.currency ?? '').toLowerCase();
  const was = before ? mrrContribution(before.status, before.monthlyCents) : 0;
  const now = mrrContribution(data.status, monthlyCents);
  if (before && before.currency !== currency) {
    await addToHour(trx, mrrMetric(before.currency), at, -was);
    await addToHour(trx, mrrMetric(currency), at, now);
  } else {
    await addToHour(trx, mrrMetric(currency), at, now - was);
  }
  if (isChurn(before?.status, data.status)) await addToHour(trx, 'churned', at, 1);
  await saveSubscription(trx, {
    customerId: data.stripeCustomerId,
    userId: data.userId ?? before?.userId ?? null,
    status: data.status,
    monthlyCents,
    currency,
  });
}

export const applyNewMember = (trx: UsersDb, userId: number, createdAt: Date) =>
  recordNewMember(trx, userId, createdAt);

/** Something the person did: she is active that day, and the figure it counts as (if any) grows. */
export async function applyActivity(
  trx: UsersDb,
  userId: number | null,
  at: Date,
  metric?: 'completion' | 'board-move' | 'failed-payment',
): Promise<void> {
  if (userId !== null) await recordActivity(trx, userId, at);
  if (metric) await addToHour(trx, metric, at, 1);
}

export const BACKFILL_MARKER = 'backfill-users-v1';
const BACKFILL_PAGE = 1000;

/**
 * Once per database (the marker): every person already there counted as new at her creation, and active on the
 * day of her last sign-in (the only past activity the users table keeps; earlier active days are not known).
 * Events the streams still hold are replayed by the consumer group on its first start; both paths count a person
 * once (analytics_members).
 */
export async function backfillFromUsers(db: UsersDb, logger: Logger): Promise<number> {
  if (await markerDone(db, BACKFILL_MARKER)) return 0;
  let afterId = 0;
  let counted = 0;
  for (;;) {
    const page = await peoplePage(db, afterId, BACKFILL_PAGE);
    if (page.length === 0) break;
    await db.transaction().execute(async (trx) => {
      for (const person of page) {
        if (await recordNewMember(trx, person.id, new Date(person.created_at))) counted += 1;
        if (person.last_sign_in_at) await recordActivity(trx, person.id, new Date(person.last_sign_in_at));
      }
    });
    afterId = page[page.length - 1]?.id ?? afterId;
  }
  await setMarker(db, BACKFILL_MARKER);
  logger.info({ counted }, 'analytics backfilled from the users table');
  return counted;
}

/** The backfill as a start-up task: it runs beside the server and never holds the start up. */
export function createAnalyticsBackfill(deps: { db: UsersDb; logger: Logger }): BackgroundTask {
  let running: Promise<unknown> | undefined;
  return {
    start() {
      running = backfillFromUsers(deps.db, deps.logger).catch((error) =>
        deps.logger.warn({ err: error }, 'analytics backfill failed; it runs again at the next start'),
      );
    },
    async stop() {
      await running;
    },
  };
}

/**
 * The analytics reporting store (migration 012): written by the users-analytics consumer and the one-time backfill,
 * read by GET /api/analytics/overview. Every read is bounded by the range (at most 5 years of hours per metric).
 */
import { sql } from '@rainmakers/kit';
import { type ActiveRow, activePeriods, hourOf, type PeriodRow } from '../domain/analytics';
import type { UsersDb } from './users';

/** Adds `value` to a metric's hour. */
export async function addToHour(db: UsersDb, metric: string, at: Date, value: number): Promise<void> {
  if (value === 0) return;
  await db
    .insertInto('analytics_hourly')
    .values({ metric, hour: hourOf(at.getTime()), value })
    .onConflict((oc) => oc.columns(['metric', 'hour']).doUpdateSet({ value: sql`analytics_hourly.value + ${value}` }))
    .execute();
}

/** Counts the person as new once (false: already counted, by an event or the backfill). */
export async function recordNewMember(db: UsersDb, userId: number, createdAt: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('analytics_members')
    .values({ user_id: userId, created_at: createdAt })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!inserted) return false;
  await addToHour(db, 'new', createdAt, 1);
  return true;
}

/** The person did something at `at`: counted once in its UTC day, week and month. */
export async function recordActivity(db: UsersDb, userId: number, at: Date): Promise<void> {
  for (const { grain, period } of activePeriods(at.getTime())) {
    const fresh = await db
      .insertInto('analytics_active_facts')
      .values({ grain, period, user_id: userId })
      .onConflict((oc) => oc.columns(['grain', 'period', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!fresh) continue;
    await db
      .insertInto('analytics_active')
      .values({ grain, period, value: 1 })
      .onConflict((oc) => oc.columns(['grain', 'period']).doUpdateSet({ value: sql`analytics_active.value + 1` }))
      .execute();
  }
}

export interface SubscriptionFact {
  customerId: string;
  userId: number | null;
  status: string | null;
  monthlyCents: number;
  currency: string;
}

/** The customer's subscription as last recorded (locked for the change), or null. */
export async function lockSubscription(db: UsersDb, customerId: string): Promise<SubscriptionFact | null> {
  const row = await db
    .selectFrom('analytics_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? {
        customerId: row.customer_id,
        userId: row.user_id,
        status: row.status,
        monthlyCents: Number(row.monthly_cents),
        currency: row.currency,
      }
    : null;
}

export async function saveSubscription(db: UsersDb, fact: SubscriptionFact): Promise<void> {
  const values = {
    customer_id: fact.customerId,
    user_id: fact.userId,
    status: fact.status,
    monthly_cents: fact.monthlyCents,
    currency: fact.currency,
    updated_at: new Date(),
  };
  await db
    .insertInto('analytics_subscriptions')
    .values(values)
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(values))
    .execute();
}

export async function markerDone(db: UsersDb, name: string): Promise<boolean> {
  const row = await db.selectFrom('analytics_markers').select('name').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

export async function setMarker(db: UsersDb, name: string): Promise<void> {
  await db
    .insertInto('analytics_markers')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** A page of people by id (the backfill): id, creation, last sign-in. */
export async function peoplePage(db: UsersDb, afterId: number, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'created_at', 'last_sign_in_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The rows of the overview: additive figures summed per period (each hour goes to the last period beginning at or
 * before it: `width_bucket` over the periods' first instants, so a year is a few thousand rows and no hour is
 * converted to the zone), active counts of the grain, MRR before the range.
 */
export async function readOverviewRows(
  db: UsersDb,
  range: {
    /** The periods in order, each with the instant it begins; the first begins the range. */
    periods: ReadonlyArray<{ period: string; start: number }>;
    end: Date;
    grain: string;
    mrrMetric: string;
  },
): Promise<{ sums: PeriodRow[]; active: ActiveRow[]; mrrBefore: number }> {
  const first = range.periods[0];
  const last = range.periods[range.periods.length - 1];
  if (!first || !last) return { sums: [], active: [], mrrBefore: 0 };
  const start = new Date(first.start);
  const starts = range.periods.map((p) => new Date(p.start).toISOString());
  const bucket = sql<number>`width_bucket(hour, ${starts}::timestamptz[])`;
  const [sums, active, before] = await Promise.all([
    db
      .selectFrom('analytics_hourly')
      .select(['metric', bucket.as('bucket'), sql<string>`sum(value)`.as('value')])
      .where('hour', '>=', start)
      .where('hour', '<', range.end)
      .groupBy(['metric', sql`2`])
      .execute(),
    db
      .selectFrom('analytics_active')
      .select([sql<string>`period::text`.as('period'), 'value'])
      .where('grain', '=', range.grain)
      .where('period', '>=', first.period)
      .where('period', '<=', last.period)
      .execute(),
    db
      .selectFrom('analytics_hourly')
      .select(sql<string | null>`sum(value)`.as('total'))
      .where('metric', '=', range.mrrMetric)
      .where('hour', '<', start)
      .executeTakeFirst(),
  ]);
  return {
    sums: sums.flatMap((h) => {
      const period = range.periods[Number(h.bucket) - 1]?.period;
      return period ? [{ metric: h.metric, period, value: Number(h.value) }] : [];
    }),
    active: active.map((a) => ({ period: a.period, value: Number(a.value) })),
    mrrBefore: Number(before?.total ?? 0),
  };
}

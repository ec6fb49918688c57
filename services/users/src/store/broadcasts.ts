/** Broadcasts and their recipients (migration 014), and a member's broadcast subscription. */
import { sql } from '@rainmakers/kit';
import type { AudienceFilter } from '../domain/broadcasts';
import type { UsersDb } from './users';

export interface BroadcastRecord {
  id: string;
  subject: string;
  body: string;
  audience: unknown;
  state: string;
  total: number;
  sent: number;
  skipped: number;
  createdAt: Date;
  finishedAt: Date | null;
  createdByName: string | null;
}

/** Subscribed people matching an audience (ids only: the caller counts them or copies them as recipients). */
function audienceQuery(db: UsersDb, filter: AudienceFilter) {
  let query = db.selectFrom('users').where('users.broadcasts_unsubscribed_at', 'is', null);
  if (filter.roles) query = query.where('users.role', 'in', filter.roles);
  if (filter.payment && 'none' in filter.payment) query = query.where('users.stripe_status', 'is', null);
  else if (filter.payment) query = query.where('users.stripe_status', 'in', [...filter.payment.statuses]);
  const tagIds = filter.tagIds;
  if (tagIds) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_tags')
          .select('user_tags.user_id')
          .whereRef('user_tags.user_id', '=', 'users.id')
          .where('user_tags.tag_id', 'in', tagIds),
      ),
    );
  }
  return query;
}

export async function countAudience(db: UsersDb, filter: AudienceFilter): Promise<number> {
  const row = await audienceQuery(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Writes the broadcast and one row per recipient in one transaction (one INSERT ... SELECT: 10,000 people in one
 * statement), the audience as it is at this moment.
 */
export async function createBroadcast(
  db: UsersDb,
  broadcast: {
    id: string;
    subject: string;
    body: string;
    audience: unknown;
    createdBy: number;
    createdByName: string | null;
  },
  filter: AudienceFilter,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const author = await trx
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', broadcast.createdBy)
      .executeTakeFirst();
    await trx
      .insertInto('broadcasts')
      .values({
        id: broadcast.id,
        subject: broadcast.subject,
        body: broadcast.body,
        audience: JSON.stringify(broadcast.audience),
        total: 0,
        created_by: broadcast.createdBy,
        created_by_name: broadcast.createdByName ?? author?.full_name ?? null,
      })
      .execute();
    const inserted = await trx
      .insertInto('broadcast_recipients')
      .columns(['broadcast_id', 'user_id'])
      .expression(
        audienceQuery(trx, filter).select([sql<string>`${broadcast.id}::uuid`.as('broadcast_id'), 'users.id']),
      )
      .executeTakeFirst();
    const total = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
    await trx.updateTable('broadcasts').set({ total }).where('id', '=', broadcast.id).execute();
    return total;
  });
}

/** Forgets a broadcast that could not be queued (Redis down): the caller answers 503 and nothing was started. */
export async function deleteBroadcast(db: UsersDb, id: string): Promise<void> {
  await db.deleteFrom('broadcasts').where('id', '=', id).execute();
}

function withCounts(db: UsersDb) {
  return db
    .selectFrom('broadcasts')
    .select([
      'broadcasts.id',
      'broadcasts.subject',
      'broadcasts.body',
      'broadcasts.audience',
      'broadcasts.state',
      'broadcasts.total',
      'broadcasts.created_at',
      'broadcasts.finished_at',
      'broadcasts.created_by_name',
    ])
    .select((eb) => [
      eb
        .selectFrom('broadcast_recipients')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('broadcast_recipients.broadcast_id', '=', 'broadcasts.id')
        .where('broadcast_recipients.outcome', '=', 'sent')
        .as('sent'),
      eb
        .selectFrom('broadcast_recipients')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('broadcast_recipients.broadcast_id', '=', 'broadcasts.id')
        .where('broadcast_recipients.outcome', '=', 'skipped')
        .as('skipped'),
    ]);
}

type CountedRow = Awaited<ReturnType<ReturnType<typeof withCounts>['executeTakeFirstOrThrow']>>;

const toRecord = (row: CountedRow): BroadcastRecord => ({
  id: row.id,
  subject: row.subject,
  body: row.body,
  audience: row.audience,
  state: row.state,
  total: row.total,
  sent: Number(row.sent ?? 0),
  skipped: Number(row.skipped ?? 0),
  createdAt: row.created_at,
  finishedAt: row.finished_at,
  createdByName: row.created_by_name,
});

export async function findBroadcast(db: UsersDb, id: string): Promise<BroadcastRecord | null> {
  const row = await withCounts(db).where('broadcasts.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A page of the history, newest first. */
export async function listBroadcasts(
  db: UsersDb,
  page: { limit: number; offset: number },
): Promise<{ broadcasts: BroadcastRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    withCounts(db)
      .orderBy('broadcasts.created_at', 'desc')
      .orderBy('broadcasts.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('broadcasts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { broadcasts: rows.map(toRecord), total: Number(count.count) };
}

export interface PendingRecipient {
  userId: number;
  /** Null: the person was deleted since the broadcast was queued. */
  email: string | null;
  fullName: string | null;
  unsubscribed: boolean;
}

/** The next recipients not yet mailed, in id order (bounded). */
export async function pendingRecipients(db: UsersDb, broadcastId: string, limit: number): Promise<PendingRecipient[]> {
  const rows = await db
    .selectFrom('broadcast_recipients')
    .leftJoin('users', 'users.id', 'broadcast_recipients.user_id')
    .select(['broadcast_recipients.user_id', 'users.email', 'users.full_name', 'users.broadcasts_unsubscribed_at'])
    .where('broadcast_recipients.broadcast_id', '=', broadcastId)
    .where('broadcast_recipients.sent_at', 'is', null)
    .orderBy('broadcast_recipients.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    fullName: row.full_name,
    unsubscribed: row.broadcasts_unsubscribed_at !== null,
  }));
}

export async function markRecipients(
  db: UsersDb,
  broadcastId: string,
  userIds: readonly number[],
  outcome: 'sent' | 'skipped',
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('broadcast_recipients')
    .set({ sent_at: new Date(), outcome })
    .where('broadcast_id', '=', broadcastId)
    .where('user_id', 'in', [...userIds])
    .where('sent_at', 'is', null)
    .execute();
}

export async function setBroadcastState(db: UsersDb, id: string, state: 'sending' | 'done' | 'failed'): Promise<void> {
  await db
    .updateTable('broadcasts')
    .set({ state, ...(state === 'sending' ? {} : { finished_at: new Date() }) })
    .where('id', '=', id)
    .execute();
}

/** Whether she gets broadcasts; null for an unknown person. */
export async function isSubscribed(db: UsersDb, userId: number): Promise<boolean | null> {
  const row = await db
    .selectFrom('users')
    .select('broadcasts_unsubscribed_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.broadcasts_unsubscribed_at === null : null;
}

/** Subscribes or unsubscribes her; false for an unknown person. Unsubscribing again keeps the first moment. */
export async function setSubscribed(db: UsersDb, userId: number, subscribed: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      broadcasts_unsubscribed_at: subscribed ? null : sql<Date>`coalesce(broadcasts_unsubscribed_at, now())`,
    })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

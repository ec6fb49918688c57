/** Notifications and the per-person notification settings. */
import type { NotificationKind, NotificationSettings } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { BoardDb, BoardTx } from './db';

export interface NotificationRecord {
  id: number;
  kind: NotificationKind;
  cardId: number | null;
  /** The card's current title, or a learning notice's own subject. */
  cardTitle: string;
  boardOwnerId: number | null;
  /** A learning notice's path; null for card notifications (the presenter builds theirs). */
  link: string | null;
  actorName: string;
  text: string;
  createdAt: Date;
  readAt: Date | null;
}

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  cardId: number;
  boardOwnerId: number;
  actorId: number;
  actorName: string;
  text: string;
}

export async function insertNotifications(trx: BoardTx, rows: readonly NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(
      rows.map((n) => ({
        user_id: n.userId,
        kind: n.kind,
        card_id: n.cardId,
        board_owner_id: n.boardOwnerId,
        actor_id: n.actorId,
        actor_name: n.actorName,
        text: n.text,
      })),
    )
    .execute();
}

export interface NewLearningNotice {
  key: string;
  kind: NotificationKind;
  actorId: number | null;
  actorName: string;
  subject: string;
  text: string;
  link: string;
}

/**
 * One notification per person for a learning notice; a person who already has this notice (a redelivered event)
 * gets nothing new. Returns who was told now.
 */
export async function insertLearningNotices(
  trx: BoardTx,
  userIds: readonly number[],
  notice: NewLearningNotice,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await trx
    .insertInto('notifications')
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        kind: notice.kind,
        card_id: null,
        board_owner_id: null,
        actor_id: notice.actorId,
        actor_name: notice.actorName,
        text: notice.text,
        subject: notice.subject,
        link: notice.link,
        notice_key: notice.key,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'notice_key']).where('notice_key', 'is not', null).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Every coach's user id but `except` (the 'review' notification goes to all of them). */
export async function coachIds(db: BoardDb, except: number): Promise<number[]> {
  const rows = await db
    .selectFrom('people')
    .select('user_id')
    .where('role', '=', 'coach')
    .where('user_id', '<>', except)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** One page of the person's notifications, newest first, with the card's current title and the actor's current name. */
export async function notificationsOf(
  db: BoardDb,
  userId: number,
  page: { limit: number; offset: number },
): Promise<NotificationRecord[]> {
  const rows = await db
    .selectFrom('notifications as n')
    .leftJoin('cards as c', 'c.id', 'n.card_id')
    // The actor's current name when the board knows her: a notice written before her copy arrived said "A member".
    .leftJoin('people as p', 'p.user_id', 'n.actor_id')
    .select([
      'n.id',
      'n.kind',
      'n.card_id',
      sql<string>`coalesce(c.title, n.subject, '')`.as('title'),
      'n.link',
      'n.board_owner_id',
      sql<string>`coalesce(p.full_name, n.actor_name)`.as('actor_name'),
      'n.text',
      'n.created_at',
      'n.read_at',
    ])
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    cardId: r.card_id,
    cardTitle: r.title,
    boardOwnerId: r.board_owner_id,
    link: r.link,
    actorName: r.actor_name,
    text: r.text,
    createdAt: r.created_at,
    readAt: r.read_at,
  }));
}

/** The person's unread count (the partial index notifications_unread). */
export async function unreadCount(db: BoardDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::integer`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Marks these (or all) of the person's unread notifications read; returns how many changed. */
export async function markRead(trx: BoardTx, userId: number, ids: readonly number[] | 'all'): Promise<number> {
  let query = trx
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', [...ids]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The person's e-mail settings (no row: the defaults, everything on). */
export async function emailSettingsOf(db: BoardDb, userId: number): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['email_mentions', 'email_due_dates', 'email_reviews', 'email_digest', 'email_lessons'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    emailMentions: row?.email_mentions ?? true,
    emailDueDates: row?.email_due_dates ?? true,
    emailReviews: row?.email_reviews ?? true,
    emailDigest: row?.email_digest ?? true,
    emailLessons: row?.email_lessons ?? true,
  };
}

/** Whether the person turned review e-mails off. */
export async function reviewEmailsOff(db: BoardDb, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('notification_settings')
    .select('email_reviews')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.email_reviews === false;
}

/** Whether the person wants due-date reminder e-mails (on unless she turned them off). */
export async function dueEmailsOn(db: BoardDb, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('notification_settings')
    .select('email_due_dates')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.email_due_dates ?? true;
}

/** Of these people, those who turned e-mails about learning off. */
export async function lessonEmailsOff(db: BoardDb, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('notification_settings')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('email_lessons', '=', false)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Of these people, those who turned mention e-mails off. */
export async function mentionEmailsOff(db: BoardDb, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('notification_settings')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('email_mentions', '=', false)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Saves the settings named (the others keep their value, or the default on a first save). */
export async function saveEmailSettings(
  db: BoardDb,
  userId: number,
  settings: { [K in keyof NotificationSettings]?: NotificationSettings[K] | undefined },
): Promise<void> {
  const changed = {
    ...(settings.emailMentions === undefined ? {} : { email_mentions: settings.emailMentions }),
    ...(settings.emailDueDates === undefined ? {} : { email_due_dates: settings.emailDueDates }),
    ...(settings.emailReviews === undefined ? {} : { email_reviews: settings.emailReviews }),
    ...(settings.emailDigest === undefined ? {} : { email_digest: settings.emailDigest }),
    ...(settings.emailLessons === undefined ? {} : { email_lessons: settings.emailLessons }),
    updated_at: new Date(),
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...changed })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changed))
    .execute();
}

/** A deleted person's notifications, settings and record of weekly digests go with her copy. */
export async function deleteNotificationsOf(trx: BoardTx, userId: number): Promise<void> {
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
  await trx.deleteFrom('weekly_digests').where('user_id', '=', userId).execute();
}

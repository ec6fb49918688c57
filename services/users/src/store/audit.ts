import type { AuditAction, AuditActor } from '../domain/audit';
import { changedParts } from '../domain/audit';
import type { UsersDb } from './users';

export interface AuditEntryInput {
  action: AuditAction;
  userId?: number | null;
  tagId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends entries (in the caller's transaction); only the fields that changed are kept on each side. */
export async function appendAudit(db: UsersDb, actor: AuditActor, entries: readonly AuditEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => {
        const parts = changedParts(entry.before ?? null, entry.after ?? null);
        return {
          actor_id: actor.actorId,
          impersonator_id: actor.impersonatorId,
          action: entry.action,
          user_id: entry.userId ?? null,
          tag_id: entry.tagId ?? null,
          before: parts.before ? JSON.stringify(parts.before) : null,
          after: parts.after ? JSON.stringify(parts.after) : null,
        };
      }),
    )
    .execute();
}

export interface AuditEntry {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  impersonatorId: number | null;
  action: string;
  userId: number | null;
  userName: string | null;
  tagId: number | null;
  before: unknown;
  after: unknown;
}

/** Newest first; `userId` keeps the entries about one person. Names are the people's current names. */
export async function listAudit(
  db: UsersDb,
  criteria: { userId?: number; limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; totalCount: number }> {
  let base = db.selectFrom('audit_log');
  if (criteria.userId !== undefined) base = base.where('audit_log.user_id', '=', criteria.userId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
      .leftJoin('users as subject', 'subject.id', 'audit_log.user_id')
      .select([
        'audit_log.id',
        'audit_log.at',
        'audit_log.actor_id',
        'actor.full_name as actor_name',
        'audit_log.impersonator_id',
        'audit_log.action',
        'audit_log.user_id',
        'subject.full_name as user_name',
        'audit_log.tag_id',
        'audit_log.before',
        'audit_log.after',
      ])
      .orderBy('audit_log.id', 'desc')
      .limit(criteria.limit)
      .offset(criteria.offset)
      .execute(),
  ]);
  return {
    totalCount: Number(count.total),
    entries: rows.map((r) => ({
      id: Number(r.id),
      at: r.at,
      actorId: r.actor_id,
      actorName: r.actor_name,
      impersonatorId: r.impersonator_id,
      action: r.action,
      userId: r.user_id,
      userName: r.user_name,
      tagId: r.tag_id,
      before: r.before,
      after: r.after,
    })),
  };
}

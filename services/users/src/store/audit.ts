import { type AuditSubjectType, maskAuditValues, type RecordedAuditAction } from '@rainmakers/contracts';
import type { AuditAction, AuditActor } from '../domain/audit';
import { changedParts } from '../domain/audit';
import type { UsersDb } from './users';

export interface AuditEntryInput {
  action: AuditAction | RecordedAuditAction;
  userId?: number | null;
  tagId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** What the entry is about when it is not a person or a tag (a job; another service's course, banner...). */
  subjectType?: AuditSubjectType;
  subjectId?: string;
  /** The subject's name now; when left out, the person's or tag's name from the entry or from the tables. */
  subjectName?: string | null;
  /** The actor's name now (another service sends it); when left out, read from the people. */
  actorName?: string | null;
  service?: string;
}

/** A name carried by a snapshot: a person's fullName, a tag's name, anything's title. */
function nameIn(values: Record<string, unknown> | null | undefined): string | null {
  for (const key of ['fullName', 'name', 'title']) {
    const value = values?.[key];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/**
 * Appends entries (in the caller's transaction); only the fields that changed are kept on each side. The actor's
 * and the subject's names are captured now, so the entry reads the same after a rename or a delete.
 */
export async function appendAudit(db: UsersDb, actor: AuditActor, entries: readonly AuditEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  const userIds = [
    ...new Set([actor.actorId, ...entries.map((e) => e.userId).filter((id): id is number => typeof id === 'number')]),
  ];
  const tagIds = [...new Set(entries.map((e) => e.tagId).filter((id): id is number => typeof id === 'number'))];
  const [people, tags] = await Promise.all([
    db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', userIds).execute(),
    tagIds.length > 0
      ? db.selectFrom('tags').select(['id', 'name']).where('id', 'in', tagIds).execute()
      : Promise.resolve([]),
  ]);
  const personName = new Map(people.map((p) => [p.id, p.full_name]));
  const tagName = new Map(tags.map((t) => [t.id, t.name]));
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => {
        // Compared first, masked after: a changed password still shows as changed, and no secret is stored.
        const changed = changedParts(entry.before ?? null, entry.after ?? null);
        const parts = { before: maskAuditValues(changed.before), after: maskAuditValues(changed.after) };
        const subjectType = entry.subjectType ?? (entry.userId ? 'user' : entry.tagId ? 'tag' : null);
        const subjectId =
          entry.subjectId ?? (entry.userId ? String(entry.userId) : entry.tagId ? String(entry.tagId) : null);
        const subjectName =
          entry.subjectName !== undefined
            ? entry.subjectName
            : (nameIn(entry.after) ??
              nameIn(entry.before) ??
              (entry.userId ? personName.get(entry.userId) : entry.tagId ? tagName.get(entry.tagId) : null) ??
              null);
        return {
          actor_id: actor.actorId,
          impersonator_id: actor.impersonatorId,
          actor_name: entry.actorName !== undefined ? entry.actorName : (personName.get(actor.actorId) ?? null),
          action: entry.action,
          user_id: entry.userId ?? null,
          tag_id: entry.tagId ?? null,
          subject_type: subjectType,
          subject_id: subjectId,
          subject_name: subjectName,
          service: entry.service ?? 'users',
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
  service: string;
  userId: number | null;
  userName: string | null;
  tagId: number | null;
  subjectType: string | null;
  subjectId: string | null;
  subjectName: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditCriteria {
  userId?: number;
  actorId?: number;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

function filtered(db: UsersDb, criteria: AuditCriteria) {
  let base = db.selectFrom('audit_log');
  if (criteria.userId !== undefined) base = base.where('audit_log.user_id', '=', criteria.userId);
  if (criteria.actorId !== undefined) base = base.where('audit_log.actor_id', '=', criteria.actorId);
  if (criteria.action) base = base.where('audit_log.action', '=', criteria.action);
  if (criteria.subjectType) base = base.where('audit_log.subject_type', '=', criteria.subjectType);
  if (criteria.subjectId) base = base.where('audit_log.subject_id', '=', criteria.subjectId);
  if (criteria.from) base = base.where('audit_log.at', '>=', new Date(`${criteria.from}T00:00:00Z`));
  if (criteria.to) {
    const end = new Date(`${criteria.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    base = base.where('audit_log.at', '<', end);
  }
  return base;
}

/** One page of entries (newest first): the names captured when each was written, else the current ones. */
function entriesOf(db: UsersDb, criteria: AuditCriteria, limit: number, offset: number) {
  return filtered(db, criteria)
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
    .leftJoin('users as subject', 'subject.id', 'audit_log.user_id')
    .select((eb) => [
      'audit_log.id',
      'audit_log.at',
      'audit_log.actor_id',
      eb.fn.coalesce('audit_log.actor_name', 'actor.full_name').as('actor_name'),
      'audit_log.impersonator_id',
      'audit_log.action',
      'audit_log.service',
      'audit_log.user_id',
      eb.fn.coalesce('audit_log.subject_name', 'subject.full_name').as('user_name'),
      'audit_log.tag_id',
      'audit_log.subject_type',
      'audit_log.subject_id',
      'audit_log.subject_name',
      'audit_log.before',
      'audit_log.after',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesOf>['execute']>>[number];

const toEntry = (r: EntryRow): AuditEntry => ({
  id: Number(r.id),
  at: r.at,
  actorId: r.actor_id,
  actorName: r.actor_name,
  impersonatorId: r.impersonator_id,
  action: r.action,
  service: r.service,
  userId: r.user_id,
  userName: r.user_id === null ? null : r.user_name,
  tagId: r.tag_id,
  subjectType: r.subject_type ?? (r.user_id !== null ? 'user' : r.tag_id !== null ? 'tag' : null),
  subjectId: r.subject_id ?? (r.user_id !== null ? String(r.user_id) : r.tag_id !== null ? String(r.tag_id) : null),
  subjectName: r.subject_name ?? (r.user_id !== null ? r.user_name : null),
  before: r.before,
  after: r.after,
});

/** Newest first, filtered; with the total of matching entries. */
export async function listAudit(
  db: UsersDb,
  criteria: AuditCriteria & { limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; totalCount: number }> {
  const [count, rows] = await Promise.all([
    filtered(db, criteria)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    entriesOf(db, criteria, criteria.limit, criteria.offset).execute(),
  ]);
  return { totalCount: Number(count.total), entries: rows.map(toEntry) };
}

/** Up to `max` entries, newest first, a page at a time (the CSV export). */
export async function* auditPages(db: UsersDb, criteria: AuditCriteria, max: number, pageSize = 500) {
  for (let offset = 0; offset < max; offset += pageSize) {
    const rows = await entriesOf(db, criteria, Math.min(pageSize, max - offset), offset).execute();
    if (rows.length > 0) yield rows.map(toEntry);
    if (rows.length < pageSize) return;
  }
}

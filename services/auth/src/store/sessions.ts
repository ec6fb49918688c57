import type { Role } from '@rainmakers/contracts';
import type { Db } from '@rainmakers/kit';
import type { Session } from '../domain/sessions';
import type { AuthSchema, SessionsTable } from './schema';

type Database = Db<AuthSchema>;

const toSession = (row: SessionsTable): Session => ({
  id: row.id,
  userId: row.user_id,
  actingRole: row.acting_role,
  impersonatorId: row.impersonator_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastSeenAt: row.last_seen_at,
  revokedAt: row.revoked_at,
  authentication: row.authentication,
});

export async function insertSession(db: Database, session: Session): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      acting_role: session.actingRole,
      impersonator_id: session.impersonatorId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      last_seen_at: session.lastSeenAt,
      revoked_at: session.revokedAt,
      authentication: session.authentication,
    })
    .execute();
}

export async function findSession(db: Database, id: string): Promise<Session | null> {
  const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSession(row) : null;
}

/** Sets the displayed role of a live session; returns the session, or null when it is not live any more. */
export function setActingRole(db: Database, id: string, role: Role | null, now: Date): Promise<Session | null> {
  return updateLiveSession(db, id, now, { acting_role: role });
}

/** Moves last-seen of a live session forward; returns the session, or null when it is not live any more. */
export function touchSession(db: Database, id: string, now: Date): Promise<Session | null> {
  return updateLiveSession(db, id, now, { last_seen_at: now });
}

async function updateLiveSession(
  db: Database,
  id: string,
  now: Date,
  changes: { acting_role?: Role | null; last_seen_at?: Date },
): Promise<Session | null> {
  const row = await db
    .updateTable('sessions')
    .set(changes)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ? toSession(row) : null;
}

export interface RevokedSession {
  id: string;
  expiresAt: Date;
}

/** Stamps revoked_at; returns the session when it was still unrevoked (null: unknown or revoked before). */
export async function revokeSession(db: Database, id: string, now: Date): Promise<RevokedSession | null> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(['id', 'expires_at'])
    .executeTakeFirst();
  return row ? { id: row.id, expiresAt: row.expires_at } : null;
}

/**
 * Revokes every unrevoked session of an account but `exceptId`; returns them (to mark their Redis mirrors
 * revoked).
 */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  now: Date,
  exceptId?: string,
): Promise<RevokedSession[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.returning(['id', 'expires_at']).execute();
  return rows.map((r) => ({ id: r.id, expiresAt: r.expires_at }));
}

/**
 * Housekeeping: forgets sessions that ended (expired, revoked, or idle: last seen `idleMs` before their end)
 * before `before`.
 */
export async function deleteEndedSessions(db: Database, before: Date, idleMs: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', before),
        eb('revoked_at', '<', before),
        eb('last_seen_at', '<', new Date(before.getTime() - idleMs)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

import type { Role, SessionAuthentication } from '@rainmakers/contracts';
import type { AuthDeps } from '../deps';
import {
  isSessionLive,
  isTouchDue,
  newSessionExpiry,
  newSessionId,
  type Session,
  toSessionRecord,
} from '../domain/sessions';
import {
  findSession,
  insertSession,
  revokeSession,
  revokeUserSessions,
  setActingRole,
  touchSession,
} from '../store/sessions';

type Deps = Pick<AuthDeps, 'db' | 'sessionCache'>;

/** Opens a session (PostgreSQL, then its Redis mirror). Sign-in-as sessions last an hour. */
export async function startSession(
  deps: Deps,
  input: { userId: number; impersonatorId?: number | null; authentication?: SessionAuthentication },
  now = new Date(),
): Promise<Session> {
  const impersonatorId = input.impersonatorId ?? null;
  const session: Session = {
    id: newSessionId(),
    userId: input.userId,
    actingRole: null,
    impersonatorId,
    createdAt: now,
    expiresAt: newSessionExpiry(now, impersonatorId !== null),
    lastSeenAt: now,
    revokedAt: null,
    authentication: input.authentication ?? 'password',
  };
  // A Redis failure after the insert leaves a row no cookie names: it expires unused (nothing half-done).
  await insertSession(deps.db, session);
  await deps.sessionCache.write(session.id, toSessionRecord(session), now);
  return session;
}

/** The session if it is neither revoked, expired nor idle too long (PostgreSQL is the record; Redis mirrors it). */
export async function findLiveSession(deps: Deps, sid: string): Promise<Session | null> {
  const session = await findSession(deps.db, sid);
  return session && isSessionLive(session, new Date()) ? session : null;
}

/**
 * Writes the Redis mirror of a session read from PostgreSQL, then reads it again: a revocation or role switch
 * that committed in between wins (its own Redis write may have come before ours).
 */
export async function refreshSessionMirror(deps: Deps, session: Session): Promise<void> {
  await deps.sessionCache.write(session.id, toSessionRecord(session), new Date());
  const latest = await findSession(deps.db, session.id);
  if (!latest || !isSessionLive(latest, new Date())) {
    await deps.sessionCache.markRevoked([{ id: session.id, expiresAt: latest?.expiresAt ?? null }], new Date());
  } else if (latest.actingRole !== session.actingRole || latest.lastSeenAt.getTime() !== session.lastSeenAt.getTime()) {
    await deps.sessionCache.write(latest.id, toSessionRecord(latest), new Date());
  }
}

/**
 * The gateway saw the session in use: moves last-seen forward when the last move is older than the touch
 * interval (so the idle timeout restarts) and refreshes the mirror. null when the session is not live.
 */
export async function touchLiveSession(deps: Deps, sid: string, now = new Date()): Promise<Session | null> {
  const session = await findLiveSession(deps, sid);
  if (!session) return null;
  if (!isTouchDue(session.lastSeenAt, now)) return session;
  const touched = await touchSession(deps.db, sid, now);
  if (touched) await refreshSessionMirror(deps, touched);
  return touched;
}

/**
 * Ends one session. The mirror becomes the revocation marker BEFORE the revocation commits: if Redis fails the
 * transaction rolls back (the session stays as it was, the caller gets an error); if the commit fails after the
 * marker, the gateway refuses a session PostgreSQL still holds (fails closed).
 */
export async function endSession(deps: Deps, sid: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    const revoked = await revokeSession(trx, sid, now);
    if (revoked) await deps.sessionCache.markRevoked([revoked], now);
  });
}

/** Ends every session of an account (account deleted, password changed) but `exceptId`, marker before commit. */
export async function endAllSessions(deps: Deps, userId: number, exceptId?: string): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const now = new Date();
    const revoked = await revokeUserSessions(trx, userId, now, exceptId);
    await deps.sessionCache.markRevoked(revoked, now);
    return revoked.length;
  });
}

/** An admin's role switch: the displayed role lives on the session, so it ends with it. */
export async function switchActingRole(deps: Deps, sid: string, role: Role): Promise<Session | null> {
  const session = await setActingRole(deps.db, sid, role, new Date());
  if (!session) return null;
  await refreshSessionMirror(deps, session);
  return session;
}

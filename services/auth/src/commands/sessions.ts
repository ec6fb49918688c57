import type { Role } from '@rainmakers/contracts';
import type { AuthDeps } from '../deps';
import { isSessionLive, newSessionId, type Session, sessionExpiry, toSessionRecord } from '../domain/sessions';
import { findSession, insertSession, revokeSession, revokeUserSessions, setActingRole } from '../store/sessions';

type Deps = Pick<AuthDeps, 'db' | 'sessionCache'>;

/** Opens a session (PostgreSQL, then its Redis mirror). */
export async function startSession(
  deps: Deps,
  input: { userId: number; impersonatorId?: number | null },
  now = new Date(),
): Promise<Session> {
  const session: Session = {
    id: newSessionId(),
    userId: input.userId,
    actingRole: null,
    impersonatorId: input.impersonatorId ?? null,
    createdAt: now,
    expiresAt: sessionExpiry(now),
    revokedAt: null,
  };
  await insertSession(deps.db, session);
  await deps.sessionCache.write(session.id, toSessionRecord(session), now);
  return session;
}

/** The session if it is neither revoked nor expired (PostgreSQL is the record; Redis only mirrors it). */
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
  } else if (latest.actingRole !== session.actingRole) {
    await deps.sessionCache.write(latest.id, toSessionRecord(latest), new Date());
  }
}

/**
 * Ends one session: revoked_at in PostgreSQL first (committed), then the mirror becomes the revocation marker,
 * so the gateway's fallback to PostgreSQL already sees it revoked.
 */
export async function endSession(deps: Deps, sid: string): Promise<void> {
  const now = new Date();
  const revoked = await revokeSession(deps.db, sid, now);
  if (revoked) await deps.sessionCache.markRevoked([revoked], now);
}

/** Ends every session of an account (account deleted). */
export async function endAllSessions(deps: Deps, userId: number): Promise<number> {
  const now = new Date();
  const revoked = await revokeUserSessions(deps.db, userId, now);
  await deps.sessionCache.markRevoked(revoked, now);
  return revoked.length;
}

/** An admin's role switch: the displayed role lives on the session, so it ends with it. */
export async function switchActingRole(deps: Deps, sid: string, role: Role): Promise<Session | null> {
  const session = await setActingRole(deps.db, sid, role, new Date());
  if (!session) return null;
  await refreshSessionMirror(deps, session);
  return session;
}

import { randomBytes } from 'node:crypto';
import { type Role, SESSION_TTL_DAYS, type SessionRecord } from '@rainmakers/contracts';

export interface Session {
  id: string;
  userId: number;
  actingRole: Role | null;
  impersonatorId: number | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** 32 random bytes, base64url: the session id inside the cookie. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionExpiry(now: Date, days = SESSION_TTL_DAYS): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

export function isSessionLive(session: Pick<Session, 'expiresAt' | 'revokedAt'>, now: Date): boolean {
  return session.revokedAt === null && session.expiresAt.getTime() > now.getTime();
}

/** What the gateway reads from Redis (and from GET /internal/sessions/{sid}). */
export function toSessionRecord(session: Session): SessionRecord {
  return {
    userId: session.userId,
    actingRole: session.actingRole,
    impersonatorId: session.impersonatorId,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** httpOnly, SameSite=Lax, Path=/, Secure when the product is served over https. */
export function sessionCookieOptions(publicUrl: string, expiresAt?: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: new URL(publicUrl).protocol === 'https:',
    path: '/',
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

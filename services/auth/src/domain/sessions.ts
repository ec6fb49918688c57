import { randomBytes } from 'node:crypto';
import {
  passedSecondFactor,
  type Role,
  SESSION_IDLE_DAYS,
  SESSION_TOUCH_INTERVAL_SECONDS,
  SESSION_TTL_DAYS,
  type SessionAuthentication,
  type SessionRecord,
  SIGN_IN_AS_TTL_MINUTES,
} from '@rainmakers/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Session {
  id: string;
  userId: number;
  actingRole: Role | null;
  impersonatorId: number | null;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  /** How the sign-in behind it was proven; sign-in-as and role changes need a second factor. */
  authentication: SessionAuthentication;
}

/** 32 random bytes, base64url: the session id inside the cookie. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionExpiry(now: Date, days = SESSION_TTL_DAYS): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** The absolute end of a new session: 30 days, or 1 hour when an admin signs in as someone. */
export function newSessionExpiry(now: Date, signInAs: boolean): Date {
  return signInAs ? new Date(now.getTime() + SIGN_IN_AS_TTL_MINUTES * 60_000) : sessionExpiry(now);
}

/** When the session ends if unused from `lastSeenAt` on. */
export function idleExpiry(lastSeenAt: Date): Date {
  return new Date(lastSeenAt.getTime() + SESSION_IDLE_DAYS * DAY_MS);
}

/** The moment the session ends, whichever comes first: the absolute end or the idle end. */
export function sessionEnd(session: Pick<Session, 'expiresAt' | 'lastSeenAt'>): Date {
  return new Date(Math.min(session.expiresAt.getTime(), idleExpiry(session.lastSeenAt).getTime()));
}

export function isSessionLive(session: Pick<Session, 'expiresAt' | 'lastSeenAt' | 'revokedAt'>, now: Date): boolean {
  return session.revokedAt === null && sessionEnd(session).getTime() > now.getTime();
}

/**
 * Whether a touch should move last-seen forward: only when it is older than the touch interval, so an active
 * session costs one write every few minutes, not one per request.
 */
export function isTouchDue(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_SECONDS * 1000;
}

/** What the gateway reads from Redis (and from GET /internal/sessions/{sid}). */
export function toSessionRecord(session: Session): SessionRecord {
  return {
    userId: session.userId,
    actingRole: session.actingRole,
    impersonatorId: session.impersonatorId,
    expiresAt: session.expiresAt.toISOString(),
    idleExpiresAt: idleExpiry(session.lastSeenAt).toISOString(),
    secondFactor: passedSecondFactor(session.authentication),
  };
}

export const isHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:';

/** httpOnly, SameSite=Lax, Path=/, no Domain, Secure when the product is served over https (`__Host-` rules). */
export function sessionCookieOptions(publicUrl: string, expiresAt?: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isHttps(publicUrl),
    path: '/',
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

/** The CSRF cookie: readable by the web app (it copies it into the header), otherwise like the session cookie. */
export function csrfCookieOptions(publicUrl: string) {
  return { httpOnly: false, sameSite: 'lax' as const, secure: isHttps(publicUrl), path: '/' };
}

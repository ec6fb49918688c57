import { randomBytes } from 'node:crypto';
import {
  type Role,
  SESSION_JWT_ALGORITHM,
  SESSION_JWT_AUDIENCE,
  SESSION_JWT_ISSUER,
  SESSION_TTL_DAYS,
  type SessionRecord,
  sessionClaimsSchema,
} from '@rainmakers/contracts';
import jwt from 'jsonwebtoken';

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

/** The cookie value: a JWT {sid, sub} that expires with the session. */
export function signSessionToken(session: Pick<Session, 'id' | 'userId' | 'expiresAt'>, secret: string): string {
  return jwt.sign(
    { sid: session.id, sub: String(session.userId), exp: Math.floor(session.expiresAt.getTime() / 1000) },
    secret,
    { algorithm: SESSION_JWT_ALGORITHM, issuer: SESSION_JWT_ISSUER, audience: SESSION_JWT_AUDIENCE },
  );
}

export function verifySessionToken(token: string, secret: string): { sid: string; userId: number } | null {
  try {
    const payload = jwt.verify(token, secret, {
      algorithms: [SESSION_JWT_ALGORITHM],
      issuer: SESSION_JWT_ISSUER,
      audience: SESSION_JWT_AUDIENCE,
    });
    const claims = sessionClaimsSchema.safeParse(payload);
    if (!claims.success) return null;
    return { sid: claims.data.sid, userId: Number(claims.data.sub) };
  } catch {
    return null;
  }
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

/** Reads one cookie from a Cookie header (first occurrence wins, as browsers send the most specific first). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

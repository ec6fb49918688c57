import { createHmac } from 'node:crypto';
import {
  SESSION_JWT_ALGORITHM,
  SESSION_JWT_AUDIENCE,
  SESSION_JWT_ISSUER,
  sessionClaimsSchema,
} from '@rainmakers/contracts';
import jwt from 'jsonwebtoken';
import { hmacKey } from './internal-token';
import { keysToTry, type SecretKeys } from './secret-keys';

/**
 * The session cookie's value: a JWT {sid, sub} that expires with the session. Auth signs it; the gateway (and
 * auth, for sign-out without a forwarded actor) verifies it. Whether the session still exists is checked apart.
 */
export function signSessionToken(session: { id: string; userId: number; expiresAt: Date }, secret: string): string {
  return jwt.sign(
    { sid: session.id, sub: String(session.userId), exp: Math.floor(session.expiresAt.getTime() / 1000) },
    hmacKey(secret),
    { algorithm: SESSION_JWT_ALGORITHM, issuer: SESSION_JWT_ISSUER, audience: SESSION_JWT_AUDIENCE },
  );
}

/**
 * The session id and account of a valid token, or null for a missing, forged, expired or malformed one. During a
 * rotation a token signed with the previous secret passes too, marked `previousKey` so the gateway can sign it
 * again with the current one.
 */
export function verifySessionToken(token: string | undefined, keys: SecretKeys | string): SessionTokenClaims | null {
  if (!token) return null;
  const secrets = keysToTry(keys);
  for (const [index, secret] of secrets.entries()) {
    const claims = verifyWith(token, secret);
    if (claims) return { ...claims, previousKey: index > 0 };
  }
  return null;
}

function verifyWith(token: string, secret: string): Omit<SessionTokenClaims, 'previousKey'> | null {
  try {
    const payload = jwt.verify(token, hmacKey(secret), {
      algorithms: [SESSION_JWT_ALGORITHM],
      issuer: SESSION_JWT_ISSUER,
      audience: SESSION_JWT_AUDIENCE,
    });
    const claims = sessionClaimsSchema.safeParse(payload);
    const exp = typeof payload === 'object' ? payload.exp : undefined;
    if (!claims.success || typeof exp !== 'number') return null;
    return { sid: claims.data.sid, userId: Number(claims.data.sub), expiresAt: new Date(exp * 1000) };
  } catch {
    return null;
  }
}

/** The value of one cookie from a Cookie header, without parsing the rest. */
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

export type SessionTokenClaims = {
  sid: string;
  userId: number;
  /** The token's own end (the session's absolute end at sign-in): a token signed again keeps it. */
  expiresAt: Date;
  /** Signed with the previous session secret (a rotation is under way). */
  previousKey: boolean;
};

/**
 * The CSRF token of a session: HMAC(secret, "csrf:" + sid), base64url (43 characters). Bound to the session, it
 * changes with every sign-in (a new sid), and a token read before sign-in or from another session is refused.
 * Auth sets it beside the session cookie; the gateway checks it (and re-issues it when a browser holds another).
 */
export function csrfTokenFor(sid: string, secret: string): string {
  return createHmac('sha256', hmacKey(secret)).update(`csrf:${sid}`).digest('base64url');
}

/** The CSRF tokens a session's browser may hold: under the current secret, and the previous one during a rotation. */
export const csrfTokensFor = (sid: string, keys: SecretKeys | string): string[] =>
  keysToTry(keys).map((secret) => csrfTokenFor(sid, secret));

/**
 * CSRF protection for the cookie-authenticated API: a token bound to the session and an Origin check.
 *
 * A signed-in browser's CSRF token is HMAC(SESSION_SECRET, sid) (kit csrfTokenFor): auth sets it beside the
 * session cookie at every sign-in, so it rotates with the session, and a token from before the sign-in (or from
 * another session) is refused. A browser without a session gets a random token (double submit) for the calls
 * it makes before signing in. The cookie is readable by scripts (SameSite=Lax, `__Host-` over https); the web
 * app copies it into the `x-csrf-token` header of every unsafe call; another site can neither read the cookie
 * nor set the header, so a forged request fails with 403. A present Origin must also be ours.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { csrfTokensFor, HttpError, readCookie, type SecretKeys, TtlLru } from '@rainmakers/kit';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const csrfError = () => new HttpError(403, 'Invalid CSRF token', undefined, 'CSRF');

/** 32 random bytes, base64url (43 characters). */
export const newCsrfToken = () => randomBytes(32).toString('base64url');

/** The request's CSRF cookie (named `cookieName`) when it is one the gateway or auth could have issued. */
export function csrfCookieFrom(cookieHeader: string | undefined, cookieName: string): string | undefined {
  const value = readCookie(cookieHeader, cookieName);
  return value && TOKEN_PATTERN.test(value) ? value : undefined;
}

/** Over https the name carries `__Host-`, which requires Secure, Path=/ and no Domain (all set here). */
export function csrfSetCookie(cookieName: string, token: string, secure: boolean): string {
  return `${cookieName}=${token}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The session-bound tokens, remembered per session id (a busy browser costs no HMAC per request). During a rotation
 * of SESSION_SECRET a browser may still hold the token of the previous secret: it passes, and is replaced.
 */
export class SessionCsrfTokens {
  private readonly tokens = new TtlLru<string, string[]>(60_000, 20_000);

  constructor(private readonly keys: SecretKeys) {}

  /** The token to hand out (under the current secret). */
  for(sid: string): string {
    return this.accepted(sid)[0] as string;
  }

  /** Every token that passes for the session: the current secret's first. */
  accepted(sid: string): string[] {
    let tokens = this.tokens.get(sid);
    if (tokens === undefined) {
      tokens = csrfTokensFor(sid, this.keys);
      this.tokens.set(sid, tokens);
    }
    return tokens;
  }
}

/** Constant-time comparison of the header with the expected token. */
export function tokensMatch(header: string | undefined, expected: string | undefined): boolean {
  if (!header || !expected) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A present Origin must be the product's public origin or the origin of the Host the request came to.
 * "null" (sandboxed frames, some redirects) never matches.
 */
export function originAllowed(origin: string | undefined, publicOrigin: string, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin.replace(/\/$/, '')) return false;
  return host !== undefined && url.host === host.toLowerCase();
}

/**
 * Throws 403 unless the unsafe request carries the right token and a same-site Origin. `sessionTokens`: the
 * tokens bound to the request's session when it has one (then nothing else passes); otherwise the header must
 * equal the CSRF cookie.
 */
export function checkCsrf(input: {
  cookieHeader: string | undefined;
  cookieName: string;
  headerToken: string | string[] | undefined;
  sessionTokens: readonly string[] | null;
  origin: string | undefined;
  host: string | undefined;
  publicOrigin: string;
}): void {
  if (!originAllowed(input.origin, input.publicOrigin, input.host)) throw csrfError();
  const header = typeof input.headerToken === 'string' ? input.headerToken : undefined;
  const expected = input.sessionTokens ?? [csrfCookieFrom(input.cookieHeader, input.cookieName)];
  if (!expected.some((token) => tokensMatch(header, token))) throw csrfError();
}

/**
 * CSRF protection for the cookie-authenticated API: a double-submit token and an Origin check.
 *
 * The gateway gives every browser a random `rm_csrf` cookie (readable by scripts, SameSite=Lax). The web app
 * copies it into the `x-csrf-token` header of every unsafe call; another site can neither read the cookie
 * nor set the header, so a forged request fails with 403. A present Origin must also be ours.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE } from '@rainmakers/contracts';
import { HttpError, readCookie } from '@rainmakers/kit';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const csrfError = () => new HttpError(403, 'Invalid CSRF token', undefined, 'CSRF');

/** 32 random bytes, base64url (43 characters). */
export const newCsrfToken = () => randomBytes(32).toString('base64url');

/** The request's CSRF cookie when it is one the gateway could have issued. */
export function csrfCookieFrom(cookieHeader: string | undefined): string | undefined {
  const value = readCookie(cookieHeader, CSRF_COOKIE);
  return value && TOKEN_PATTERN.test(value) ? value : undefined;
}

export function csrfSetCookie(token: string, secure: boolean): string {
  return `${CSRF_COOKIE}=${token}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Constant-time comparison of the header with the cookie. */
export function tokensMatch(header: string | undefined, cookie: string | undefined): boolean {
  if (!header || !cookie) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
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

/** Throws 403 unless the unsafe request carries the right token and a same-site Origin. */
export function checkCsrf(input: {
  cookieHeader: string | undefined;
  headerToken: string | string[] | undefined;
  origin: string | undefined;
  host: string | undefined;
  publicOrigin: string;
}): void {
  if (!originAllowed(input.origin, input.publicOrigin, input.host)) throw csrfError();
  const header = typeof input.headerToken === 'string' ? input.headerToken : undefined;
  if (!tokensMatch(header, csrfCookieFrom(input.cookieHeader))) throw csrfError();
}

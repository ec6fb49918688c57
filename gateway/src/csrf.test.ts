import { describe, expect, it } from '@jest/globals';
import { csrfTokenFor } from '@rainmakers/kit';
import {
  checkCsrf,
  csrfCookieFrom,
  csrfSetCookie,
  newCsrfToken,
  originAllowed,
  SessionCsrfTokens,
  tokensMatch,
} from './csrf';

describe('CSRF tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = newCsrfToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCsrfToken()).not.toBe(token);
  });

  it('compare equal only when identical', () => {
    const token = newCsrfToken();
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token, newCsrfToken())).toBe(false);
    expect(tokensMatch(`${token}x`, token)).toBe(false);
    expect(tokensMatch(undefined, token)).toBe(false);
    expect(tokensMatch(token, undefined)).toBe(false);
    expect(tokensMatch('', '')).toBe(false);
  });

  it('are read from the cookie only when well-formed', () => {
    const token = newCsrfToken();
    expect(csrfCookieFrom(`a=1; rm_csrf=${token}; rm_session=x`, 'rm_csrf')).toBe(token);
    expect(csrfCookieFrom(`rm_csrf=${token}`, '__Host-rm_csrf')).toBeUndefined();
    expect(csrfCookieFrom('rm_csrf=short', 'rm_csrf')).toBeUndefined();
    expect(csrfCookieFrom(undefined, 'rm_csrf')).toBeUndefined();
  });

  it('set a script-readable, same-site cookie', () => {
    expect(csrfSetCookie('rm_csrf', 't', false)).toBe('rm_csrf=t; Path=/; SameSite=Lax');
    expect(csrfSetCookie('__Host-rm_csrf', 't', true)).toBe('__Host-rm_csrf=t; Path=/; SameSite=Lax; Secure');
    expect(csrfSetCookie('__Host-rm_csrf', 't', true)).not.toMatch(/HttpOnly|Domain/i);
  });
});

describe('Origin check', () => {
  const publicOrigin = 'https://app.example.com';
  it('allows no Origin, the public origin, and the Host the request came to', () => {
    expect(originAllowed(undefined, publicOrigin, 'x')).toBe(true);
    expect(originAllowed('https://app.example.com', publicOrigin, 'other')).toBe(true);
    expect(originAllowed('http://localhost:8080', publicOrigin, 'localhost:8080')).toBe(true);
  });
  it('refuses other sites, null, and look-alikes', () => {
    expect(originAllowed('https://evil.example.com', publicOrigin, 'app.example.com')).toBe(false);
    expect(originAllowed('null', publicOrigin, 'app.example.com')).toBe(false);
    expect(originAllowed('http://localhost:8081', publicOrigin, 'localhost:8080')).toBe(false);
    expect(originAllowed('http://evil@localhost:8080', publicOrigin, 'localhost:8080')).toBe(false);
  });
});

describe('checkCsrf', () => {
  const token = newCsrfToken();
  const base = {
    cookieHeader: `rm_csrf=${token}`,
    cookieName: 'rm_csrf',
    sessionTokens: null,
    headerToken: token,
    origin: undefined,
    host: 'localhost:8080',
    publicOrigin: 'http://localhost:8080',
  };
  it('passes with the matching header', () => {
    expect(() => checkCsrf(base)).not.toThrow();
  });
  it('fails with 403 CSRF otherwise', () => {
    for (const input of [
      { ...base, headerToken: undefined },
      { ...base, headerToken: newCsrfToken() },
      { ...base, cookieHeader: undefined },
      { ...base, headerToken: [token, token] },
      { ...base, origin: 'https://evil.example.com' },
    ]) {
      expect(() => checkCsrf(input)).toThrow(expect.objectContaining({ status: 403, code: 'CSRF' }));
    }
  });
});

describe('session-bound tokens', () => {
  const secret = 'a-session-secret-0123456789';
  it('are the HMAC of the session id: stable per session, different across sessions', () => {
    const tokens = new SessionCsrfTokens({ current: secret });
    expect(tokens.for('sid-1')).toBe(csrfTokenFor('sid-1', secret));
    expect(tokens.for('sid-1')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.for('sid-2')).not.toBe(tokens.for('sid-1'));
  });
  it('with a session, only the bound token passes (a cookie and header copied from before sign-in fail)', () => {
    const old = newCsrfToken();
    const bound = csrfTokenFor('sid-1', secret);
    const base = {
      cookieName: 'rm_csrf',
      origin: undefined,
      host: 'localhost:8080',
      publicOrigin: 'http://localhost:8080',
      sessionTokens: [bound],
    };
    expect(() => checkCsrf({ ...base, cookieHeader: `rm_csrf=${bound}`, headerToken: bound })).not.toThrow();
    expect(() => checkCsrf({ ...base, cookieHeader: `rm_csrf=${old}`, headerToken: old })).toThrow(
      expect.objectContaining({ status: 403, code: 'CSRF' }),
    );
    const other = csrfTokenFor('sid-2', secret);
    expect(() => checkCsrf({ ...base, cookieHeader: `rm_csrf=${other}`, headerToken: other })).toThrow(
      expect.objectContaining({ status: 403 }),
    );
  });
  it('during a rotation the token of the previous secret passes too, and is never the one handed out', () => {
    const previous = 'the-previous-session-secret-0123';
    const tokens = new SessionCsrfTokens({ current: secret, previous });
    const old = csrfTokenFor('sid-1', previous);
    expect(tokens.for('sid-1')).toBe(csrfTokenFor('sid-1', secret));
    const base = {
      cookieName: 'rm_csrf',
      origin: undefined,
      host: 'localhost:8080',
      publicOrigin: 'http://localhost:8080',
    };
    const sessionTokens = tokens.accepted('sid-1');
    expect(() => checkCsrf({ ...base, sessionTokens, cookieHeader: `rm_csrf=${old}`, headerToken: old })).not.toThrow();
    // Once the previous secret is removed it no longer passes.
    const rotated = new SessionCsrfTokens({ current: secret }).accepted('sid-1');
    expect(() =>
      checkCsrf({ ...base, sessionTokens: rotated, cookieHeader: `rm_csrf=${old}`, headerToken: old }),
    ).toThrow(expect.objectContaining({ status: 403, code: 'CSRF' }));
  });
});

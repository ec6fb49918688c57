import { describe, expect, it } from '@jest/globals';
import { checkCsrf, csrfCookieFrom, csrfSetCookie, newCsrfToken, originAllowed, tokensMatch } from './csrf';

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
    expect(csrfCookieFrom(`a=1; rm_csrf=${token}; rm_session=x`)).toBe(token);
    expect(csrfCookieFrom('rm_csrf=short')).toBeUndefined();
    expect(csrfCookieFrom(undefined)).toBeUndefined();
  });

  it('set a script-readable, same-site cookie', () => {
    expect(csrfSetCookie('t', false)).toBe('rm_csrf=t; Path=/; SameSite=Lax');
    expect(csrfSetCookie('t', true)).toBe('rm_csrf=t; Path=/; SameSite=Lax; Secure');
    expect(csrfSetCookie('t', true)).not.toMatch(/HttpOnly/i);
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

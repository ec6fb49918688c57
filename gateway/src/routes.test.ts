import { describe, expect, it } from '@jest/globals';
import { hasTraversal, matchRoute, normalizePath, serviceFor } from './routes';

describe('serviceFor', () => {
  it.each([
    ['/api/auth/signin', 'auth'],
    ['/api/user/12', 'users'],
    ['/api/user', 'users'],
    ['/api/v2/user/add-tags', 'users'],
    ['/api/tag/read-many', 'users'],
    ['/api/course/read-many', 'courses'],
    ['/api/module/read-many', 'courses'],
    ['/api/lesson/3', 'courses'],
    ['/api/move-the-needle/board/1', 'board'],
    ['/api/notifications', 'board'],
    ['/api/notifications/read', 'board'],
    ['/api/product/upsert', 'tools'],
    ['/api/product-qualifier/result', 'tools'],
    ['/api/ai/chat', 'tools'],
    ['/api/resource/read-many', 'resources'],
    ['/api/dashboard-banner', 'resources'],
    ['/upload', 'resources'],
    ['/upload/abc.png', 'resources'],
    ['/api/stripe/webhook', 'billing'],
  ])('%s -> %s', (path, service) => {
    expect(serviceFor(path)).toBe(service);
  });

  it('matches whole path segments only', () => {
    expect(serviceFor('/api/users')).toBeNull();
    expect(serviceFor('/api/courses-evil')).toBeNull();
    expect(serviceFor('/uploads/x')).toBeNull();
    expect(serviceFor('/api/v2/users')).toBeNull();
  });
});

describe('matchRoute', () => {
  it('leaves web pages to the web app', () => {
    expect(matchRoute('GET', '/')).toEqual({ kind: 'web' });
    expect(matchRoute('GET', '/courses')).toEqual({ kind: 'web' });
    expect(matchRoute('GET', '/assets/index-abc.js')).toEqual({ kind: 'web' });
    expect(matchRoute('GET', '/apiary')).toEqual({ kind: 'web' });
  });

  it('never routes /internal and answers 404 for unknown API paths', () => {
    expect(matchRoute('GET', '/internal/users/1/access-profile')).toEqual({ kind: 'not-found' });
    expect(matchRoute('POST', '/Internal/sessions/x')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/api/nothing-here')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/api')).toEqual({ kind: 'not-found' });
  });

  it('refuses dot segments that could steer an upstream router', () => {
    expect(matchRoute('GET', '/api/user/../../internal/users/1')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/api/user/%2e%2e/%2E%2E/internal/x')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/api/user/.%2e/x')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/api/user\\..\\x')).toEqual({ kind: 'not-found' });
  });

  it('opens sign-in, sign-up, forgot/reset password, me, sign-out without a session', () => {
    for (const [method, path] of [
      ['POST', '/api/auth/signin'],
      ['POST', '/api/auth/signup'],
      ['POST', '/api/auth/forgot-password'],
      ['POST', '/api/auth/reset-password/abc'],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/signout'],
    ] as const) {
      expect(matchRoute(method, path)).toMatchObject({ kind: 'proxy', service: 'auth', session: 'optional' });
    }
  });

  it('matches like Express does: any case, one trailing slash', () => {
    expect(matchRoute('post', '/API/Auth/SignIn/')).toMatchObject({
      service: 'auth',
      session: 'optional',
    });
    expect(matchRoute('GET', '/api/User/5')).toMatchObject({ service: 'users', session: 'required' });
  });

  it('requires a session for everything else under /api and for uploads', () => {
    expect(matchRoute('GET', '/api/user/read-many')).toMatchObject({
      session: 'required',
      blockable: true,
      csrf: false,
    });
    expect(matchRoute('POST', '/api/auth/signinas')).toMatchObject({ session: 'required', blockable: false });
    // Closing her account stays open to a blocked payment status (her data export too: the gateway's own route).
    expect(matchRoute('DELETE', '/api/account')).toMatchObject({
      service: 'auth',
      session: 'required',
      blockable: false,
      csrf: true,
    });
    expect(matchRoute('GET', '/api/auth/me/extra')).toMatchObject({ session: 'required' });
    expect(matchRoute('POST', '/upload')).toMatchObject({ service: 'resources', session: 'required', csrf: true });
    expect(matchRoute('DELETE', '/api/auth/me')).toMatchObject({ session: 'required' });
  });

  it('keeps uploaded files and the Stripe webhook free of sessions', () => {
    expect(matchRoute('GET', '/upload/2024/abc.png')).toMatchObject({ session: 'none', blockable: false });
    expect(matchRoute('POST', '/api/stripe/webhook')).toMatchObject({ session: 'none', blockable: false, csrf: false });
    expect(matchRoute('POST', '/upload/abc.png')).toMatchObject({ session: 'required' });
  });

  it("opens a certificate and its PDF by id, never the member's own list or a write", () => {
    const id = '0b6f4c1e-5a0e-4c55-9d43-3f7f0b1d2a11';
    for (const path of [`/api/certificates/${id}`, `/api/certificates/${id}/pdf`, '/api/certificates/unknown']) {
      expect(matchRoute('GET', path)).toMatchObject({ service: 'courses', session: 'none', blockable: false });
    }
    expect(matchRoute('GET', '/api/certificates/mine')).toMatchObject({ service: 'courses', session: 'required' });
    expect(matchRoute('GET', '/api/certificates/MINE/')).toMatchObject({ session: 'required' });
    expect(matchRoute('GET', '/api/certificates/mine/pdf')).toMatchObject({ session: 'required' });
    expect(matchRoute('GET', `/api/certificates/${id}/other`)).toMatchObject({ session: 'required' });
    expect(matchRoute('DELETE', `/api/certificates/${id}`)).toMatchObject({ session: 'required', csrf: true });
  });

  it('answers 402 everywhere except auth, the customer portal and the webhook', () => {
    expect(matchRoute('GET', '/api/course/read-many')).toMatchObject({ blockable: true });
    expect(matchRoute('POST', '/api/stripe/create-customer-session')).toMatchObject({ blockable: true });
    expect(matchRoute('POST', '/api/stripe/create-customer-portal')).toMatchObject({ blockable: false });
    expect(matchRoute('POST', '/api/stripe/create-customer-portal/cus_1')).toMatchObject({ blockable: false });
    expect(matchRoute('GET', '/api/stripe/create-customer-portal/cus_1')).toMatchObject({ blockable: true });
    expect(matchRoute('POST', '/api/auth/switch-role')).toMatchObject({ blockable: false });
    expect(matchRoute('GET', '/api/auth/me')).toMatchObject({ blockable: false });
  });

  it('needs CSRF for unsafe methods only, except the webhook', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(matchRoute(method, '/api/move-the-needle/card')).toMatchObject({ csrf: true });
    }
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(matchRoute(method, '/api/move-the-needle/card')).toMatchObject({ csrf: false });
    }
    expect(matchRoute('POST', '/api/auth/signin')).toMatchObject({ csrf: true });
  });
});

describe('path helpers', () => {
  it('normalizes case and one trailing slash', () => {
    expect(normalizePath('/API/User/')).toBe('/api/user');
    expect(normalizePath('/')).toBe('/');
  });
  it('detects traversal only in whole segments', () => {
    expect(hasTraversal('/api/course/a..b')).toBe(false);
    expect(hasTraversal('/api/course/.hidden')).toBe(false);
    expect(hasTraversal('/api/course/./x')).toBe(true);
    expect(hasTraversal('/api/%5c')).toBe(true);
  });
});

describe('upstream timeouts', () => {
  it('gives uploads, CSV imports/exports and AI calls the long timeout, every other call the short one', () => {
    expect(matchRoute('POST', '/upload')).toMatchObject({ timeout: 'transfer' });
    expect(matchRoute('POST', '/api/user/import')).toMatchObject({ timeout: 'transfer' });
    expect(matchRoute('PUT', '/api/user/bulk-update')).toMatchObject({ timeout: 'transfer' });
    expect(matchRoute('GET', '/api/user/export')).toMatchObject({ timeout: 'transfer' });
    expect(matchRoute('POST', '/api/ai/generate')).toMatchObject({ timeout: 'transfer' });
    expect(matchRoute('GET', '/upload/a.png')).toMatchObject({ timeout: 'api' });
    expect(matchRoute('GET', '/api/user/import')).toMatchObject({ timeout: 'api' });
    expect(matchRoute('GET', '/api/auth/me')).toMatchObject({ timeout: 'api' });
    expect(matchRoute('GET', '/api/move-the-needle/events')).toMatchObject({ timeout: 'stream', service: 'board' });
    expect(matchRoute('GET', '/api/move-the-needle/list/read-many')).toMatchObject({ timeout: 'api' });
    expect(matchRoute('GET', '/api/notifications/events')).toMatchObject({ timeout: 'stream', service: 'board' });
    expect(matchRoute('GET', '/api/notifications')).toMatchObject({ timeout: 'api', service: 'board' });
    expect(matchRoute('POST', '/api/lesson/complete')).toMatchObject({ timeout: 'api' });
  });
});

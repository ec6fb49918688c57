/**
 * The gateway on its own (no services behind it): what it answers by itself. Flows through the real auth
 * and users services are in flows.test.ts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

const BIG_ASSET = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `'row ${i}'`).join(', ')}];`;
let gateway: GatewayForTest;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'gw-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Rainmakers</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG_ASSET);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  gateway = await startGatewayForTest({
    upstreams: {},
    webDist: dist,
  });
});

afterAll(async () => {
  await gateway?.stop();
  await rm(dist, { recursive: true, force: true });
});

const csrfFrom = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('rm_csrf='));
  return cookie?.slice('rm_csrf='.length, cookie.indexOf(';'));
};

async function csrfToken(): Promise<string> {
  const response = await fetch(`${gateway.url}/`, { headers: { accept: 'text/html' } });
  const token = csrfFrom(response);
  if (!token) throw new Error('no CSRF cookie');
  return token;
}

describe('web app', () => {
  it('serves index.html for page loads, never cached, with a CSRF cookie and security headers', async () => {
    const response = await fetch(`${gateway.url}/courses?search=x`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('rm_csrf='));
    expect(cookie).toMatch(/^rm_csrf=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('https://www.youtube.com');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('does not set the CSRF cookie again once the browser has it', async () => {
    const token = await csrfToken();
    const response = await fetch(`${gateway.url}/`, { headers: { accept: 'text/html', cookie: `rm_csrf=${token}` } });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const asset = await fetch(`${gateway.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${gateway.url}/assets/index-gone.js`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    const other = await fetch(`${gateway.url}/favicon.svg`);
    expect(other.headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses assets for browsers that accept it', async () => {
    for (const [encoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await fetch(`${gateway.url}/assets/big-abc123.js`, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(expected);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers.get('content-length'))).toBeLessThan(BIG_ASSET.length / 4);
      expect(await response.text()).toBe(BIG_ASSET); // fetch decodes it
    }
    const plain = await new Promise<{ encoding: string | undefined; length: number }>((resolve, reject) => {
      http
        .get(`${gateway.url}/assets/big-abc123.js`, { headers: { 'accept-encoding': 'identity' } }, (response) => {
          let length = 0;
          response.on('data', (chunk: Buffer) => {
            length += chunk.length;
          });
          response.on('end', () => resolve({ encoding: response.headers['content-encoding'], length }));
        })
        .on('error', reject);
    });
    expect(plain).toEqual({ encoding: undefined, length: BIG_ASSET.length });
  });

  it('answers 503 with a hint when the web app is not built', async () => {
    const bare = await startGatewayForTest({ upstreams: {}, webDist: path.join(dist, 'nowhere') });
    try {
      const response = await fetch(`${bare.url}/signin`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(503);
      expect(await response.text()).toBe('Web app not built: run npm run build:web');
    } finally {
      await bare.stop();
    }
  });
});

describe('routing', () => {
  it('never routes /internal/*, and answers unknown API paths with 404 JSON', async () => {
    for (const url of [
      '/internal/sessions/abc',
      '/internal/users/1/access-profile',
      '/api/nope',
      '/api/user/../../internal/x',
    ]) {
      const response = await fetch(gateway.url + url, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('refuses dot segments sent raw (fetch would normalize them away)', async () => {
    for (const rawPath of ['/api/user/../../internal/users/1', '/api/user/%2e%2e/%2E%2E/internal/users/1']) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const request = http.request(`${gateway.url}${rawPath}`, { method: 'GET' }, (response) => {
          response.resume();
          resolve(response.statusCode);
        });
        request.path = rawPath;
        request.on('error', reject);
        request.end();
      });
      expect(status).toBe(404);
    }
  });

  it('asks for a session on members-only calls', async () => {
    const response = await fetch(`${gateway.url}/api/course/read-many`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Please sign in to continue' });
    const forged = await fetch(`${gateway.url}/api/user/1`, { headers: { cookie: 'rm_session=not-a-jwt' } });
    expect(forged.status).toBe(401);
  });

  it('answers 503 SERVICE_UNAVAILABLE when a service is down', async () => {
    const response = await fetch(`${gateway.url}/api/auth/me`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' });
  });

  it('serves uploaded files without a session, under a sandboxing CSP', async () => {
    const response = await fetch(`${gateway.url}/upload/abc.png`, { headers: { cookie: 'rm_session=whatever' } });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('is ready on its own dependency (Redis) while every service is down', async () => {
    const response = await fetch(`${gateway.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: { redis: 'ok' } });
    const health = await fetch(`${gateway.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', service: 'gateway' });
  });
});

describe('CSRF', () => {
  it('refuses unsafe calls without the token, with a wrong one, or from another origin', async () => {
    const token = await csrfToken();
    const attempts: Array<Record<string, string>> = [
      {},
      { cookie: `rm_csrf=${token}` },
      { 'x-csrf-token': token },
      { cookie: `rm_csrf=${token}`, 'x-csrf-token': token.replace(/.$/, token.endsWith('A') ? 'B' : 'A') },
      { cookie: `rm_csrf=${token}`, 'x-csrf-token': token, origin: 'https://evil.example.com' },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${gateway.url}/api/move-the-needle/card/upsert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'Invalid CSRF token', code: 'CSRF' });
    }
  });

  it('lets a matching token through (to the session check)', async () => {
    const token = await csrfToken();
    const response = await fetch(`${gateway.url}/api/move-the-needle/card/upsert`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `rm_csrf=${token}`,
        'x-csrf-token': token,
        origin: gateway.url,
      },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });

  it('leaves the Stripe webhook to its signature check', async () => {
    const response = await fetch(`${gateway.url}/api/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(503);
  });
});

describe('cookies over https', () => {
  it('use the __Host- prefix and Secure when PUBLIC_URL is https', async () => {
    const secure = await startGatewayForTest({ upstreams: {}, webDist: dist, publicUrl: 'https://app.example.com' });
    try {
      const response = await fetch(`${secure.url}/`, { headers: { accept: 'text/html' } });
      const cookie = response.headers.getSetCookie().find((c) => c.includes('rm_csrf='));
      expect(cookie).toMatch(/^__Host-rm_csrf=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax; Secure$/);
      // The bare name is not read over https: a cookie planted under it (e.g. from a subdomain) does not count.
      const token = cookie?.slice('__Host-rm_csrf='.length, cookie.indexOf(';')) ?? '';
      const planted = await fetch(`${secure.url}/api/move-the-needle/card/upsert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `rm_csrf=${token}`, 'x-csrf-token': token },
        body: '{}',
      });
      expect(planted.status).toBe(403);
      const proper = await fetch(`${secure.url}/api/move-the-needle/card/upsert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `__Host-rm_csrf=${token}`, 'x-csrf-token': token },
        body: '{}',
      });
      expect(proper.status).toBe(401);
    } finally {
      await secure.stop();
    }
  });
});

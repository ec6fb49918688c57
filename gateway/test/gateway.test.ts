/**
 * The gateway on its own (no services behind it): what it answers by itself. Flows through the real auth
 * and users services are in flows.test.ts.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@rainmakers/kit/testing';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

const BIG_ASSET = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `'row ${i}'`).join(', ')}];`;
/** As big, but the build wrote no compressed variants of it. */
const PLAIN_ASSET = `export const cols = [${Array.from({ length: 2000 }, (_, i) => `'col ${i}'`).join(', ')}];`;
const EARLY_SCRIPT = 'window.__early = fetch("/api/auth/me");';
const indexHtml = (script: string) =>
  `<!doctype html><head><script>${script}</script><script type="module" src="/assets/index-abc123.js"></script></head><title>Rainmakers</title><div id="root"></div>`;
const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
let gateway: GatewayForTest;
let dist: string;

/** GET without fetch's automatic decoding: the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'gw-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), indexHtml(EARLY_SCRIPT));
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  // As web/build/plugins.ts `precompress` writes them.
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG_ASSET);
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(BIG_ASSET));
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(BIG_ASSET, { level: 9 }));
  await writeFile(path.join(dist, 'assets', 'plain-abc123.js'), PLAIN_ASSET);
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
    expect(csp).toContain('https://www.youtube-nocookie.com');
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

  it('sends the pre-compressed variant the browser accepts, as the build wrote it', async () => {
    for (const [encoding, expected, file] of [
      ['gzip, deflate, br, zstd', 'br', 'big-abc123.js.br'],
      ['gzip, deflate', 'gzip', 'big-abc123.js.gz'],
    ] as const) {
      const response = await rawGet(`${gateway.url}/assets/big-abc123.js`, { 'accept-encoding': encoding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toBe('Accept-Encoding');
      const onDisk = (await stat(path.join(dist, 'assets', file))).size;
      expect(Number(response.headers['content-length'])).toBe(onDisk);
      expect(response.body.length).toBe(onDisk);
      const decoded = expected === 'br' ? zlib.brotliDecompressSync(response.body) : zlib.gunzipSync(response.body);
      expect(decoded.toString()).toBe(BIG_ASSET);
    }
    const plain = await rawGet(`${gateway.url}/assets/big-abc123.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_ASSET);
  });

  it('never compresses per request: an asset without variants goes out as it is', async () => {
    const response = await rawGet(`${gateway.url}/assets/plain-abc123.js`, { 'accept-encoding': 'gzip, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.toString()).toBe(PLAIN_ASSET);
  });

  it("allows index.html's inline script by its sha256 hash, never 'unsafe-inline'", async () => {
    const response = await fetch(`${gateway.url}/courses`, { headers: { accept: 'text/html' } });
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${cspHash(EARLY_SCRIPT)}`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('sends index.html compressed, revalidated by ETag', async () => {
    const response = await rawGet(`${gateway.url}/courses`, { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(response.body).toString()).toBe(indexHtml(EARLY_SCRIPT));
    const etag = response.headers.etag as string;
    const again = await rawGet(`${gateway.url}/profile`, { accept: 'text/html', 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('picks up a new build: new index.html, new script hash', async () => {
    const other = 'window.__early = fetch("/api/auth/me?v=2");';
    const file = path.join(dist, 'index.html');
    await writeFile(file, indexHtml(other));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    try {
      await eventually(async () => {
        const response = await fetch(`${gateway.url}/`, { headers: { accept: 'text/html' } });
        expect(await response.text()).toContain(other);
        expect(response.headers.get('content-security-policy')).toContain(cspHash(other));
      });
    } finally {
      await writeFile(file, indexHtml(EARLY_SCRIPT));
      const newer = new Date(Date.now() + 10_000);
      await utimes(file, newer, newer);
    }
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

/**
 * The API reference as the gateway serves it (docs.ts): the OpenAPI document for anyone, the Swagger UI page for
 * admin accounts only, every script a file from 'self' under the web app's CSP. Sessions and profiles are written
 * to the gateway's Redis mirror, as auth and users do; no service is behind the gateway.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AccessProfile, Role, SessionRecord } from '@rainmakers/contracts';
import { type Redis, signSessionToken } from '@rainmakers/kit';
import { createTestRedis } from '@rainmakers/kit/testing';
import { Validator } from '@seriousme/openapi-schema-validator';
import { DOCS_PAGE } from '../src/docs';
import { profileCacheKey } from '../src/profile-cache';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

const SESSION_SECRET = 's'.repeat(32);
let gateway: GatewayForTest;
let redis: Redis;
let prefix: string;

beforeAll(async () => {
  ({ redis, prefix } = createTestRedis());
  gateway = await startGatewayForTest({ upstreams: {}, redisPrefix: prefix, sessionSecret: SESSION_SECRET });
});

afterAll(async () => {
  await gateway?.stop();
  await redis?.quit();
});

/**
 * A signed-in person of `role` (the account's role) whose session and profile the gateway finds in Redis; the
 * session passed the second factor, as every admin's does, unless `secondFactor` says otherwise.
 */
async function cookieFor(
  userId: number,
  role: Role,
  actingRole: Role | null = null,
  secondFactor = true,
): Promise<string> {
  const sid = randomBytes(12).toString('hex');
  const expiresAt = new Date(Date.now() + 3_600_000);
  const record: SessionRecord = {
    userId,
    actingRole,
    impersonatorId: null,
    expiresAt: expiresAt.toISOString(),
    idleExpiresAt: expiresAt.toISOString(),
    secondFactor,
  };
  const profile: AccessProfile = {
    userId,
    role,
    tagIds: [],
    tagNames: [],
    stripeStatus: 'active',
    alwaysGrantAccess: false,
    email: `person${userId}@example.com`,
    version: 1,
  };
  await redis.set(`${prefix}session:${sid}`, JSON.stringify(record));
  await redis.set(profileCacheKey(prefix, userId), JSON.stringify(profile));
  return `rm_session=${signSessionToken({ id: sid, userId, expiresAt }, SESSION_SECRET)}`;
}

/**
 * GET with a cookie. A 503 means the gateway's Redis read timed out on a loaded machine and it asked auth, which
 * is not running here: asked again (the answer under test is never a 503).
 */
async function getAs(path: string, cookie: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${gateway.url}${path}`, { headers: { cookie } });
    if (response.status !== 503 || attempt === 3) return response;
    await response.arrayBuffer();
  }
}

describe('the API reference', () => {
  it('serves the OpenAPI 3.1 document to anyone, valid', async () => {
    const response = await fetch(`${gateway.url}/api/docs/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    expect(await validator.validate(document as never)).toEqual({ valid: true });
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/auth/signin', '/api/user/{id}']));
  });

  it('shows the reference page to admins only: 401 without a session, 404 for anyone else', async () => {
    expect((await fetch(`${gateway.url}/api/docs`)).status).toBe(401);
    const member = await getAs('/api/docs', await cookieFor(101, 'premium'));
    expect(member.status).toBe(404);
    const coach = await getAs('/api/docs', await cookieFor(102, 'coach'));
    expect(coach.status).toBe(404);

    const admin = await getAs('/api/docs', await cookieFor(103, 'admin'));
    expect(admin.status).toBe(200);
    expect(await admin.text()).toBe(DOCS_PAGE);
    // An admin viewing the product as a member still reads it.
    const switched = await getAs('/api/docs', await cookieFor(104, 'admin', 'basic'));
    expect(switched.status).toBe(200);
    // A session of an admin account that has not passed the second factor holds no admin role.
    const passwordOnly = await getAs('/api/docs', await cookieFor(106, 'admin', null, false));
    expect(passwordOnly.status).toBe(404);
  });

  it("runs under the web app's CSP: no inline script, every script and style a file from 'self'", async () => {
    const page = await getAs('/api/docs', await cookieFor(105, 'admin'));
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body?.trim()).toBe('');
      expect(attributes).toMatch(/src="\/api\/docs\/assets\//);
    }
    for (const asset of [...html.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map((m) => m[1])) {
      const response = await fetch(`${gateway.url}${asset}`);
      expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
      expect(response.headers.get('content-type')).toMatch(asset?.endsWith('.css') ? /text\/css/ : /javascript/);
      // Read to the end: an unread answer keeps its connection (and the gateway's close) waiting.
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const start = await (await fetch(`${gateway.url}/api/docs/assets/start.js`)).text();
    expect(start).toContain('/api/docs/openapi.json');
    expect(start).toContain('x-csrf-token');
  });

  it('answers 404 for anything else under /api/docs', async () => {
    expect((await fetch(`${gateway.url}/api/docs/assets/package.json`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/api/docs/other`)).status).toBe(404);
  });
});

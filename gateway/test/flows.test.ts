/**
 * Flows through the gateway with the REAL auth and users services behind it (real PostgreSQL databases,
 * one shared Redis prefix for session mirrors, access profiles and the event streams).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startForTest as startAuth } from '@rainmakers/auth/testing';
import type { AccessProfile, EventData } from '@rainmakers/contracts';
import { createRedis, type Redis, RedisStreamsTransport, signActorToken, signServiceToken } from '@rainmakers/kit';
import { buildActor, TEST_SECRET } from '@rainmakers/kit/testing';
import { startForTest as startUsers } from '@rainmakers/users/testing';
import { freePort } from '../../scripts/lib/infra';
import { profileCacheKey } from '../src/profile-cache';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

type Started = { url: string; stop(): Promise<void> };
let auth: Started;
let users: Started;
let gateway: GatewayForTest;
let replica: GatewayForTest;
let redis: Redis;
let prefix: string;

const LOOSE = { points: 100_000, durationSeconds: 60 };

beforeAll(async () => {
  prefix = `t${randomUUID().slice(0, 8)}:`;
  const authPort = await freePort();
  users = await startUsers({ redisPrefix: prefix, authAddr: `http://127.0.0.1:${authPort}` });
  auth = await startAuth({ port: authPort, redisPrefix: prefix, usersAddr: users.url });
  const upstreams = { auth: auth.url, users: users.url };
  gateway = await startGatewayForTest({
    redisPrefix: prefix,
    upstreams,
    rateLimits: {
      signinPerIp: LOOSE,
      signupPerIp: LOOSE,
      signinPerEmail: { points: 3, durationSeconds: 60 },
    },
  });
  // A second replica, to see a revocation made through another gateway reach it.
  replica = await startGatewayForTest({ redisPrefix: prefix, upstreams });
  redis = createRedis(process.env.TEST_REDIS_URL ?? '', 'gateway-flows-test');
}, 60_000);

afterAll(async () => {
  await replica?.stop();
  await gateway?.stop();
  await auth?.stop();
  await users?.stop();
  await redis?.quit();
});

/** A browser: keeps cookies, copies the CSRF cookie into x-csrf-token on unsafe calls. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private baseUrl: string) {}

  on(baseUrl: string): Browser {
    const other = new Browser(baseUrl);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { ...extra };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrf = this.cookies.get('rm_csrf');
    if (method !== 'GET' && csrf && !('x-csrf-token' in headers)) headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string, extra?: Record<string, string>) {
    return this.call<T>('GET', path, undefined, extra);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, extra?: Record<string, string>) {
    return this.call<T>('POST', path, body, extra);
  }
}

type Me = { currentUser: { id: number; email: string; role: string } | null };
const PASSWORD = 'correct horse battery';

async function signUp(email = `m${randomUUID().slice(0, 8)}@example.com`) {
  const browser = new Browser(gateway.url);
  await browser.get('/api/auth/me');
  expect(browser.cookies.get('rm_csrf')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const response = await browser.post<Me>('/api/auth/signup', { fullName: 'Member Person', email, password: PASSWORD });
  expect(response.status).toBe(201);
  expect(browser.cookies.get('rm_session')).toBeTruthy();
  const id = response.body.currentUser?.id;
  if (!id) throw new Error('no user id');
  return { browser, email, id };
}

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await probe();
  }
  return value;
}

/** The profile as users has it now (asked the way the gateway asks on a cache miss). */
async function currentProfile(userId: number): Promise<AccessProfile> {
  const response = await fetch(`${users.url}/internal/users/${userId}/access-profile`, {
    headers: { 'x-internal-token': signServiceToken('gateway-test', TEST_SECRET) },
  });
  return (await response.json()) as AccessProfile;
}

function userChanged(
  user: { id: number; email: string },
  changes: Partial<EventData<'users.user-changed'>> & { version: number },
): EventData<'users.user-changed'> {
  return {
    id: user.id,
    email: user.email,
    fullName: 'Member Person',
    role: 'basic',
    photoUrl: null,
    city: null,
    state: null,
    tagIds: [],
    tagNames: [],
    stripeStatus: null,
    stripeCustomerId: null,
    alwaysGrantAccess: false,
    createdAt: new Date().toISOString(),
    ...changes,
  };
}

async function publish(...events: Array<EventData<'users.user-changed'>>) {
  const transport = new RedisStreamsTransport({ redis, prefix });
  await transport.append(
    events.map((data) => ({
      id: randomUUID(),
      type: 'users.user-changed',
      occurredAt: new Date().toISOString(),
      data,
    })),
  );
}

describe('session through the gateway', () => {
  it('signs up, sees itself, signs out', async () => {
    const { browser, email, id } = await signUp();
    const me = await browser.get<Me>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.currentUser).toMatchObject({ id, email });
    const own = await browser.get(`/api/user/${id}`);
    expect(own.status).toBe(200);

    const out = await browser.post('/api/auth/signout');
    expect(out.status).toBe(204);
    expect(browser.cookies.has('rm_session')).toBe(false);
    expect((await browser.get<Me>('/api/auth/me')).body.currentUser).toBeNull();
    const after = await browser.get(`/api/user/${id}`);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Please sign in to continue' });
  });

  it('signs in (the body is read for the rate limit and still reaches auth)', async () => {
    const { email } = await signUp();
    const browser = new Browser(gateway.url);
    await browser.get('/api/auth/me');
    const response = await browser.post<Me>('/api/auth/signin', { email, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.currentUser?.email).toBe(email);
    expect((await browser.get<Me>('/api/auth/me')).body.currentUser?.email).toBe(email);
  });

  it('refuses unsafe calls without the CSRF token', async () => {
    const { browser } = await signUp();
    const missing = await browser.post('/api/auth/signout', undefined, { 'x-csrf-token': '' });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ error: 'Invalid CSRF token', code: 'CSRF' });
    const wrong = await browser.post('/api/tag/upsert', { name: 'x' }, { 'x-csrf-token': 'a'.repeat(43) });
    expect(wrong.status).toBe(403);
    expect((await browser.get<Me>('/api/auth/me')).body.currentUser).not.toBeNull();
  });

  it('answers 401 with a revoked session, also on another replica within the local cache time', async () => {
    const { browser, id } = await signUp();
    const stolen = new Map(browser.cookies);
    const onReplica = browser.on(replica.url);
    expect((await onReplica.get(`/api/user/${id}`)).status).toBe(200);
    expect((await browser.post('/api/auth/signout')).status).toBe(204);

    const thief = new Browser(gateway.url);
    for (const [name, value] of stolen) thief.cookies.set(name, value);
    expect((await thief.get(`/api/user/${id}`)).status).toBe(401);
    expect((await thief.get<Me>('/api/auth/me')).body.currentUser).toBeNull();

    const onReplicaAfter = await eventually(
      () => onReplica.get(`/api/user/${id}`),
      (r) => r.status === 401,
      gateway.config.LOCAL_CACHE_TTL_MS + 3000,
    );
    expect(onReplicaAfter.status).toBe(401);
  });

  it('never lets an identity header from outside through', async () => {
    const admin = buildActor('admin', { userId: 1 });
    const forged = { 'x-internal-token': signActorToken(admin, TEST_SECRET), 'x-user-id': '1', 'x-user-role': 'admin' };
    const anonymous = new Browser(gateway.url);
    const me = await anonymous.get<Me>('/api/auth/me', forged);
    expect(me.status).toBe(200);
    expect(me.body.currentUser).toBeNull();
    expect((await anonymous.get('/api/user/read-many', forged)).status).toBe(401);

    const { browser, id } = await signUp();
    const other = await signUp();
    // A member reading someone else's account is refused: the forged admin token was replaced by theirs.
    expect((await browser.get(`/api/user/${other.id}`, forged)).status).toBe(403);
    expect((await browser.get(`/api/user/${id}`, forged)).status).toBe(200);
  });
});

describe('subscription status from users.user-changed', () => {
  it('answers 402 for a blocking status, keeps auth open, lifts it with alwaysGrantAccess, ignores stale versions', async () => {
    const member = await signUp();
    const bystander = await signUp();
    const ownPath = `/api/user/${member.id}`;
    expect((await member.browser.get(ownPath)).status).toBe(200);
    const { version } = await currentProfile(member.id);

    await publish(userChanged(member, { stripeStatus: 'past_due', version: version + 1 }));
    const blocked = await eventually(
      () => member.browser.get(ownPath),
      (r) => r.status === 402,
    );
    expect(blocked.status).toBe(402);
    expect(blocked.body).toEqual({ error: 'There is a problem with your subscription', code: 'SUBSCRIPTION_BLOCKED' });
    const me = await member.browser.get<Me>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.currentUser?.id).toBe(member.id);
    // Everything else is blocked (courses is not even running: the gateway answers first)...
    expect((await member.browser.get('/api/course/read-many')).status).toBe(402);
    // ...but fixing the payment is not (billing is not running here, so the call gets as far as 503).
    expect((await member.browser.post('/api/stripe/create-customer-portal', {})).status).toBe(503);

    await publish(userChanged(member, { stripeStatus: 'past_due', alwaysGrantAccess: true, version: version + 2 }));
    const granted = await eventually(
      () => member.browser.get(ownPath),
      (r) => r.status === 200,
    );
    expect(granted.status).toBe(200);

    // An older version arrives late (followed by a bystander's change, so we know it was handled): ignored.
    const { version: bystanderVersion } = await currentProfile(bystander.id);
    await publish(
      userChanged(member, { stripeStatus: 'past_due', alwaysGrantAccess: false, version: version + 1 }),
      userChanged(bystander, { role: 'coach', version: bystanderVersion + 1 }),
    );
    await eventually(
      async () => JSON.parse((await redis.get(profileCacheKey(prefix, bystander.id))) ?? '{}') as AccessProfile,
      (profile) => profile.role === 'coach',
    );
    const cached = JSON.parse((await redis.get(profileCacheKey(prefix, member.id))) ?? '{}') as AccessProfile;
    expect(cached).toMatchObject({ version: version + 2, alwaysGrantAccess: true });
    await new Promise((resolve) => setTimeout(resolve, gateway.config.LOCAL_CACHE_TTL_MS + 100));
    expect((await member.browser.get(ownPath)).status).toBe(200);
  });

  it('forwards the fresh role: a member made coach may read other accounts', async () => {
    const member = await signUp();
    const other = await signUp();
    expect((await member.browser.get(`/api/user/${other.id}`)).status).toBe(403);
    const { version } = await currentProfile(member.id);
    await publish(userChanged(member, { role: 'coach', version: version + 1 }));
    const after = await eventually(
      () => member.browser.get(`/api/user/${other.id}`),
      (r) => r.status === 200,
    );
    expect(after.status).toBe(200);
  });
});

describe('users.user-deleted', () => {
  it('shuts the account out at once', async () => {
    const member = await signUp();
    expect((await member.browser.get(`/api/user/${member.id}`)).status).toBe(200);
    const transport = new RedisStreamsTransport({ redis, prefix });
    await transport.append([
      { id: randomUUID(), type: 'users.user-deleted', occurredAt: new Date().toISOString(), data: { id: member.id } },
    ]);
    const after = await eventually(
      () => member.browser.get(`/api/user/${member.id}`),
      (r) => r.status === 401,
    );
    expect(after.status).toBe(401);
  });
});

describe('sign-in rate limit per e-mail', () => {
  it('counts attempts before auth, and a successful sign-in clears the count', async () => {
    const { email } = await signUp();
    const browser = new Browser(gateway.url);
    await browser.get('/api/auth/me');
    const attempt = (password: string) => browser.post('/api/auth/signin', { email, password });
    expect((await attempt('wrong-password')).status).toBe(401);
    expect((await attempt('wrong-password')).status).toBe(401);
    expect((await attempt(PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).status).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many attempts. Please wait a moment and try again.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not affected.
    const other = await signUp();
    expect((await browser.post('/api/auth/signin', { email: other.email, password: PASSWORD })).status).toBe(200);
  });
});

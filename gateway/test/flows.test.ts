/**
 * Flows through the gateway with the REAL auth and users services behind it (real PostgreSQL databases,
 * one shared Redis prefix for session mirrors, access profiles and the event streams).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type AuthTestService, startForTest as startAuth } from '@rainmakers/auth/testing';
import {
  type AccessProfile,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  type EventData,
  PERSON_VERSION_HEADER,
} from '@rainmakers/contracts';
import { createRedis, type Redis, RedisStreamsTransport, signActorToken, signServiceToken, sql } from '@rainmakers/kit';
import { buildActor, TEST_SECRET, userChangedEvent, waitFor } from '@rainmakers/kit/testing';
import { startForTest as startUsers } from '@rainmakers/users/testing';
import { freePort } from '../../scripts/lib/infra';
import { totpCode } from '../../scripts/lib/second-factor';
import { profileCacheKey } from '../src/profile-cache';
import { type GatewayForTest, startGatewayForTest } from '../src/testing';

// Sign-ins cost an argon2id verify each; the shared test machine is slow.
jest.setTimeout(60_000);

type Started = { url: string; stop(): Promise<void> };
let auth: AuthTestService;
let users: Started;
let gateway: GatewayForTest;
let replica: GatewayForTest;
/**
 * Replays /api/auth/me for ten minutes and reads sessions and profiles from Redis every time (no local cache). No
 * health probes: on a starved machine a missed probe opens auth's breaker, and nothing is replayed while it is open.
 */
let lasting: GatewayForTest;
let redis: Redis;
let prefix: string;

/** Wrong passwords per (e-mail, address) before auth answers 429 (auth owns the sign-in limits). */
const MAX_FAILURES_PER_ADDRESS = 5;
/** A third gateway that trusts X-Forwarded-For from loopback (as Kubernetes trusts the ingress). */
let trusting: GatewayForTest;

beforeAll(async () => {
  prefix = `t${randomUUID().slice(0, 8)}:`;
  const authPort = await freePort();
  users = await startUsers({ redisPrefix: prefix, authAddr: `http://127.0.0.1:${authPort}` });
  auth = await startAuth({
    port: authPort,
    redisPrefix: prefix,
    usersAddr: users.url,
    env: { SIGNIN_MAX_FAILURES_PER_ADDRESS: String(MAX_FAILURES_PER_ADDRESS) },
  });
  const upstreams = { auth: auth.url, users: users.url };
  gateway = await startGatewayForTest({ redisPrefix: prefix, upstreams });
  trusting = await startGatewayForTest({ redisPrefix: prefix, upstreams, env: { TRUST_PROXY: 'loopback' } });
  // A second replica, to see a revocation made through another gateway reach it.
  replica = await startGatewayForTest({ redisPrefix: prefix, upstreams });
  lasting = await startGatewayForTest({
    redisPrefix: prefix,
    upstreams,
    env: { ME_ANSWER_TTL_MS: '600000', LOCAL_CACHE_TTL_MS: '0', UPSTREAM_PROBE_INTERVAL_MS: '0' },
  });
  redis = createRedis(process.env.TEST_REDIS_URL ?? '', 'gateway-flows-test');
}, 60_000);

afterAll(async () => {
  await lasting?.stop();
  await trusting?.stop();
  await replica?.stop();
  await gateway?.stop();
  await auth?.stop();
  await users?.stop();
  await redis?.quit();
});

/**
 * A browser: keeps cookies, copies the CSRF cookie into x-csrf-token on unsafe calls. `localAddress` binds its
 * connections to another loopback address (127.0.0.x), so the gateway sees another client.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private baseUrl: string,
    readonly localAddress = '127.0.0.1',
  ) {}

  on(baseUrl: string): Browser {
    const other = new Browser(baseUrl, this.localAddress);
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
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await send(this.baseUrl + path, method, headers, payload, this.localAddress);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = response.text;
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string, extra?: Record<string, string>) {
    return this.call<T>('GET', path, undefined, extra);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, extra?: Record<string, string>) {
    return this.call<T>('POST', path, body, extra);
  }
}

/** One HTTP request from `localAddress` (fetch cannot choose the source address). */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  localAddress: string,
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
            responseHeaders.append(name, v);
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: responseHeaders, text: Buffer.concat(chunks).toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

type Me = {
  currentUser: {
    id: number;
    email: string;
    role: string;
    fullName: string;
    stripeStatus: string | null;
    isAdmin: boolean;
    impersonatedBy: { id: number; fullName: string } | null;
    withheldRole?: string;
    can: { administer: boolean };
  } | null;
};
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

/** Password, then the forced enrolment of a role that requires a second factor (the code as an app would make it). */
async function signInWithNewSecondFactor(browser: Browser, email: string): Promise<void> {
  const first = await browser.post<{ secondFactor?: { token: string; next: string } }>('/api/auth/signin', {
    email,
    password: PASSWORD,
  });
  expect(first.body.secondFactor?.next).toBe('enrol');
  const token = first.body.secondFactor?.token ?? '';
  const { secret } = (await browser.post<{ secret: string }>('/api/auth/signin/enrol', { token })).body;
  const confirmed = await browser.post('/api/auth/signin/enrol/confirm', { token, code: await totpCode(secret) });
  expect(confirmed.status).toBe(200);
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
  return userChangedEvent({ id: user.id, email: user.email, fullName: 'Member Person', ...changes });
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

  it('signs in', async () => {
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

    const onReplicaAfter = await waitFor(
      async () => {
        const r = await onReplica.get(`/api/user/${id}`);
        return r.status === 401 && r;
      },
      { timeoutMs: gateway.config.LOCAL_CACHE_TTL_MS + 3000 },
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
    expect((await browser.get(`/api/user/${other.id}`, forged)).status).toBe(404);
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
    const blocked = await waitFor(async () => {
      const r = await member.browser.get(ownPath);
      return r.status === 402 && r;
    });
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
    const granted = await waitFor(async () => {
      const r = await member.browser.get(ownPath);
      return r.status === 200 && r;
    });
    expect(granted.status).toBe(200);

    // An older version arrives late (followed by a bystander's change, so we know it was handled): ignored.
    const { version: bystanderVersion } = await currentProfile(bystander.id);
    await publish(
      userChanged(member, { stripeStatus: 'past_due', alwaysGrantAccess: false, version: version + 1 }),
      userChanged(bystander, { role: 'coach', version: bystanderVersion + 1 }),
    );
    await waitFor(async () => {
      const profile = (await JSON.parse(
        (await redis.get(profileCacheKey(prefix, bystander.id))) ?? '{}',
      )) as AccessProfile;
      return profile.role === 'coach' && profile;
    });
    const cached = JSON.parse((await redis.get(profileCacheKey(prefix, member.id))) ?? '{}') as AccessProfile;
    expect(cached).toMatchObject({ version: version + 2, alwaysGrantAccess: true });
    // Handling an event evicts this gateway's in-process copy even when the version check refuses it
    // (profile-cache.ts write()), so the next request reads the shared profile: no wait for the local TTL.
    expect((await member.browser.get(ownPath)).status).toBe(200);
  });

  it('forwards the fresh role: a member made admin may read other accounts', async () => {
    const member = await signUp();
    const other = await signUp();
    // Another basic member is hidden from a member (and from a coach): it answers like an unknown id.
    expect((await member.browser.get(`/api/user/${other.id}`)).status).toBe(404);
    const { version } = await currentProfile(member.id);
    await publish(userChanged(member, { role: 'admin', version: version + 1 }));
    // An admin's powers need a session that passed the second factor: she signs in with the one she must set up.
    await waitFor(
      async () => (await member.browser.get<Me>('/api/auth/me')).body.currentUser?.withheldRole === 'admin',
    );
    await signInWithNewSecondFactor(member.browser, member.email);
    const after = await waitFor(async () => {
      const r = await member.browser.get(`/api/user/${other.id}`);
      return r.status === 200 && r;
    });
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
    const after = await waitFor(async () => {
      const r = await member.browser.get(`/api/user/${member.id}`);
      return r.status === 401 && r;
    });
    expect(after.status).toBe(401);
  });
});

/** The session id inside a session cookie (the JWT's payload; the gateway verified it already). */
const sidOf = (cookie: string) =>
  (JSON.parse(Buffer.from(cookie.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

describe('sign-in limits (auth owns them; the gateway trusts X-Forwarded-For from configured proxies only)', () => {
  it('wrong passwords for one account from many addresses do not lock its owner out', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 12; i += 1) {
      const attacker = new Browser(gateway.url, `127.0.0.${20 + i}`);
      await attacker.get('/api/auth/me');
      expect((await attacker.post('/api/auth/signin', { email, password: `guess-${i}` })).status).toBe(401);
    }
    const owner = new Browser(gateway.url);
    await owner.get('/api/auth/me');
    expect((await owner.post<Me>('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
  });

  it('a forged X-Forwarded-For gets no fresh budget', async () => {
    const { email } = await signUp();
    const attacker = new Browser(gateway.url, '127.0.0.40');
    await attacker.get('/api/auth/me');
    const attempt = (password: string, i: number) =>
      attacker.post('/api/auth/signin', { email, password }, { 'x-forwarded-for': `198.51.100.${i}` });
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i += 1) expect((await attempt('wrong', i)).status).toBe(401);
    const limited = await attempt(PASSWORD, 99);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // A gateway configured to trust the proxy in front of it (TRUST_PROXY) does take the address from it.
    const { email: other } = await signUp();
    const behindProxy = new Browser(trusting.url, '127.0.0.41');
    await behindProxy.get('/api/auth/me');
    for (let i = 0; i <= MAX_FAILURES_PER_ADDRESS; i += 1) {
      const res = await behindProxy.post(
        '/api/auth/signin',
        { email: other, password: 'wrong' },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      expect(res.status).toBe(401);
    }
  });
});

describe('sessions and CSRF', () => {
  it('rotates the CSRF token at sign-in: the token from before no longer passes', async () => {
    const { email } = await signUp();
    const browser = new Browser(gateway.url);
    await browser.get('/api/auth/me');
    const before = browser.cookies.get('rm_csrf') ?? '';
    expect((await browser.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
    const after = browser.cookies.get('rm_csrf') ?? '';
    expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(after).not.toBe(before);
    const withOld = await browser.post('/api/auth/signout', undefined, { 'x-csrf-token': before });
    expect(withOld.status).toBe(403);
    expect((await browser.post('/api/auth/signout')).status).toBe(204);
  });

  it('moves last-seen forward at most every few minutes, and ends a session idle for 7 days', async () => {
    const { browser } = await signUp();
    const sid = sidOf(browser.cookies.get('rm_session') ?? '');
    const sessions = () => auth.database.db.selectFrom('sessions').select('last_seen_at').where('id', '=', sid);
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await auth.database.db.updateTable('sessions').set({ last_seen_at: tenMinutesAgo }).where('id', '=', sid).execute();
    await redis.del(`${prefix}session:${sid}`);
    const other = browser.on(replica.url);
    expect((await other.get<Me>('/api/auth/me')).body.currentUser).not.toBeNull();
    await waitFor(async () => {
      const seen = await (await sessions().executeTakeFirstOrThrow()).last_seen_at;
      return seen.getTime() > tenMinutesAgo.getTime() + 60_000 && seen;
    });

    const idle = await signUp();
    const idleSid = sidOf(idle.browser.cookies.get('rm_session') ?? '');
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    await auth.database.db
      .updateTable('sessions')
      .set({ last_seen_at: eightDaysAgo })
      .where('id', '=', idleSid)
      .execute();
    await redis.del(`${prefix}session:${idleSid}`);
    const onTrusting = idle.browser.on(trusting.url);
    expect((await onTrusting.get(`/api/user/${idle.id}`)).status).toBe(401);
  });
});

describe('changing the password on the profile', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { browser, email, id } = await signUp();
    const elsewhere = new Browser(gateway.url, '127.0.0.50');
    await elsewhere.get('/api/auth/me');
    expect((await elsewhere.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(200);
    expect((await elsewhere.get(`/api/user/${id}`)).status).toBe(200);

    const NEW = 'a brand new passphrase';
    const missing = await browser.post<{ errors: Record<string, string> }>('/api/user/upsert', { id, password: NEW });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.currentPassword).toBe(CURRENT_PASSWORD_REQUIRED);
    const wrong = await browser.post<{ errors: Record<string, string> }>('/api/user/upsert', {
      id,
      password: NEW,
      currentPassword: 'not it',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.currentPassword).toBe(CURRENT_PASSWORD_WRONG);
    // Nothing changed: the other session still works, the old password still signs in.
    expect((await elsewhere.get(`/api/user/${id}`)).status).toBe(200);

    const changed = await browser.post('/api/user/upsert', { id, password: NEW, currentPassword: PASSWORD });
    expect(changed.status).toBe(200);
    expect((await browser.get<Me>('/api/auth/me')).body.currentUser?.id).toBe(id);
    const ended = await waitFor(
      async () => {
        const r = await elsewhere.get(`/api/user/${id}`);
        return r.status === 401 && r;
      },
      { timeoutMs: gateway.config.LOCAL_CACHE_TTL_MS + 3000 },
    );
    expect(ended.status).toBe(401);
    const fresh = new Browser(gateway.url);
    await fresh.get('/api/auth/me');
    expect((await fresh.post('/api/auth/signin', { email, password: PASSWORD })).status).toBe(401);
    expect((await fresh.post('/api/auth/signin', { email, password: NEW })).status).toBe(200);
  });
});

describe("GET /api/auth/me: the gateway replays auth's answer while session and profile are unchanged", () => {
  /** Renames the person in auth's copy only (no event): what auth would answer now, which a replay would not show. */
  const renameInAuthOnly = (id: number, fullName: string) =>
    auth.database.db
      .updateTable('people')
      .set((eb) => ({ person: sql`jsonb_set(${eb.ref('person')}, '{fullName}', to_jsonb(${fullName}::text))` }))
      .where('user_id', '=', id)
      .execute();

  /** A member whose copy at auth has caught up with users' event (a sign-up's own copy is version 0 until then). */
  async function settledMember() {
    const member = await signUp();
    const { version } = await currentProfile(member.id);
    await waitFor(async () => {
      const row = await auth.database.db
        .selectFrom('people')
        .select('version')
        .where('user_id', '=', member.id)
        .executeTakeFirst();
      return row !== undefined && Number(row.version) >= version;
    });
    return { ...member, version, browser: member.browser.on(lasting.url) };
  }

  it('answers the same session from the kept answer, without the internal version header', async () => {
    const member = await settledMember();
    const first = await member.browser.get<Me>('/api/auth/me');
    expect(first.status).toBe(200);
    expect(first.body.currentUser).toMatchObject({ id: member.id, fullName: 'Member Person' });
    expect(first.headers.get(PERSON_VERSION_HEADER)).toBeNull();

    await renameInAuthOnly(member.id, 'Renamed Behind Its Back');
    const replayed = await member.browser.get<Me>('/api/auth/me');
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual(first.body);
    expect(replayed.headers.get('cache-control')).toBe('no-store');
    expect(replayed.headers.get(PERSON_VERSION_HEADER)).toBeNull();
    // Another session of the same person is answered by auth: the kept answer belongs to one session.
    const elsewhere = new Browser(lasting.url, '127.0.0.60');
    await elsewhere.get('/api/auth/me');
    expect((await elsewhere.post('/api/auth/signin', { email: member.email, password: PASSWORD })).status).toBe(200);
    expect((await elsewhere.get<Me>('/api/auth/me')).body.currentUser?.fullName).toBe('Renamed Behind Its Back');
    // Asking for a fresh answer goes to auth, and its answer is the one kept from then on.
    const fresh = await member.browser.get<Me>('/api/auth/me', { 'cache-control': 'no-cache' });
    expect(fresh.body.currentUser?.fullName).toBe('Renamed Behind Its Back');
    expect((await member.browser.get<Me>('/api/auth/me')).body.currentUser?.fullName).toBe('Renamed Behind Its Back');
  });

  it("shows a person's change (name, blocking payment status) as soon as the gateway has the new profile", async () => {
    const member = await settledMember();
    expect((await member.browser.get<Me>('/api/auth/me')).body.currentUser?.stripeStatus).toBeNull();
    await publish(
      userChanged(member, { fullName: 'Renamed By Users', stripeStatus: 'past_due', version: member.version + 1 }),
    );
    const changed = await waitFor(async () => {
      const r = await member.browser.get<Me>('/api/auth/me');
      return r.body.currentUser?.fullName === 'Renamed By Users' && r;
    });
    expect(changed.status).toBe(200);
    expect(changed.body.currentUser).toMatchObject({ id: member.id, stripeStatus: 'past_due' });
    expect((await member.browser.get(`/api/user/${member.id}`)).status).toBe(402);
  });

  it('never keeps an answer auth built from a copy older than the profile the gateway holds', async () => {
    const member = await settledMember();
    await member.browser.get<Me>('/api/auth/me');
    // The gateway's profile moves ahead of auth's copy (auth's consumer lagging behind the gateway's).
    const profile = await currentProfile(member.id);
    await redis.set(profileCacheKey(prefix, member.id), JSON.stringify({ ...profile, version: profile.version + 5 }));
    expect((await member.browser.get<Me>('/api/auth/me')).body.currentUser?.fullName).toBe('Member Person');
    await renameInAuthOnly(member.id, 'Caught Up Later');
    // Not replayed: auth answers again, from its copy as it is now.
    expect((await member.browser.get<Me>('/api/auth/me')).body.currentUser?.fullName).toBe('Caught Up Later');
  });

  it('answers null at once after sign-out, and the new role at once after an admin switches roles', async () => {
    const member = await settledMember();
    expect((await member.browser.get<Me>('/api/auth/me')).body.currentUser?.id).toBe(member.id);
    expect((await member.browser.post('/api/auth/signout')).status).toBe(204);
    expect((await member.browser.get<Me>('/api/auth/me')).body.currentUser).toBeNull();

    const admin = await settledMember();
    await publish(userChanged(admin, { role: 'admin', version: admin.version + 1 }));
    // Her session was opened with a password alone: the new role is shown withheld (the stand-in role's view, as
    // every service sees her) until she signs in with her second factor.
    const asAdmin = await waitFor(async () => {
      const r = await admin.browser.get<Me>('/api/auth/me');
      return r.body.currentUser?.withheldRole === 'admin' && r;
    });
    expect(asAdmin.body.currentUser).toMatchObject({ role: 'basic', isAdmin: false, can: { administer: false } });
    // She signs in again, is made to enrol, and the new session holds the role and may switch roles.
    expect((await admin.browser.post('/api/auth/switch-role', { role: 'premium' })).status).toBe(403);
    await signInWithNewSecondFactor(admin.browser, admin.email);
    expect((await admin.browser.post('/api/auth/switch-role', { role: 'premium' })).status).toBe(200);
    expect((await admin.browser.get<Me>('/api/auth/me')).body.currentUser).toMatchObject({
      role: 'premium',
      isAdmin: true,
    });

    // Signed in as someone, the answer names the admin, whose changes the gateway does not follow: never replayed.
    const target = await settledMember();
    const signedInAs = await admin.browser.post<Me>('/api/auth/signinas', { email: target.email });
    expect(signedInAs.status).toBe(200);
    expect((await admin.browser.get<Me>('/api/auth/me')).body.currentUser).toMatchObject({
      id: target.id,
      impersonatedBy: { id: admin.id, fullName: 'Member Person' },
    });
    await renameInAuthOnly(admin.id, 'Admin Renamed');
    expect((await admin.browser.get<Me>('/api/auth/me')).body.currentUser).toMatchObject({
      id: target.id,
      impersonatedBy: { id: admin.id, fullName: 'Admin Renamed' },
    });
  });
});

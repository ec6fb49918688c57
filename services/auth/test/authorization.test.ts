/**
 * Authorization matrix: every auth endpoint x anonymous and every role (each a real account with a real session
 * in auth, its actor built from users' access profile as the gateway does).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '@rainmakers/contracts';
import { ALL_ROLES, client } from '@rainmakers/kit/testing';
import { Browser, createPerson, type Person, type Stack, startStack, uniqueEmail } from './harness';

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', ...ALL_ROLES];

let stack: Stack;
const people = new Map<Role, Person>();
let target: Person;

beforeAll(async () => {
  stack = await startStack();
  for (const role of ALL_ROLES) people.set(role, await createPerson(stack, { role }));
  target = await createPerson(stack, { role: 'basic' });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** A fresh browser for the caller: signed in for a role, cookie-less for anonymous. */
async function browserFor(caller: Caller): Promise<Browser> {
  const browser = new Browser(stack);
  if (caller !== 'anonymous') {
    // A new admin each time (she enrols at her first sign-in): a second-factor code works once per 30 s
    // step, and this file signs an admin in far more often than that.
    const person = caller === 'admin' ? await createPerson(stack, { role: 'admin' }) : people.get(caller)!;
    await browser.signIn(person.email, person.password);
  }
  return browser;
}

const allowAll = (status: number) => Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;
const adminOnly = (ok: number): Record<Caller, number> => ({
  anonymous: 401,
  basic: 403,
  'course only': 403,
  premium: 403,
  coach: 403,
  admin: ok,
});

const endpoints: {
  name: string;
  expected: Record<Caller, number>;
  call(b: Browser, caller: Caller): Promise<{ status: number }>;
}[] = [
  { name: 'GET /api/auth/me', expected: allowAll(200), call: (b) => b.get('/api/auth/me') },
  {
    name: 'POST /api/auth/signin',
    expected: allowAll(200),
    call: (b, caller) => {
      const person = people.get(caller === 'anonymous' ? 'basic' : caller)!;
      return b.post('/api/auth/signin', { email: person.email, password: person.password });
    },
  },
  {
    name: 'POST /api/auth/signup',
    expected: allowAll(201),
    call: (b) =>
      b.post('/api/auth/signup', { fullName: 'Matrix', email: uniqueEmail('matrix'), password: 'long-enough-pw' }),
  },
  { name: 'POST /api/auth/signout', expected: allowAll(204), call: (b) => b.post('/api/auth/signout') },
  {
    name: 'POST /api/auth/forgot-password',
    expected: allowAll(200),
    call: (b) => b.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') }),
  },
  {
    name: 'POST /api/auth/reset-password/{token}',
    expected: allowAll(400),
    call: (b) => b.post(`/api/auth/reset-password/${'Z'.repeat(43)}`, { password: 'long-enough-pw' }),
  },
  {
    name: 'POST /api/auth/signinas',
    expected: adminOnly(200),
    call: (b) => b.post('/api/auth/signinas', { email: target.email }),
  },
  {
    name: 'POST /api/auth/signinas/back (not signed in as)',
    expected: { ...adminOnly(403) },
    call: (b) => b.post('/api/auth/signinas/back'),
  },
  {
    name: 'POST /api/auth/switch-role',
    expected: adminOnly(200),
    call: (b) => b.post('/api/auth/switch-role', { role: 'basic' }),
  },
  {
    name: 'PUT /internal/credentials/{id}',
    expected: allowAll(403),
    call: (b) =>
      b.request('PUT', `/internal/credentials/${target.user.id}`, {
        email: target.email,
        password: 'hijacked-password',
      }),
  },
  {
    name: 'GET /internal/sessions/{sid}',
    expected: allowAll(403),
    call: (b) => b.get('/internal/sessions/anything'),
  },
];

describe.each(endpoints)('$name', ({ expected, call }) => {
  it.each(CALLERS)('%s', async (caller) => {
    const browser = await browserFor(caller);
    const res = await call(browser, caller);
    expect(res.status).toBe(expected[caller]);
  });
});

describe('signed-in-as sessions', () => {
  it.each(ALL_ROLES)('an admin signed in as a %s person can go back', async (role) => {
    const person = await createPerson(stack, { role });
    const browser = await browserFor('admin');
    expect((await browser.post('/api/auth/signinas', { email: person.email })).status).toBe(200);
    expect((await browser.post('/api/auth/switch-role', { role: 'basic' })).status).toBe(role === 'admin' ? 200 : 403);
    expect((await browser.post('/api/auth/signinas/back')).status).toBe(200);
  });
});

describe('internal routes', () => {
  it('answer other services only', async () => {
    const api = client(stack.auth.url);
    expect((await api.get({ service: 'gateway' }, '/internal/sessions/nothing')).status).toBe(404);
    expect(
      (
        await api.put({ service: 'users' }, `/internal/credentials/${target.user.id}`, {
          email: target.email,
          password: 'set-by-users',
        })
      ).status,
    ).toBe(204);
  });

  it('refuse a forged internal token', async () => {
    const res = await client(stack.auth.url, 'some-other-secret-0123456789').get(
      { service: 'gateway' },
      '/internal/sessions/x',
    );
    expect(res.status).toBe(401);
  });
});

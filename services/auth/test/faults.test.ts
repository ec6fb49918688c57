/**
 * auth when its peers fail: users down (sign-in and /me answer from auth's own copy of people, kept from
 * users.user-changed), and Redis down (sign-in, forgot and reset fail fast, and nothing is half-done).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { CurrentUser } from '@rainmakers/contracts';
import { buildActor, client, eventually } from '@rainmakers/kit/testing';
import { Browser, createPerson, resetTokenIn, type Stack, startStack } from './harness';

jest.setTimeout(60_000);
type CurrentUserBody = { currentUser: CurrentUser | null };

let stack: Stack;
let usersStopped = false;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(async () => {
  if (!stack) return;
  // stop() stops users too; here it may already be down.
  if (usersStopped) (stack.users as { stop(): Promise<void> }).stop = async () => {};
  await stack.stop();
});

/** Waits until auth's consumer has stored its copy of the person. */
const knownToAuth = (userId: number) =>
  eventually(async () => {
    const row = await stack.auth.database.db
      .selectFrom('people')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new Error(`auth has no copy of ${userId} yet`);
  });

describe('Redis unreachable', () => {
  it('reset-password, sign-in and forgot fail fast, and the reset is not half-done', async () => {
    const person = await createPerson(stack);
    const browser = new Browser(stack);
    expect((await browser.post('/api/auth/forgot-password', { email: person.email })).status).toBe(200);
    const { token } = resetTokenIn(await stack.mail.waitFor(person.email));

    const redis = stack.auth.deps.redis;
    redis.disconnect();
    try {
      for (const [path, body] of [
        [`/api/auth/reset-password/${token}`, { password: 'a-new-password-123' }],
        ['/api/auth/signin', { email: person.email, password: person.password }],
        ['/api/auth/forgot-password', { email: person.email }],
      ] as const) {
        const started = Date.now();
        const res = await browser.post(path, body);
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      await redis.connect();
    }
    await eventually(() => redis.ping());

    // Nothing happened: the old password signs in, and the link still works.
    await new Browser(stack).signIn(person.email, person.password);
    const reset = await new Browser(stack).post(`/api/auth/reset-password/${token}`, {
      password: 'a-new-password-123',
    });
    expect(reset.status).toBe(200);
    await new Browser(stack).signIn(person.email, 'a-new-password-123');
  });
});

describe('users down', () => {
  it('sign-in and /me answer for a person auth has seen; 503 fast for one it has not', async () => {
    const known = await createPerson(stack, { fullName: 'Known Person' });
    const unseen = await createPerson(stack);
    await knownToAuth(known.user.id);
    await knownToAuth(unseen.user.id);
    // As if `unseen` were created before auth kept copies of people.
    await stack.auth.database.db.deleteFrom('people').where('user_id', '=', unseen.user.id).execute();

    await stack.users.stop();
    usersStopped = true;

    const browser = new Browser(stack);
    const started = Date.now();
    const signedIn = await browser.post<CurrentUserBody>('/api/auth/signin', {
      email: known.email,
      password: known.password,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.currentUser).toMatchObject({ id: known.user.id, fullName: 'Known Person' });
    expect(Date.now() - started).toBeLessThan(2000);

    // The gateway's actor for the new session (users cannot be asked for the access profile now).
    const actor = buildActor('basic', { userId: known.user.id, sessionId: browser.sid });
    const me = await client(stack.auth.url).call<CurrentUserBody>(actor, 'GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.currentUser).toMatchObject({ id: known.user.id, email: known.email });

    const unseenStarted = Date.now();
    const unavailable = await new Browser(stack).post('/api/auth/signin', {
      email: unseen.email,
      password: unseen.password,
    });
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - unseenStarted).toBeLessThan(2000);
  });
});

describe('cookies over https', () => {
  it('are __Host- and Secure, the CSRF token bound to the new session', async () => {
    const secure = await startStack({ authEnv: { PUBLIC_URL: 'https://app.example.com' } });
    try {
      const person = await createPerson(secure);
      const res = await new Browser(secure).post('/api/auth/signin', {
        email: person.email,
        password: person.password,
      });
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith('__Host-rm_session='))).toMatch(
        /^__Host-rm_session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
      );
      expect(cookies.find((c) => c.startsWith('__Host-rm_csrf='))).toMatch(
        /^__Host-rm_csrf=[A-Za-z0-9_-]{43}; Path=\/; Secure; SameSite=Lax$/,
      );
      expect(cookies.some((c) => c.startsWith('rm_session='))).toBe(false);
    } finally {
      await secure.stop();
    }
  });
});

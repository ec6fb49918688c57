import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type CurrentUser,
  FORGOT_PASSWORD_SENT,
  PASSWORDS_DO_NOT_MATCH,
  RESET_LINK_INVALID,
  REVOKED_SESSION_MARKER,
} from '@rainmakers/contracts';
import { client } from '@rainmakers/kit/testing';
import { hashResetToken } from '../src/domain/reset-tokens';
import {
  Browser,
  createPerson,
  mirrorOf,
  type Person,
  resetTokenIn,
  type Stack,
  sessionCookieOf,
  startStack,
  uniqueEmail,
} from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** Asks for a reset link by e-mail and reads it out of the caught message. */
async function requestLink(person: Person) {
  const seen = stack.mail.to(person.email).length;
  const res = await new Browser(stack).post('/api/auth/forgot-password', { email: person.email });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: FORGOT_PASSWORD_SENT });
  const mail = await stack.mail.waitFor(person.email, seen);
  return { mail, ...resetTokenIn(mail) };
}

describe('forgot password', () => {
  it('e-mails a one-time link to the reset screen, storing only the hash of its token', async () => {
    const person = await createPerson(stack, { fullName: 'Forgetful Fran' });
    const { mail, link, token } = await requestLink(person);
    expect(link).toBe(`${stack.auth.config.PUBLIC_URL}/reset-password/${token}`);
    expect(mail.from).toBe('no-reply@rainmakers.local');
    expect(mail.raw).toMatch(/^Subject: Reset your Rainmakers password/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toContain('Forgetful Fran');

    const rows = await stack.auth.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', person.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashResetToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = (rows[0]?.expires_at.getTime() ?? 0) - (rows[0]?.created_at.getTime() ?? 0);
    expect(ttl).toBe(60 * 60 * 1000);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const countLinks = async () =>
      Number(
        (
          await stack.auth.database.db
            .selectFrom('password_resets')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countLinks();
    const ghost = uniqueEmail('ghost');
    const res = await new Browser(stack).post('/api/auth/forgot-password', { email: ghost });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    // The answer comes after the mail is queued, and mails leave in queue order one at a time (one worker,
    // concurrency 1): once a real account asked right after gets its mail, the unknown one would have had its own.
    const person = await createPerson(stack);
    await requestLink(person);
    expect(stack.mail.to(ghost)).toHaveLength(0);
    expect(await countLinks()).toBe(before + 1);
  });

  it('works for an account that never had a password (then it can sign in)', async () => {
    const person = await createPerson(stack, { password: null });
    const { token } = await requestLink(person);
    const browser = new Browser(stack);
    const res = await browser.post(`/api/auth/reset-password/${token}`, {
      password: 'first-password',
      confirmPassword: 'first-password',
    });
    expect(res.status).toBe(200);
    await new Browser(stack).signIn(person.email, 'first-password');
  });

  it('validates the email', async () => {
    const res = await new Browser(stack).post('/api/auth/forgot-password', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { email: 'Enter a valid email address' } });
    const empty = await new Browser(stack).post('/api/auth/forgot-password', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: { email: 'This field is required' } });
  });
});

describe('reset password', () => {
  it('sets the new password, signs in, revokes every other session, and works only once', async () => {
    const person = await createPerson(stack);
    const phone = new Browser(stack);
    const laptop = new Browser(stack);
    await phone.signIn(person.email, person.password);
    await laptop.signIn(person.email, person.password);
    const oldSids = [phone.sid, laptop.sid];

    const { token } = await requestLink(person);
    const browser = new Browser(stack);
    const res = await browser.post<{ user: CurrentUser }>(`/api/auth/reset-password/${token}`, {
      password: 'the-new-password',
      confirmPassword: 'the-new-password',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: person.user.id,
      email: person.email,
      isAdmin: false,
      impersonatedBy: null,
    });
    expect(sessionCookieOf(res)?.value).toBeTruthy();
    expect((await browser.get<{ currentUser: CurrentUser }>('/api/auth/me')).body.currentUser?.id).toBe(person.user.id);

    for (const sid of oldSids) {
      expect(await mirrorOf(stack, sid)).toEqual(REVOKED_SESSION_MARKER);
      expect((await client(stack.auth.url).get({ service: 'gateway' }, `/internal/sessions/${sid}`)).status).toBe(404);
    }
    expect((await phone.get('/api/auth/me')).body).toEqual({ currentUser: null });

    await new Browser(stack).signIn(person.email, 'the-new-password');
    const old = await new Browser(stack).post('/api/auth/signin', { email: person.email, password: person.password });
    expect(old.status).toBe(401);

    const reuse = await new Browser(stack).post(`/api/auth/reset-password/${token}`, { password: 'another-password' });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ error: RESET_LINK_INVALID });
    await new Browser(stack).signIn(person.email, 'the-new-password');
  });

  it('a used link also retires the other open links of the account', async () => {
    const person = await createPerson(stack);
    const first = await requestLink(person);
    const second = await requestLink(person);
    const ok = await new Browser(stack).post(`/api/auth/reset-password/${second.token}`, {
      password: 'second-password',
    });
    expect(ok.status).toBe(200);
    const older = await new Browser(stack).post(`/api/auth/reset-password/${first.token}`, {
      password: 'first-password',
    });
    expect(older.status).toBe(400);
    expect(older.body).toEqual({ error: RESET_LINK_INVALID });
  });

  it('refuses an expired link', async () => {
    const person = await createPerson(stack);
    const { token } = await requestLink(person);
    await stack.auth.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashResetToken(token))
      .execute();
    const res = await new Browser(stack).post(`/api/auth/reset-password/${token}`, { password: 'too-late-password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: RESET_LINK_INVALID });
    await new Browser(stack).signIn(person.email, person.password);
  });

  it('refuses unknown and malformed links', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(300), '..%2F..%2Fetc']) {
      const res = await new Browser(stack).post(`/api/auth/reset-password/${token}`, { password: 'some-password' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: RESET_LINK_INVALID });
    }
  });

  it('wants matching passwords of a valid length, before it looks at the link', async () => {
    const person = await createPerson(stack);
    const { token } = await requestLink(person);
    const mismatch = await new Browser(stack).post(`/api/auth/reset-password/${token}`, {
      password: 'the-new-password',
      confirmPassword: 'something-else',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({
      error: PASSWORDS_DO_NOT_MATCH,
      errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH },
    });
    const short = await new Browser(stack).post(`/api/auth/reset-password/${token}`, { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ errors: { password: 'Password must be at least 8 characters' } });
    const empty = await new Browser(stack).post(`/api/auth/reset-password/${token}`);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: { password: 'This field is required' } });
    // None of those used the link up.
    const ok = await new Browser(stack).post(`/api/auth/reset-password/${token}`, { password: 'the-new-password' });
    expect(ok.status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const person = await createPerson(stack);
    const { token } = await requestLink(person);
    const results = await Promise.all(
      ['racer-one-password', 'racer-two-password'].map((password) =>
        new Browser(stack).post(`/api/auth/reset-password/${token}`, { password }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

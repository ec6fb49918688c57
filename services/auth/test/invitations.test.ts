/**
 * Invitations against the real users and auth services: users publishes users.user-invited (a resend
 * through POST /api/user/invite/{id}), auth's consumer makes the link and queues the e-mail; the link's rules
 * (single use, 7 days, a resend retires the older one, a link only works for its own kind), the per-person limit,
 * and auth.signed-in reaching users as lastSignInAt.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type CurrentUser,
  INVITATION_LINK_EXPIRED,
  INVITATION_LINK_INVALID,
  INVITATION_LINK_USED,
  RESET_LINK_INVALID,
  type User,
} from '@rainmakers/contracts';
import { buildActor, client, waitFor } from '@rainmakers/kit/testing';
import { hashResetToken } from '../src/domain/reset-tokens';
import { Browser, type CaughtMail, createPerson, type Person, type Stack, startStack } from './harness';

let stack: Stack;
const admin = buildActor('admin');

beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const invite = (person: Person) =>
  client(stack.users.url).post<{ message?: string; error?: string }>(admin, `/api/user/invite/${person.user.id}`);

/** The invitation link of a caught e-mail (quoted-printable soft breaks undone). */
function invitationIn(mail: CaughtMail): { link: string; token: string } {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+?\/invitation\/([A-Za-z0-9_-]{43}))/.exec(body);
  if (!match?.[1] || !match[2]) throw new Error(`no invitation link in:\n${mail.raw}`);
  return { link: match[1], token: match[2] };
}

async function inviteAndRead(person: Person) {
  const seen = stack.mail.to(person.email).length;
  const answer = await invite(person);
  expect(answer.status).toBe(200);
  const mail = await stack.mail.waitFor(person.email, seen);
  return { mail, ...invitationIn(mail) };
}

const accept = (token: string, password = `pw-${Math.random().toString(36).slice(2, 12)}`, browser?: Browser) =>
  (browser ?? new Browser(stack)).post<{ user?: CurrentUser; error?: string }>(`/api/auth/invitation/${token}`, {
    password,
    confirmPassword: password,
  });

describe('an invitation', () => {
  it('e-mails a link valid 7 days, storing only the hash of its token', async () => {
    const person = await createPerson(stack, { fullName: 'Invited Ivy', password: null });
    const { mail, link, token } = await inviteAndRead(person);
    expect(link).toBe(`${stack.auth.config.PUBLIC_URL}/invitation/${token}`);
    expect(mail.raw).toMatch(/^Subject: You are invited to Rainmakers/m);
    expect(mail.raw).toContain('Invited Ivy');
    expect(mail.raw).toContain('7 days');
    const rows = await stack.auth.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', person.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'invitation', token_hash: hashResetToken(token), used_at: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = (rows[0]?.expires_at.getTime() ?? 0) - (rows[0]?.created_at.getTime() ?? 0);
    expect(ttl).toBe(7 * 24 * 3600 * 1000);
  });

  it('sets the password once and signs the person in; a second use is refused', async () => {
    const person = await createPerson(stack, { password: null });
    const { token } = await inviteAndRead(person);
    const browser = new Browser(stack);
    const password = 'first-Password-1';
    const used = await accept(token, password, browser);
    expect(used.status).toBe(200);
    expect(used.body.user?.id).toBe(person.user.id);
    expect((await browser.get<{ currentUser: CurrentUser | null }>('/api/auth/me')).body.currentUser?.id).toBe(
      person.user.id,
    );
    await new Browser(stack).signIn(person.email, password);

    const again = await accept(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: INVITATION_LINK_USED });
  });

  it('refuses an expired link, and a link of the other kind', async () => {
    const person = await createPerson(stack, { password: null });
    const { token } = await inviteAndRead(person);
    // An invitation is not a reset link.
    const asReset = await new Browser(stack).post(`/api/auth/reset-password/${token}`, { password: 'some-Password-1' });
    expect(asReset.body).toEqual({ error: RESET_LINK_INVALID });
    await stack.auth.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashResetToken(token))
      .execute();
    const expired = await accept(token);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: INVITATION_LINK_EXPIRED });
    expect((await accept('not-a-token')).body).toEqual({ error: INVITATION_LINK_INVALID });
    expect((await accept('A'.repeat(43))).body).toEqual({ error: INVITATION_LINK_INVALID });
  });

  it('a resend retires the older link; past 5 a day the resend answers 429', async () => {
    const person = await createPerson(stack, { password: null });
    const first = await inviteAndRead(person);
    const second = await inviteAndRead(person);
    expect(second.token).not.toBe(first.token);
    expect((await accept(first.token)).body).toEqual({ error: INVITATION_LINK_USED });
    for (let i = 0; i < 3; i += 1) expect((await invite(person)).status).toBe(200);
    const over = await invite(person);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/already sent 5 invitations in the last 24 hours/);
    // The newest link works (the 5th e-mail).
    const fifth = await stack.mail.waitFor(person.email, 4);
    expect((await accept(invitationIn(fifth).token)).status).toBe(200);
  });

  it('tells users about the sign-in: lastSignInAt on the staff read', async () => {
    const person = await createPerson(stack, { password: 'known-Password-1' });
    const read = async () =>
      (await client(stack.users.url).get<{ user: User }>(admin, `/api/user/${person.user.id}`)).body.user;
    expect((await read()).lastSignInAt).toBeNull();
    await new Browser(stack).signIn(person.email, 'known-Password-1');
    const at = await waitFor(async () => (await read()).lastSignInAt ?? undefined, { what: 'lastSignInAt' });
    expect(new Date(at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CurrentUser, REVOKED_SESSION_MARKER } from '@rainmakers/contracts';
import { client } from '@rainmakers/kit/testing';
import {
  Browser,
  createPerson,
  mirrorOf,
  type Person,
  type Stack,
  sessionCookieOf,
  startStack,
  uniqueEmail,
} from './harness';

type CurrentUserBody = { currentUser: CurrentUser | null };

let stack: Stack;
let admin: Person;
beforeAll(async () => {
  stack = await startStack();
  admin = await createPerson(stack, { role: 'admin', fullName: 'Ada Admin' });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

async function signedInAdmin() {
  const browser = new Browser(stack);
  await browser.signIn(admin.email, admin.password);
  return browser;
}

describe('sign in as', () => {
  it('opens a session as the person, remembering the admin, and ends the admin session', async () => {
    const member = await createPerson(stack, { role: 'premium', fullName: 'Mia Member' });
    const browser = await signedInAdmin();
    const adminSid = browser.sid;

    const res = await browser.post<CurrentUserBody>('/api/auth/signinas', { email: member.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.currentUser).toMatchObject({
      id: member.user.id,
      fullName: 'Mia Member',
      role: 'premium',
      isAdmin: false,
      impersonatedBy: { id: admin.user.id, fullName: 'Ada Admin' },
    });
    expect(sessionCookieOf(res)?.value).toBeTruthy();
    expect(browser.sid).not.toBe(adminSid);
    expect(await mirrorOf(stack, adminSid)).toEqual(REVOKED_SESSION_MARKER);
    expect(await mirrorOf(stack, browser.sid)).toMatchObject({
      userId: member.user.id,
      impersonatorId: admin.user.id,
      actingRole: null,
    });

    const actor = await browser.actor();
    expect(actor).toMatchObject({
      userId: member.user.id,
      role: 'premium',
      accountRole: 'premium',
      impersonatorId: admin.user.id,
    });
    const me = await browser.get<CurrentUserBody>('/api/auth/me');
    expect(me.body.currentUser).toEqual(res.body.currentUser);

    // No chains: the signed-in-as session cannot sign in as someone else, even as an admin account.
    const other = await createPerson(stack);
    expect((await browser.post('/api/auth/signinas', { email: other.email })).status).toBe(403);

    const back = await browser.post<CurrentUserBody>('/api/auth/signinas/back');
    expect(back.status).toBe(200);
    expect(back.body.currentUser).toMatchObject({
      id: admin.user.id,
      role: 'admin',
      isAdmin: false,
      impersonatedBy: null,
    });
    const backActor = await browser.actor();
    expect(backActor).toMatchObject({ userId: admin.user.id, impersonatorId: null, accountRole: 'admin' });
    // The signed-in-as session is over.
    expect((await browser.post('/api/auth/signinas/back')).status).toBe(403);
  });

  it('can sign in as another admin, and then cannot chain', async () => {
    const otherAdmin = await createPerson(stack, { role: 'admin' });
    const browser = await signedInAdmin();
    const res = await browser.post<CurrentUserBody>('/api/auth/signinas', { email: otherAdmin.email });
    expect(res.status).toBe(200);
    expect(res.body.currentUser?.impersonatedBy?.id).toBe(admin.user.id);
    expect((await browser.post('/api/auth/signinas', { email: admin.email })).status).toBe(403);
  });

  it('answers 404 for an unknown email and 400 for a bad one or for oneself', async () => {
    const browser = await signedInAdmin();
    const unknown = await browser.post('/api/auth/signinas', { email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(404);
    const bad = await browser.post('/api/auth/signinas', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { email: 'Enter a valid email address' } });
    const empty = await browser.post('/api/auth/signinas', {});
    expect(empty.status).toBe(400);
    const self = await browser.post('/api/auth/signinas', { email: admin.email });
    expect(self.status).toBe(400);
    // None of those ended the admin's session.
    expect((await browser.get<CurrentUserBody>('/api/auth/me')).body.currentUser?.id).toBe(admin.user.id);
  });

  it('signing out of a signed-in-as session ends it', async () => {
    const member = await createPerson(stack);
    const browser = await signedInAdmin();
    await browser.post('/api/auth/signinas', { email: member.email });
    const sid = browser.sid;
    expect((await browser.post('/api/auth/signout')).status).toBe(204);
    expect(await mirrorOf(stack, sid)).toEqual(REVOKED_SESSION_MARKER);
  });
});

describe('switch role', () => {
  it('sets the displayed role on the session and flags the admin', async () => {
    const browser = await signedInAdmin();
    const res = await browser.post<CurrentUserBody>('/api/auth/switch-role', { role: 'basic' });
    expect(res.status).toBe(200);
    expect(res.body.currentUser).toMatchObject({
      id: admin.user.id,
      role: 'basic',
      isAdmin: true,
      impersonatedBy: null,
    });
    const row = await stack.auth.database.db
      .selectFrom('sessions')
      .select('acting_role')
      .where('id', '=', browser.sid)
      .executeTakeFirstOrThrow();
    expect(row.acting_role).toBe('basic');
    expect(await mirrorOf(stack, browser.sid)).toMatchObject({ actingRole: 'basic', userId: admin.user.id });
    expect(await browser.actor()).toMatchObject({ role: 'basic', accountRole: 'admin', isAdmin: true });
    expect((await browser.get<CurrentUserBody>('/api/auth/me')).body.currentUser).toMatchObject({
      role: 'basic',
      isAdmin: true,
    });

    // Previewing as basic, the account is still an admin's: it switches again and may sign in as someone.
    const coach = await browser.post<CurrentUserBody>('/api/auth/switch-role', { role: 'coach' });
    expect(coach.body.currentUser).toMatchObject({ role: 'coach', isAdmin: true });
    const back = await browser.post<CurrentUserBody>('/api/auth/switch-role', { role: 'admin' });
    expect(back.body.currentUser).toMatchObject({ role: 'admin', isAdmin: true });
    const member = await createPerson(stack);
    await browser.post('/api/auth/switch-role', { role: 'course only' });
    expect((await browser.post('/api/auth/signinas', { email: member.email })).status).toBe(200);
  });

  it('lasts as long as the session: a new sign-in shows the account role', async () => {
    const browser = await signedInAdmin();
    await browser.post('/api/auth/switch-role', { role: 'premium' });
    const fresh = await signedInAdmin();
    expect((await fresh.get<CurrentUserBody>('/api/auth/me')).body.currentUser).toMatchObject({
      role: 'admin',
      isAdmin: false,
    });
  });

  it('validates the role', async () => {
    const browser = await signedInAdmin();
    for (const body of [{ role: 'superuser' }, {}, { role: '' }]) {
      const res = await browser.post('/api/auth/switch-role', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errors: { role: expect.any(String) } });
    }
  });

  it('an actor whose session ended is refused even though its token is still valid', async () => {
    const browser = await signedInAdmin();
    const actor = await browser.actor();
    await browser.post('/api/auth/signout');
    const res = await client(stack.auth.url).post(actor, '/api/auth/switch-role', { role: 'basic' });
    expect(res.status).toBe(401);
  });
});

describe('the audit log (users keeps it; auth records its session changes there)', () => {
  type Entry = { action: string; actor_id: number; user_id: number; before: unknown; after: unknown };
  const entriesAbout = async (userId: number) =>
    (
      await stack.users.database.pool.query<Entry>(
        'SELECT action, actor_id, user_id, before, after FROM audit_log WHERE user_id = $1 ORDER BY id',
        [userId],
      )
    ).rows;

  it('records a sign-in-as and its way back, with who, whom and before/after', async () => {
    const member = await createPerson(stack, { role: 'basic', fullName: 'Audit Member' });
    const browser = await signedInAdmin();
    expect((await browser.post('/api/auth/signinas', { email: member.email })).status).toBe(200);
    expect((await browser.post('/api/auth/signinas/back')).status).toBe(200);
    expect(await entriesAbout(member.user.id)).toEqual([
      {
        action: 'user.sign-in-as',
        actor_id: admin.user.id,
        user_id: member.user.id,
        before: { signedInAs: admin.email },
        after: { signedInAs: member.email },
      },
      {
        action: 'user.sign-in-as-back',
        actor_id: admin.user.id,
        user_id: member.user.id,
        before: { signedInAs: member.email },
        after: { signedInAs: admin.email },
      },
    ]);
  });

  it('records a role switch with the displayed role before and after', async () => {
    const other = await createPerson(stack, { role: 'admin', fullName: 'Switching Admin' });
    const browser = new Browser(stack);
    await browser.signIn(other.email, other.password);
    expect((await browser.post('/api/auth/switch-role', { role: 'coach' })).status).toBe(200);
    expect((await browser.post('/api/auth/switch-role', { role: 'premium' })).status).toBe(200);
    // Signing in as an admin enrols her second factor, which is audited too: only the switches are read here.
    const switches = (await entriesAbout(other.user.id)).filter((e) => e.action === 'user.role-switch');
    expect(switches).toEqual([
      {
        action: 'user.role-switch',
        actor_id: other.user.id,
        user_id: other.user.id,
        before: { displayedRole: 'admin' },
        after: { displayedRole: 'coach' },
      },
      {
        action: 'user.role-switch',
        actor_id: other.user.id,
        user_id: other.user.id,
        before: { displayedRole: 'coach' },
        after: { displayedRole: 'premium' },
      },
    ]);
  });

  it('users takes these entries from auth only', async () => {
    const entry = { action: 'user.role-switch', actorId: 1, userId: 1, before: null, after: null };
    const asCourses = await client(stack.users.url).post({ service: 'courses' }, '/internal/audit', entry);
    expect(asCourses.status).toBe(403);
    const bad = await client(stack.users.url).post({ service: 'auth' }, '/internal/audit', { ...entry, action: 'x' });
    expect(bad.status).toBe(400);
  });
});

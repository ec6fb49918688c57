/**
 * Cross-service flows through the real gateway, auth, users and resources processes of the running stack:
 * sign-up / session check / sign-out (revoked on the server, not only forgotten by the browser), sign-up tags,
 * an admin-created coach, password reset by e-mail through the stack's mail catcher, profile edit with an avatar
 * upload, sign-in-as and back, and an admin previewing the product as a basic member.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type CommunityUser,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  type CurrentUser,
  FORGOT_PASSWORD_SENT,
  INVALID_CREDENTIALS,
  RESET_LINK_INVALID,
  SESSION_COOKIE,
  type User,
} from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import {
  freshAdmin,
  type GatewaySession,
  newSession,
  type SeededPerson,
  seededUsers,
  signIn,
  stackInfo,
} from '../support/stack-client';
import {
  closeSystemResources,
  createPerson,
  fileForm,
  newPassword,
  pngImage,
  query,
  rawRequest,
  requestResetLink,
  signUp,
} from '../support/system';

// On a busy 2-core machine mail delivery, events and argon2 can take seconds (waitFor() itself gives up at 15 s).
jest.setTimeout(60_000);

type Me = { currentUser: CurrentUser | null };

let admin: GatewaySession;
/** A new admin of this file's own (signing the seeded admin in again would need a fresh code). */
let adminPerson: SeededPerson;

beforeAll(async () => {
  ({ session: admin, person: adminPerson } = await freshAdmin());
});

afterAll(async () => {
  await closeSystemResources();
});

describe('sign-up, session check, sign-out', () => {
  it('signs a visitor up and in, and signing out revokes the session on the server', async () => {
    const browser = newSession();
    const email = `Fresh.Member.${Date.now()}@Example.test`;
    const signup = await browser.request<Me>('POST', '/api/auth/signup', {
      fullName: 'Fresh Member',
      email,
      password: newPassword(),
    });
    expect(signup.status).toBe(201);
    const created = signup.body.currentUser;
    expect(created).toMatchObject({ fullName: 'Fresh Member', email: email.toLowerCase(), role: 'basic' });
    expect(created).toMatchObject({ isAdmin: false, impersonatedBy: null });
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);

    const me = await browser.get<Me>('/api/auth/me');
    expect(me.currentUser?.id).toBe(created?.id);
    const id = created?.id ?? 0;
    expect((await browser.request('GET', `/api/user/${id}`)).status).toBe(200);

    const oldSessionCookie = browser.cookie(SESSION_COOKIE);
    expect(oldSessionCookie).toBeTruthy();
    const signout = await browser.request('POST', '/api/auth/signout');
    expect(signout.status).toBe(204);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();

    expect(await browser.get<Me>('/api/auth/me')).toEqual({ currentUser: null });
    const members = await browser.request('GET', `/api/user/${id}`);
    expect(members.status).toBe(401);
    expect(members.body).toEqual({ error: 'Please sign in to continue' });

    // The cookie replayed after sign-out no longer opens anything: the session was revoked, not just forgotten.
    const replayed = await rawRequest('GET', `/api/user/${id}`, { sessionCookie: oldSessionCookie });
    expect(replayed.status).toBe(401);
    expect((await rawRequest('GET', '/api/auth/me', { sessionCookie: oldSessionCookie })).body).toEqual({
      currentUser: null,
    });
  });

  it('attaches only the sign-up tags an admin allowed: ?signuptags with a gated tag attaches nothing', async () => {
    const { tags } = stackInfo();
    const allowed = tags['Webinar Guest'];
    const gated = [tags.Mastermind, tags.nova, tags.teller, tags['Wholesale Bootcamp']];
    expect(allowed).toBeDefined();
    expect(gated.every((id) => id !== undefined)).toBe(true);
    const gatedIds = gated.filter((id): id is number => id !== undefined);

    const crasher = await signUp('gated', { signuptags: gatedIds });
    expect(crasher.currentUser.Tags).toEqual([]);
    const stored = await admin.get<{ user: User }>(`/api/user/${crasher.id}`);
    expect(stored.user.Tags).toEqual([]);

    const member = await signUp('tagged', { signuptags: [...gatedIds, allowed as number] });
    expect(member.currentUser.Tags.map((t) => t.id)).toEqual([allowed]);
    const { user } = await admin.get<{ user: User }>(`/api/user/${member.id}`);
    expect(user.Tags.map((t) => t.name)).toEqual(['Webinar Guest']);
    expect(user.role).toBe('basic');
  });
});

describe('an admin-created coach', () => {
  it('can sign in with the password the admin set and sees only premium members', async () => {
    const created = await admin.request<{ user: User; isNew: boolean }>('POST', '/api/user/upsert', {
      fullName: 'Coach Created',
      email: `coach-${Date.now()}@example.test`,
      role: 'coach',
      password: 'Coach-Created-1!',
    });
    expect(created.status).toBe(201);
    expect(created.body.isNew).toBe(true);
    expect(created.body.user.role).toBe('coach');

    const coach = await signIn({ email: created.body.user.email, password: 'Coach-Created-1!' });
    const me = await coach.get<Me>('/api/auth/me');
    expect(me.currentUser).toMatchObject({ id: created.body.user.id, role: 'coach' });

    type List = { users: User[]; premiumCount: number; basicCount: number; totalCount: number };
    const list = await coach.get<List>('/api/user/read-many?usersPerPage=100');
    expect(list.users.length).toBeGreaterThan(0);
    expect(list.users.every((u) => u.role === 'premium')).toBe(true);
    expect(list.totalCount).toBe(list.premiumCount);
    // Full view (staff): the e-mail is there; searching finds premium members, and only them.
    const premium = await coach.get<List>(
      `/api/user/read-many?search=${encodeURIComponent(seededUsers.premium.email)}`,
    );
    // The search is a substring match: 'premium@…' also finds 'newpremium@…', a premium member too.
    expect(premium.users.map((u) => [u.id, u.email])).toContainEqual([
      seededUsers.premium.id,
      seededUsers.premium.email,
    ]);
    expect(premium.users.every((u) => u.role === 'premium' && u.email.includes(seededUsers.premium.email))).toBe(true);
    const basic = await coach.get<List>(`/api/user/read-many?search=${encodeURIComponent(seededUsers.basic.email)}`);
    expect(basic.users).toEqual([]);
    // Asking for other roles does not widen the view.
    const basics = await coach.get<{ users: User[]; totalCount: number }>('/api/user/read-many?role=basic');
    expect(basics.users).toEqual([]);
    expect(basics.totalCount).toBe(0);
  });
});

describe('password reset by e-mail', () => {
  it('mails a one-time link that sets a new password and revokes every old session', async () => {
    const member = await signUp('reset');
    const anonymous = newSession();
    const forgot = await anonymous.request('POST', '/api/auth/forgot-password', { email: 'nobody@example.test' });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ message: FORGOT_PASSWORD_SENT });

    const { link, token } = await requestResetLink(member.email);
    expect(link.startsWith(`${stackInfo().publicUrl}/reset-password/`)).toBe(true);

    const resetter = newSession();
    const newPw = newPassword();
    const reset = await resetter.request<{ user: CurrentUser }>('POST', `/api/auth/reset-password/${token}`, {
      password: newPw,
      confirmPassword: newPw,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ id: member.id, email: member.email });
    // The browser that reset the password is signed in.
    expect((await resetter.get<Me>('/api/auth/me')).currentUser?.id).toBe(member.id);

    // The session from the sign-up is revoked (the gateway may honour its 1.5 s local cache until then).
    await waitFor(
      async () => {
        const answer = await member.session.request('GET', `/api/user/${member.id}`);
        return answer.status === 401;
      },
      { what: 'the old session to be refused' },
    );
    expect(await member.session.get<Me>('/api/auth/me')).toEqual({ currentUser: null });

    const fresh = await signIn({ email: member.email, password: newPw });
    expect((await fresh.get<Me>('/api/auth/me')).currentUser?.id).toBe(member.id);
    const old = await newSession().request('POST', '/api/auth/signin', {
      email: member.email,
      password: member.password,
    });
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ error: INVALID_CREDENTIALS });

    // The link works once.
    const again = await newSession().request('POST', `/api/auth/reset-password/${token}`, {
      password: newPassword(),
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: RESET_LINK_INVALID });
  });

  it('refuses an expired link', async () => {
    const member = await signUp('expired');
    const { token } = await requestResetLink(member.email);
    // An hour passing, stood in for: auth stores only the sha256 of the e-mailed token.
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const updated = await query(
      'auth',
      `UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE token_hash = $1 RETURNING user_id`,
      [tokenHash],
    );
    expect(updated.map((r) => Number(r.user_id))).toEqual([member.id]);

    const answer = await newSession().request('POST', `/api/auth/reset-password/${token}`, {
      password: newPassword(),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: RESET_LINK_INVALID });
    // The member's own session is untouched.
    expect((await member.session.get<Me>('/api/auth/me')).currentUser?.id).toBe(member.id);
  });
});

describe('profile', () => {
  it('lets a member edit their own fields and upload an avatar that is then served', async () => {
    const member = await signUp('profile');
    const edit = await member.session.request<{ user: User; isNew: boolean }>('POST', '/api/user/upsert', {
      id: member.id,
      fullName: 'Renamed Member',
      city: 'Boise',
      state: 'ID',
      country: 'United States',
      phoneNumber: '+1 208 555 0100',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.isNew).toBe(false);
    expect(edit.body.user).toMatchObject({
      id: member.id,
      fullName: 'Renamed Member',
      city: 'Boise',
      state: 'ID',
      country: 'United States',
      phoneNumber: '+1 208 555 0100',
      email: member.email,
      role: 'basic',
    });

    const png = pngImage(16, 16, [200, 40, 90]);
    const upload = await member.session.request<{ latestUploadedFileUrl: string }>(
      'POST',
      '/upload',
      fileForm(png, 'avatar.png', 'image/png'),
    );
    expect(upload.status).toBe(201);
    const url = upload.body.latestUploadedFileUrl;
    expect(url).toMatch(/^\/upload\/files\/[0-9a-f-]{36}\.png$/);

    // Served to anyone holding the URL (img tags send no CSRF header), byte for byte, as a PNG.
    const served = await rawRequest('GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.bytes.equals(png)).toBe(true);

    const withAvatar = await member.session.post<{ user: User }>('/api/user/upsert', { id: member.id, photoUrl: url });
    expect(withAvatar.user.photoUrl).toBe(url);
    // auth answers /me from its copy of the person, which follows users' event a moment later.
    const me = await waitFor(
      async () => {
        const body = await member.session.get<Me>('/api/auth/me');
        return body.currentUser?.photoUrl === url ? body : undefined;
      },
      { what: 'the profile change to reach /api/auth/me' },
    );
    expect(me.currentUser).toMatchObject({ fullName: 'Renamed Member', city: 'Boise', photoUrl: url });
  });
});

describe('changes made in users reach auth and the gateway', () => {
  it('a password changed on the profile needs the current one, signs in, and ends the other sessions', async () => {
    const member = await signUp('new-password');
    const elsewhere = await signIn({ email: member.email, password: member.password });
    expect((await elsewhere.get<Me>('/api/auth/me')).currentUser?.id).toBe(member.id);
    const password = newPassword();

    const missing = await member.session.request<{ errors: Record<string, string> }>('POST', '/api/user/upsert', {
      id: member.id,
      password,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: CURRENT_PASSWORD_REQUIRED });
    const wrong = await member.session.request<{ errors: Record<string, string> }>('POST', '/api/user/upsert', {
      id: member.id,
      password,
      currentPassword: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: CURRENT_PASSWORD_WRONG });
    expect((await elsewhere.request('GET', `/api/user/${member.id}`)).status).toBe(200);

    const changed = await member.session.request('POST', '/api/user/upsert', {
      id: member.id,
      password,
      currentPassword: member.password,
    });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(changed.body)).not.toContain(password);
    // This session stays; the other one ends (the gateway's local cache may honour it for LOCAL_CACHE_TTL_MS).
    expect((await member.session.get<Me>('/api/auth/me')).currentUser?.id).toBe(member.id);
    await waitFor(
      async () => {
        const status = (await elsewhere.request('GET', `/api/user/${member.id}`)).status;
        return status === 401 ? status : undefined;
      },
      { what: 'the other session to end' },
    );
    expect((await elsewhere.request<Me>('GET', '/api/auth/me')).body.currentUser).toBeNull();

    const fresh = await signIn({ email: member.email, password });
    expect((await fresh.get<Me>('/api/auth/me')).currentUser?.id).toBe(member.id);
    const old = await newSession().request('POST', '/api/auth/signin', {
      email: member.email,
      password: member.password,
    });
    expect(old.status).toBe(401);
  });

  it("a role change reaches the gateway's access profile while the member stays signed in", async () => {
    const member = await signUp('promoted');
    expect((await member.session.request('GET', '/api/tag/read-many')).status).toBe(403);
    const upgraded = await admin.post<{ updated: number }>('/api/user/upgrade-role', {
      users: [member.id],
      newRole: 'coach',
    });
    expect(upgraded).toEqual({ updated: 1 });
    await waitFor(
      async () => {
        return (await member.session.request('GET', '/api/tag/read-many')).status === 200;
      },
      { what: 'the coach powers to arrive' },
    );
    expect((await member.session.get<Me>('/api/auth/me')).currentUser?.role).toBe('coach');
  });

  it('deleting a member ends their sessions everywhere', async () => {
    const member = await signUp('deleted');
    expect((await member.session.request('GET', `/api/user/${member.id}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/user/${member.id}`)).status).toBe(204);
    await waitFor(
      async () => {
        return (await member.session.request('GET', `/api/user/${member.id}`)).status === 401;
      },
      { what: 'the deleted member to be refused' },
    );
    expect(await member.session.get<Me>('/api/auth/me')).toEqual({ currentUser: null });
    // auth dropped the credentials (users.user-deleted), so the address no longer signs in.
    await waitFor(
      async () => {
        return (await query('auth', 'SELECT 1 FROM credentials WHERE user_id = $1', [member.id])).length === 0;
      },
      { what: 'auth to drop the credentials' },
    );
    const again = await newSession().request('POST', '/api/auth/signin', {
      email: member.email,
      password: member.password,
    });
    expect(again.status).toBe(401);
  });
});

describe('admin powers', () => {
  it('signs in as a member and back', async () => {
    const target = await createPerson(admin, 'impersonated', { role: 'basic' });
    const adminCookie = admin.cookie(SESSION_COOKIE);

    const as = await admin.request<Me>('POST', '/api/auth/signinas', { email: target.email });
    expect(as.status).toBe(200);
    expect(as.body.currentUser).toMatchObject({
      id: target.id,
      role: 'basic',
      impersonatedBy: { id: adminPerson.id, fullName: adminPerson.fullName },
    });
    expect((await admin.get<Me>('/api/auth/me')).currentUser?.id).toBe(target.id);
    // Acting as the member: no admin powers.
    expect((await admin.request('GET', '/api/tag/read-many')).status).toBe(403);
    // The admin's own session ended.
    expect((await rawRequest('GET', '/api/auth/me', { sessionCookie: adminCookie })).body).toEqual({
      currentUser: null,
    });

    const back = await admin.request<Me>('POST', '/api/auth/signinas/back');
    expect(back.status).toBe(200);
    expect(back.body.currentUser).toMatchObject({ id: adminPerson.id, role: 'admin', impersonatedBy: null });
    expect((await admin.request('GET', '/api/tag/read-many')).status).toBe(200);
    // Going back twice is not possible.
    expect((await admin.request('POST', '/api/auth/signinas/back')).status).toBe(403);
  });

  it('previews the product as a basic member: the users service then treats the admin as basic', async () => {
    const search = (term: string) => `/api/user/read-many?search=${encodeURIComponent(term)}&usersPerPage=100`;
    const full = await admin.get<{ users: User[] }>(search(seededUsers.coach.email));
    expect(full.users.map((u) => [u.id, u.email])).toEqual([[seededUsers.coach.id, seededUsers.coach.email]]);

    const switched = await admin.request<Me>('POST', '/api/auth/switch-role', { role: 'basic' });
    expect(switched.status).toBe(200);
    expect(switched.body.currentUser).toMatchObject({ id: adminPerson.id, role: 'basic', isAdmin: true });
    expect((await admin.get<Me>('/api/auth/me')).currentUser).toMatchObject({ role: 'basic', isAdmin: true });

    try {
      type Community = { users: CommunityUser[]; totalCount: number };
      const community = await admin.get<Community>('/api/user/read-many?usersPerPage=100');
      expect(community.users.length).toBeGreaterThan(0);
      for (const user of community.users) {
        expect(Object.keys(user).sort()).toEqual(['city', 'fullName', 'id', 'photoUrl', 'state']);
      }
      // Basic and premium members only, found by name (never by e-mail).
      const basic = await admin.get<Community>(search(seededUsers.basic.fullName));
      expect(basic.users.map((u) => u.id)).toContain(seededUsers.basic.id);
      expect((await admin.get<Community>(search(seededUsers.basic.email))).users).toEqual([]);
      expect((await admin.get<Community>(search(seededUsers.coach.fullName))).users).toEqual([]);
      expect((await admin.get<Community>(search(seededUsers.admin.fullName))).users).toEqual([]);
      // Admin-only calls are refused while previewing; other people's accounts are hidden (answered as unknown).
      expect((await admin.request('GET', '/api/tag/read-many')).status).toBe(403);
      expect((await admin.request('GET', `/api/user/${seededUsers.basic.id}`)).status).toBe(404);
    } finally {
      // Switching back is allowed: auth looks at the account's role, not the previewed one.
      const back = await admin.request<Me>('POST', '/api/auth/switch-role', { role: 'admin' });
      expect(back.status).toBe(200);
      expect(back.body.currentUser?.role).toBe('admin');
    }
    expect((await admin.request('GET', '/api/tag/read-many')).status).toBe(200);
  });
});

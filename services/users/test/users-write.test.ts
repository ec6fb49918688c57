import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { CURRENT_PASSWORD_REQUIRED, type Role, type User } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import { CREDENTIALS_NOT_SAVED } from '../src/clients/auth';
import {
  actorFor,
  countUsers,
  createTag,
  createUser,
  type Harness,
  outboxEvents,
  startHarness,
  withoutAbilities,
} from './helpers';

type UpsertBody = { user: User; isNew: boolean };
type ErrorBody = { error: string; errors?: Record<string, string> };

describe('user changes', () => {
  let h: Harness;
  const upsert = (as: Parameters<Harness['api']['post']>[0], body: unknown) =>
    h.api.post<UpsertBody & ErrorBody>(as, '/api/user/upsert', body);

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });
  beforeEach(() => {
    h.auth.calls.length = 0;
    h.auth.respondWith = 204;
  });

  describe('POST /api/user/upsert: create (admin)', () => {
    it('creates a user with every field, stores the password with auth and publishes users.user-changed', async () => {
      const tag = await createTag(h, 'Create Tag');
      const res = await upsert(h.admin, {
        user: {
          fullName: 'Maya Maker',
          email: 'Maya@Example.com',
          role: 'premium',
          password: 'correct horse battery',
          city: 'Austin',
          state: 'TX',
          country: 'US',
          phoneNumber: '555-0100',
          photoUrl: 'https://cdn.example.com/maya.png',
          alwaysGrantAccess: true,
          Tags: [{ id: tag.id, name: tag.name }],
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.isNew).toBe(true);
      expect(res.body.user).toMatchObject({
        fullName: 'Maya Maker',
        email: 'maya@example.com',
        role: 'premium',
        city: 'Austin',
        state: 'TX',
        country: 'US',
        phoneNumber: '555-0100',
        photoUrl: 'https://cdn.example.com/maya.png',
        alwaysGrantAccess: true,
        stripeStatus: null,
        stripeCustomerId: null,
        Tags: [{ id: tag.id, name: 'Create Tag' }],
        Resources: [],
      });
      expect(res.body.user).not.toHaveProperty('password');
      expect(h.auth.calls).toEqual([
        { userId: res.body.user.id, email: 'maya@example.com', password: 'correct horse battery', hasToken: true },
      ]);
      const event = (await outboxEvents(h, 'users.user-changed')).at(-1);
      expect(event?.data).toMatchObject({ id: res.body.user.id, role: 'premium', tagNames: ['Create Tag'] });
    });

    it('creates without a password and without calling auth', async () => {
      const res = await upsert(h.admin, {
        fullName: 'No Pass',
        email: 'nopass@example.com',
        role: 'basic',
        password: '',
      });
      expect(res.status).toBe(201);
      expect(h.auth.calls).toHaveLength(0);
    });

    it('names the missing fields', async () => {
      const res = await upsert(h.admin, { user: { fullName: '  ', email: '' } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        fullName: 'this field cannot be empty',
        users_email: 'this field cannot be empty',
      });
      const missing = await upsert(h.admin, {});
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({
        fullName: 'this field cannot be empty',
        users_email: 'this field cannot be empty',
        role: 'this field cannot be empty',
      });
    });

    it('refuses wrong types and values field by field', async () => {
      const res = await upsert(h.admin, {
        fullName: 42,
        email: 'not-an-email',
        role: 'emperor',
        password: 'short',
        alwaysGrantAccess: 'yes',
        Tags: ['abc'],
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(
        ['Tags.0', 'alwaysGrantAccess', 'fullName', 'password', 'role', 'users_email'].sort(),
      );
      expect(res.body.errors?.password).toBe('Password must be at least 8 characters');
      expect((await upsert(h.admin, { id: 'abc', fullName: 'X' })).status).toBe(400);
      expect(await countUsers(h, 'email = $1', ['not-an-email'])).toBe(0);
    });

    it('answers 400 with users_email when the e-mail is in use', async () => {
      await createUser(h, { email: 'dupe@example.com' });
      const res = await upsert(h.admin, { fullName: 'Dupe', email: 'DUPE@example.com', role: 'basic' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'This email address is already in use',
        errors: { users_email: 'This email address is already in use' },
      });
    });

    it('refuses unknown tag ids', async () => {
      const res = await upsert(h.admin, { fullName: 'T', email: 'tags@example.com', role: 'basic', Tags: [999999] });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ Tags: 'Unknown tag id: 999999' });
      expect(await countUsers(h, 'email = $1', ['tags@example.com'])).toBe(0);
    });

    it('calls auth only after the commit; when it fails, says the person exists without the password', async () => {
      h.auth.respondWith = 500;
      const down = await upsert(h.admin, {
        fullName: 'Half Written',
        email: 'half@example.com',
        role: 'basic',
        password: 'a fine password',
      });
      // No remote call while rows are locked: the person is committed first, then auth is asked.
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ error: CREDENTIALS_NOT_SAVED, errors: { password: CREDENTIALS_NOT_SAVED } });
      expect(await countUsers(h, 'email = $1', ['half@example.com'])).toBe(1);
      // Once auth is back, the admin sets the password by editing the person.
      h.auth.respondWith = 204;
      const { rows } = await h.users.database.pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
        'half@example.com',
      ]);
      const row = rows[0];
      const retry = await upsert(h.admin, { id: row?.id, password: 'a fine password' });
      expect(retry.status).toBe(200);
      expect(h.auth.calls.at(-1)).toMatchObject({ userId: row?.id, password: 'a fine password' });
    });

    it.each(['coach', 'premium', 'course only', 'basic'] as const)('refuses a %s creating users', async (role) => {
      const res = await upsert(buildActor(role), {
        fullName: 'X',
        email: `x-${role.replace(' ', '')}@example.com`,
        role: 'basic',
      });
      expect(res.status).toBe(403);
    });

    it('refuses anonymous callers', async () => {
      expect((await upsert(null, { fullName: 'X', email: 'anon@example.com', role: 'basic' })).status).toBe(401);
    });
  });

  describe('POST /api/user/upsert: edit', () => {
    it('lets an admin change every field, bumping the version in the event', async () => {
      const [t1, t2] = [await createTag(h, 'Edit One'), await createTag(h, 'Edit Two')];
      const person = await createUser(h, { fullName: 'Before', tagIds: [t1.id] });
      const res = await upsert(h.admin, {
        id: person.id,
        fullName: 'After',
        email: 'after@example.com',
        role: 'coach',
        city: 'Reno',
        state: 'NV',
        country: 'US',
        phoneNumber: '1',
        photoUrl: 'https://x/y.png',
        alwaysGrantAccess: true,
        Tags: [t2.id],
        password: 'brand new password',
      });
      expect(res.status).toBe(200);
      expect(res.body.isNew).toBe(false);
      expect(res.body.user).toMatchObject({
        id: person.id,
        fullName: 'After',
        email: 'after@example.com',
        role: 'coach',
        city: 'Reno',
        alwaysGrantAccess: true,
        Tags: [{ id: t2.id, name: 'Edit Two' }],
        createdAt: person.createdAt,
      });
      // auth gets the password before the transaction, with the stored e-mail (the new one follows by the event).
      expect(h.auth.calls).toEqual([
        { userId: person.id, email: person.email, password: 'brand new password', hasToken: true },
      ]);
      const events = (await outboxEvents(h, 'users.user-changed')).filter((e) => e.data.id === person.id);
      expect(events).toHaveLength(2);
      expect(events[1]?.data).toMatchObject({ role: 'coach', email: 'after@example.com', tagIds: [t2.id] });
      expect(Number(events[1]?.data.version)).toBeGreaterThan(Number(events[0]?.data.version));
    });

    it('changes nothing and publishes nothing when the form comes back unchanged', async () => {
      const person = await createUser(h, { city: 'Same' });
      const before = (await outboxEvents(h)).length;
      const res = await upsert(h.admin, { user: { ...person, password: '' } });
      expect(res.status).toBe(200);
      expect(withoutAbilities(res.body.user)).toEqual(person);
      expect((await outboxEvents(h)).length).toBe(before);
    });

    it("refuses another person's e-mail and unknown tags; 404 for a missing user", async () => {
      const a = await createUser(h, { email: 'mine@example.com' });
      const b = await createUser(h);
      const taken = await upsert(h.admin, { id: b.id, email: 'mine@example.com' });
      expect(taken.status).toBe(400);
      expect(taken.body.errors).toEqual({ users_email: 'This email address is already in use' });
      expect((await upsert(h.admin, { id: a.id, Tags: [999999] })).status).toBe(400);
      expect((await upsert(h.admin, { id: 999999, fullName: 'Ghost' })).status).toBe(404);
    });

    it('keeps the old values when auth refuses the new password', async () => {
      const person = await createUser(h, { fullName: 'Keeps Name' });
      h.auth.respondWith = 500;
      const res = await upsert(h.admin, { id: person.id, fullName: 'Lost Name', password: 'another password' });
      expect(res.status).toBe(503);
      const now = await h.api.get<{ user: User }>(h.admin, `/api/user/${person.id}`);
      expect(now.body.user.fullName).toBe('Keeps Name');
    });

    it('stops an admin from taking away their own admin role', async () => {
      const res = await upsert(h.admin, { id: h.admin.userId, role: 'basic' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('role');
    });

    describe('as a coach', () => {
      let coach: ReturnType<typeof actorFor>;
      beforeAll(async () => {
        coach = actorFor(await createUser(h, { role: 'coach', fullName: 'Coach Kim' }));
      });

      it("changes a member's tags, also when the whole form is sent back", async () => {
        const tag = await createTag(h, 'Coach Given');
        const member = await createUser(h, { role: 'premium', city: 'Tulsa' });
        const res = await upsert(coach, { user: { ...member, password: '', Tags: [{ id: tag.id, name: tag.name }] } });
        expect(res.status).toBe(200);
        expect(res.body.user.Tags).toEqual([{ id: tag.id, name: 'Coach Given' }]);
        const tagsOnly = await upsert(coach, { id: member.id, Tags: [] });
        expect(tagsOnly.status).toBe(200);
        expect(tagsOnly.body.user.Tags).toEqual([]);
      });

      it.each(['basic', 'course only', 'coach', 'admin'] as const)(
        'answers like a missing user when asked to change the tags of a %s (not in their list)',
        async (role) => {
          const tag = await createTag(h, `Coach ${role} tag`);
          const member = await createUser(h, { role });
          const res = await upsert(coach, { id: member.id, Tags: [tag.id] });
          const missing = await upsert(coach, { id: 999999, Tags: [tag.id] });
          expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: missing.body });
          expect(missing.body).toEqual({ error: 'User not found' });
          const now = await h.api.get<{ user: User }>(h.admin, `/api/user/${member.id}`);
          expect(now.body.user.Tags).toEqual([]);
        },
      );

      it.each([
        ['fullName', 'Renamed'],
        ['email', 'other@example.com'],
        ['role', 'admin'],
        ['city', 'Elsewhere'],
        ['alwaysGrantAccess', true],
        ['password', 'a coach password'],
      ])('refuses changing %s', async (field, value) => {
        const member = await createUser(h, { role: 'premium' });
        const res = await upsert(coach, { ...member, [field]: value });
        expect(res.status).toBe(403);
        expect(res.body.error).toContain(field);
        const now = await h.api.get<{ user: User }>(h.admin, `/api/user/${member.id}`);
        expect(withoutAbilities(now.body.user)).toEqual(member);
        expect(h.auth.calls).toHaveLength(0);
      });
    });

    describe.each(['basic', 'course only', 'premium'] as const)('as a %s member', (role: Role) => {
      it('updates their own profile, password included', async () => {
        const me = await createUser(h, { role });
        const actor = actorFor(me);
        const form = {
          ...me,
          fullName: 'New Me',
          city: 'Miami',
          state: 'FL',
          country: 'US',
          phoneNumber: '555',
          photoUrl: 'https://cdn/me.png',
          password: 'my new password',
        };
        // A new password needs the current one; without it nothing changes and auth is not called.
        const missing = await upsert(actor, { user: form });
        expect(missing.status).toBe(400);
        expect(missing.body.errors).toEqual({ currentPassword: CURRENT_PASSWORD_REQUIRED });
        expect(h.auth.calls).toEqual([]);
        // auth refuses a wrong one (400 errors.currentPassword): nothing changes either.
        h.auth.respondWith = 400;
        expect((await upsert(actor, { user: { ...form, currentPassword: 'wrong' } })).status).toBe(400);
        const unchanged = await h.api.get<{ user: User }>(h.admin, `/api/user/${me.id}`);
        expect(unchanged.body.user.fullName).toBe(me.fullName);
        h.auth.respondWith = 204;

        const res = await upsert(actor, { user: { ...form, currentPassword: 'my old password' } });
        expect(res.status).toBe(200);
        expect(res.body.user).toMatchObject({ fullName: 'New Me', city: 'Miami', email: me.email, role });
        expect(h.auth.calls).toEqual([
          {
            userId: me.id,
            email: me.email,
            password: 'my new password',
            currentPassword: 'my old password',
            keepSessionId: actor.sessionId,
            hasToken: true,
          },
        ]);
      });

      it.each([
        ['email', 'changed@example.com'],
        ['role', 'admin'],
        ['alwaysGrantAccess', true],
        ['Tags', [1]],
      ])('cannot change their own %s', async (field, value) => {
        const me = await createUser(h, { role });
        const res = await upsert(actorFor(me), { id: me.id, [field]: value });
        expect(res.status).toBe(403);
      });

      it("cannot touch someone else's account, which answers like a missing one", async () => {
        const other = await createUser(h);
        const res = await upsert(buildActor(role), { id: other.id, fullName: 'Hacked' });
        const missing = await upsert(buildActor(role), { id: 999999, fullName: 'Ghost' });
        expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { error: 'User not found' } });
        expect(missing.body).toEqual(res.body);
      });
    });
  });

  describe('DELETE /api/user/{id}', () => {
    it('deletes a user, their tags with them, and publishes users.user-deleted', async () => {
      const tag = await createTag(h, 'Doomed Holder');
      const person = await createUser(h, { tagIds: [tag.id] });
      const res = await h.api.del(h.admin, `/api/user/${person.id}`);
      expect(res.status).toBe(204);
      expect(await countUsers(h, 'id = $1', [person.id])).toBe(0);
      const { rows } = await h.users.database.pool.query('SELECT 1 FROM user_tags WHERE user_id = $1', [person.id]);
      expect(rows).toHaveLength(0);
      expect((await outboxEvents(h, 'users.user-deleted')).at(-1)?.data).toEqual({ id: person.id });
      expect((await h.api.del(h.admin, `/api/user/${person.id}`)).status).toBe(404);
    });

    it('refuses deleting yourself, non-admins and anonymous callers; 400 on a bad id', async () => {
      const person = await createUser(h);
      expect((await h.api.del(h.admin, `/api/user/${h.admin.userId}`)).status).toBe(403);
      // A person the caller cannot see answers like a missing one; one they can see (a coach's premium member) 403.
      for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
        expect((await h.api.del(buildActor(role), `/api/user/${person.id}`)).status).toBe(404);
      }
      const premium = await createUser(h, { role: 'premium' });
      expect((await h.api.del(buildActor('coach'), `/api/user/${premium.id}`)).status).toBe(403);
      expect(await countUsers(h, 'id = $1', [premium.id])).toBe(1);
      expect((await h.api.del(null, `/api/user/${person.id}`)).status).toBe(401);
      expect((await h.api.del(h.admin, '/api/user/abc')).status).toBe(400);
      expect(await countUsers(h, 'id = $1', [person.id])).toBe(1);
    });
  });

  describe('POST /api/user/upgrade-role', () => {
    it('gives the chosen users the new role and counts them', async () => {
      const a = await createUser(h, { role: 'basic' });
      const b = await createUser(h, { role: 'premium' });
      const res = await h.api.post(h.admin, '/api/user/upgrade-role', {
        users: [a.id, b.id, 999999],
        newRole: 'premium',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ updated: 2 });
      const now = await h.api.get<{ user: User }>(h.admin, `/api/user/${a.id}`);
      expect(now.body.user.role).toBe('premium');
      expect((await outboxEvents(h, 'users.user-changed')).at(-1)?.data).toMatchObject({ id: a.id, role: 'premium' });
    });

    it('validates the body and keeps the admin an admin', async () => {
      const bad = await h.api.post<ErrorBody>(h.admin, '/api/user/upgrade-role', { users: [], newRole: 'wizard' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['newRole', 'users']);
      const self = await h.api.post(h.admin, '/api/user/upgrade-role', { users: [h.admin.userId], newRole: 'basic' });
      expect(self.status).toBe(400);
    });

    it('is for admins only', async () => {
      for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
        const res = await h.api.post(buildActor(role), '/api/user/upgrade-role', { users: [1], newRole: 'admin' });
        expect(res.status).toBe(403);
      }
      expect((await h.api.post(null, '/api/user/upgrade-role', { users: [1], newRole: 'admin' })).status).toBe(401);
    });
  });

  describe('POST /api/v2/user/add-tags', () => {
    it('adds tags to the user with that e-mail, keeping theirs', async () => {
      const [t1, t2] = [await createTag(h, 'Kept'), await createTag(h, 'Added')];
      const person = await createUser(h, { email: 'addtags@example.com', tagIds: [t1.id] });
      const res = await h.api.post<{ user: User }>(h.admin, '/api/v2/user/add-tags', {
        email: 'AddTags@example.com',
        tags: [t2.id, t1.id],
      });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(person.id);
      expect(res.body.user.Tags).toEqual([
        { id: t2.id, name: 'Added' },
        { id: t1.id, name: 'Kept' },
      ]);
      expect((await outboxEvents(h, 'users.user-changed')).at(-1)?.data).toMatchObject({
        id: person.id,
        tagNames: ['Added', 'Kept'],
      });
    });

    it('answers 404 for an unknown e-mail and 400 for unknown tags or a bad body', async () => {
      const tag = await createTag(h, 'Any');
      await createUser(h, { email: 'known@example.com' });
      expect(
        (await h.api.post(h.admin, '/api/v2/user/add-tags', { email: 'nobody@example.com', tags: [tag.id] })).status,
      ).toBe(404);
      const unknown = await h.api.post<ErrorBody>(h.admin, '/api/v2/user/add-tags', {
        email: 'known@example.com',
        tags: [999999],
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ tags: 'Unknown tag id: 999999' });
      expect((await h.api.post(h.admin, '/api/v2/user/add-tags', { email: 'x', tags: [] })).status).toBe(400);
    });

    it('is for admins only', async () => {
      for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
        expect(
          (await h.api.post(buildActor(role), '/api/v2/user/add-tags', { email: 'a@b.co', tags: [1] })).status,
        ).toBe(403);
      }
      expect((await h.api.post(null, '/api/v2/user/add-tags', { email: 'a@b.co', tags: [1] })).status).toBe(401);
    });
  });
});

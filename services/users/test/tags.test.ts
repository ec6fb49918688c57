import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Tag, User } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import { createTag, createUser, type Harness, outboxEvents, startHarness } from './helpers';

type ListBody = { tags: Tag[]; totalCount: number };
type ErrorBody = { error: string; errors?: Record<string, string> };

describe('tags: /api/tag/*', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    for (const name of ['zeta', 'Alpha', 'beta', 'Gamma ray', 'gamma zone']) await createTag(h, name);
  });
  afterAll(async () => {
    await h.stop();
  });

  describe('GET /api/tag/read-many', () => {
    it('lists every tag by name (ignoring case) with the total', async () => {
      const res = await h.api.get<ListBody>(h.admin, '/api/tag/read-many');
      expect(res.status).toBe(200);
      expect(res.body.tags.map((t) => t.name)).toEqual(['Alpha', 'beta', 'Gamma ray', 'gamma zone', 'zeta']);
      expect(res.body.totalCount).toBe(5);
      expect(Object.keys(res.body.tags[0] ?? {}).sort()).toEqual(['id', 'name', 'signupAllowed']);
    });

    it('searches and pages', async () => {
      const search = await h.api.get<ListBody>(h.admin, '/api/tag/read-many?search=GAMMA');
      expect(search.body).toMatchObject({ totalCount: 2 });
      const page = await h.api.get<ListBody>(h.admin, '/api/tag/read-many?page=2&itemsPerPage=2');
      expect(page.body.tags.map((t) => t.name)).toEqual(['Gamma ray', 'gamma zone']);
      expect(page.body.totalCount).toBe(5);
      expect((await h.api.get(h.admin, '/api/tag/read-many?itemsPerPage=5000')).status).toBe(400);
      expect((await h.api.get(h.admin, '/api/tag/read-many?page=x')).status).toBe(400);
    });

    it.each(ALL_ROLES)('answers a %s', async (role) => {
      const res = await h.api.get(buildActor(role), '/api/tag/read-many');
      expect(res.status).toBe(role === 'admin' || role === 'coach' ? 200 : 403);
    });

    it('refuses anonymous callers', async () => {
      expect((await h.api.get(null, '/api/tag/read-many')).status).toBe(401);
    });
  });

  describe('POST /api/tag/upsert', () => {
    it('creates a tag', async () => {
      const res = await h.api.post<{ tag: Tag; isNew: boolean }>(h.admin, '/api/tag/upsert', { name: '  Fresh  ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ tag: { id: expect.any(Number), name: 'Fresh', signupAllowed: false }, isNew: true });
    });

    it('refuses a name in use, whatever its case, and an empty name', async () => {
      const dupe = await h.api.post<ErrorBody>(h.admin, '/api/tag/upsert', { name: 'ALPHA' });
      expect(dupe.status).toBe(400);
      expect(dupe.body).toEqual({
        error: 'A tag with this name already exists',
        errors: { name: 'A tag with this name already exists' },
      });
      const empty = await h.api.post<ErrorBody>(h.admin, '/api/tag/upsert', { name: ' ' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({ name: 'This field is required' });
      expect((await h.api.post(h.admin, '/api/tag/upsert', { name: 7 })).status).toBe(400);
    });

    it('renames a tag and republishes the people holding it', async () => {
      const tag = await createTag(h, 'Old Name');
      const holder = await createUser(h, { tagIds: [tag.id] });
      const res = await h.api.post<{ tag: Tag; isNew: boolean }>(h.admin, '/api/tag/upsert', {
        tag: { id: tag.id, name: 'New Name' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ tag: { id: tag.id, name: 'New Name', signupAllowed: false }, isNew: false });
      expect((await outboxEvents(h, 'users.user-changed')).at(-1)?.data).toMatchObject({
        id: holder.id,
        tagNames: ['New Name'],
      });
      // Services that keep snapshots of tag names (courses) learn of the rename; a save without a change is silent.
      expect((await outboxEvents(h, 'users.tag-renamed')).map((e) => e.data)).toEqual([
        { id: tag.id, name: 'New Name' },
      ]);
      await h.api.post(h.admin, '/api/tag/upsert', { id: tag.id, name: 'New Name' });
      expect(await outboxEvents(h, 'users.tag-renamed')).toHaveLength(1);
      const clash = await h.api.post(h.admin, '/api/tag/upsert', { id: tag.id, name: 'zeta' });
      expect(clash.status).toBe(400);
      expect((await h.api.post(h.admin, '/api/tag/upsert', { id: 999999, name: 'Ghost' })).status).toBe(404);
    });

    it('lets an admin allow a tag on sign-up links, and records it in the audit log', async () => {
      const made = await h.api.post<{ tag: Tag; isNew: boolean }>(h.admin, '/api/tag/upsert', {
        name: 'Campaign',
        signupAllowed: true,
      });
      expect(made.status).toBe(201);
      expect(made.body.tag).toEqual({ id: expect.any(Number), name: 'Campaign', signupAllowed: true });
      const id = made.body.tag.id;
      // A rename that leaves signupAllowed out keeps it.
      const renamed = await h.api.post<{ tag: Tag }>(h.admin, '/api/tag/upsert', { id, name: 'Campaign 2' });
      expect(renamed.body.tag).toEqual({ id, name: 'Campaign 2', signupAllowed: true });
      const gated = await h.api.post<{ tag: Tag }>(h.admin, '/api/tag/upsert', {
        tag: { id, name: 'Campaign 2', signupAllowed: false },
      });
      expect(gated.status).toBe(200);
      expect(gated.body.tag).toEqual({ id, name: 'Campaign 2', signupAllowed: false });
      const listed = await h.api.get<ListBody>(h.admin, '/api/tag/read-many?search=Campaign');
      expect(listed.body.tags).toEqual([{ id, name: 'Campaign 2', signupAllowed: false }]);
      const log = await h.api.get<{ entries: { action: string; tagId: number | null; after: unknown }[] }>(
        h.admin,
        '/api/user/audit-log?itemsPerPage=50',
      );
      expect(log.body.entries.filter((e) => e.tagId === id).map((e) => [e.action, e.after])).toEqual([
        ['tag.signup-allowed', { signupAllowed: false }],
        ['tag.rename', { name: 'Campaign 2' }],
        ['tag.create', { name: 'Campaign', signupAllowed: true }],
      ]);
      expect((await h.api.post(h.admin, '/api/tag/upsert', { id, name: 'x', signupAllowed: 'yes' })).status).toBe(400);
    });

    it.each(ALL_ROLES.filter((r) => r !== 'admin'))('refuses a %s', async (role) => {
      expect((await h.api.post(buildActor(role), '/api/tag/upsert', { name: `by ${role}` })).status).toBe(403);
    });
  });

  describe('DELETE /api/tag/{id}', () => {
    it('deletes a tag, takes it from its holders and publishes each of them', async () => {
      const doomed = await createTag(h, 'Doomed');
      const kept = await createTag(h, 'Kept Tag');
      const a = await createUser(h, { tagIds: [doomed.id, kept.id] });
      const b = await createUser(h, { tagIds: [doomed.id] });
      const bystander = await createUser(h, { tagIds: [kept.id] });
      const before = await outboxEvents(h, 'users.user-changed');
      const res = await h.api.del(h.admin, `/api/tag/${doomed.id}`);
      expect(res.status).toBe(204);
      const published = (await outboxEvents(h, 'users.user-changed')).slice(before.length);
      expect(published.map((e) => e.data.id).sort()).toEqual([a.id, b.id].sort());
      expect(published.find((e) => e.data.id === a.id)?.data).toMatchObject({ tagIds: [kept.id] });
      const now = await h.api.get<{ user: User }>(h.admin, `/api/user/${a.id}`);
      expect(now.body.user.Tags).toEqual([{ id: kept.id, name: 'Kept Tag' }]);
      expect((await h.api.get<{ user: User }>(h.admin, `/api/user/${bystander.id}`)).body.user.Tags).toHaveLength(1);
      expect((await h.api.del(h.admin, `/api/tag/${doomed.id}`)).status).toBe(404);
      expect((await h.api.del(h.admin, '/api/tag/abc')).status).toBe(400);
    });

    it('is for admins only', async () => {
      const tag = await createTag(h, 'Protected');
      for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
        expect((await h.api.del(buildActor(role), `/api/tag/${tag.id}`)).status).toBe(403);
      }
      expect((await h.api.del(null, `/api/tag/${tag.id}`)).status).toBe(401);
    });
  });
});

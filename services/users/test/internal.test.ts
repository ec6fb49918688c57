import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AccessProfile, User } from '@rainmakers/contracts';
import { buildActor } from '@rainmakers/kit/testing';
import { createTag, type Harness, outboxEvents, startHarness } from './helpers';

const AUTH = { service: 'auth' };

describe('users internal API', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('refuses people and anonymous callers: only services reach /internal', async () => {
    expect((await h.api.get(null, '/internal/users/1')).status).toBe(403);
    expect((await h.api.get(h.admin, '/internal/users/1')).status).toBe(403);
    expect((await h.api.post(buildActor('basic'), '/internal/users', {})).status).toBe(403);
  });

  it('creates a basic member with the sign-up tags that exist, and publishes users.user-changed', async () => {
    const made = await h.api.post<{ tag: { id: number } }>(h.admin, '/api/tag/upsert', {
      name: 'Signup Tag',
      signupAllowed: true,
    });
    const tag = made.body.tag;
    const res = await h.api.post<{ user: User }>(AUTH, '/internal/users', {
      fullName: '  New Member ',
      email: 'New.Member@Example.com',
      tagIds: `${tag.id},99999`,
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      fullName: 'New Member',
      email: 'new.member@example.com',
      role: 'basic',
      alwaysGrantAccess: false,
      stripeStatus: null,
      Tags: [{ id: tag.id, name: 'Signup Tag' }],
      Resources: [],
    });
    expect(new Date(res.body.user.createdAt).toISOString()).toBe(res.body.user.createdAt);
    const events = await outboxEvents(h, 'users.user-changed');
    expect(events.at(-1)?.data).toMatchObject({
      id: res.body.user.id,
      email: 'new.member@example.com',
      role: 'basic',
      tagIds: [tag.id],
      tagNames: ['Signup Tag'],
    });
    expect(h.auth.calls).toHaveLength(0);
  });

  it('attaches only the tags an admin allowed on sign-up links, for every caller but the seed', async () => {
    const gated = await createTag(h, 'Gated Mastermind');
    const allowed = await h.api.post<{ tag: { id: number; name: string } }>(h.admin, '/api/tag/upsert', {
      name: 'Open Campaign',
      signupAllowed: true,
    });
    const open = allowed.body.tag;
    const onlyGated = await h.api.post<{ user: User }>(AUTH, '/internal/users', {
      fullName: 'Gate Crasher',
      email: 'gate.crasher@example.com',
      tagIds: [gated.id],
    });
    expect(onlyGated.status).toBe(201);
    expect(onlyGated.body.user.Tags).toEqual([]);
    const both = await h.api.post<{ user: User }>({ service: 'billing' }, '/internal/users', {
      fullName: 'Both Tags',
      email: 'both.tags@example.com',
      tagIds: [gated.id, open.id],
    });
    expect(both.body.user.Tags).toEqual([{ id: open.id, name: 'Open Campaign' }]);
    const events = await outboxEvents(h, 'users.user-changed');
    expect(events.find((e) => e.data.id === onlyGated.body.user.id)?.data).toMatchObject({ tagIds: [] });
    // The seed provisions the stack for its operator: it may attach any tag.
    const seeded = await h.api.post<{ user: User }>({ service: 'seed' }, '/internal/users', {
      fullName: 'Seeded Member',
      email: 'seeded.member@example.com',
      tagIds: [gated.id],
    });
    expect(seeded.body.user.Tags).toEqual([{ id: gated.id, name: 'Gated Mastermind' }]);
  });

  it('keeps the creation time another service gives (seeded and imported accounts), in the event too', async () => {
    const res = await h.api.post<{ user: User }>(AUTH, '/internal/users', {
      fullName: 'Long Standing',
      email: 'long.standing@example.com',
      role: 'premium',
      createdAt: '2024-06-03T15:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body.user.createdAt).toBe('2024-06-03T15:00:00.000Z');
    const events = await outboxEvents(h, 'users.user-changed');
    expect(events.at(-1)?.data).toMatchObject({ id: res.body.user.id, createdAt: '2024-06-03T15:00:00.000Z' });
    const bad = await h.api.post(AUTH, '/internal/users', {
      fullName: 'Bad Date',
      email: 'bad.date@example.com',
      createdAt: 'yesterday',
    });
    expect(bad.status).toBe(400);
  });

  it('takes the role when given', async () => {
    const res = await h.api.post<{ user: User }>(AUTH, '/internal/users', {
      fullName: 'Coach Carter',
      email: 'coach.carter@example.com',
      role: 'coach',
    });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('coach');
  });

  it('answers 409 with users_email when the e-mail is taken (any case)', async () => {
    await h.api.post(AUTH, '/internal/users', { fullName: 'Taken', email: 'taken@example.com' });
    const res = await h.api.post(AUTH, '/internal/users', { fullName: 'Again', email: 'TAKEN@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'This email address is already in use',
      errors: { users_email: 'This email address is already in use' },
    });
  });

  it('validates the body', async () => {
    const res = await h.api.post<{ errors: Record<string, string> }>(AUTH, '/internal/users', {
      email: 'not-an-email',
      role: 'emperor',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'fullName', 'role']);
  });

  it('reads a user by id and by e-mail; 404 when unknown; 400 on a bad id', async () => {
    const created = await h.api.post<{ user: User }>(AUTH, '/internal/users', {
      fullName: 'Lookup Person',
      email: 'lookup@example.com',
    });
    const id = created.body.user.id;
    const byId = await h.api.get<{ user: User }>(AUTH, `/internal/users/${id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.user.email).toBe('lookup@example.com');
    const byEmail = await h.api.get<{ user: User }>(AUTH, '/internal/users/by-email?email=LOOKUP@example.com');
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user.id).toBe(id);
    expect((await h.api.get(AUTH, '/internal/users/999999')).status).toBe(404);
    expect((await h.api.get(AUTH, '/internal/users/by-email?email=nobody@example.com')).status).toBe(404);
    expect((await h.api.get(AUTH, '/internal/users/by-email')).status).toBe(400);
    expect((await h.api.get(AUTH, '/internal/users/abc')).status).toBe(400);
  });

  it('gives the access profile with a version that grows with every change', async () => {
    const tag = await createTag(h, 'Nova');
    const created = await h.api.post<{ user: User }>(AUTH, '/internal/users', {
      fullName: 'Profile Person',
      email: 'profile@example.com',
    });
    const id = created.body.user.id;
    const first = await h.api.get<AccessProfile>(AUTH, `/internal/users/${id}/access-profile`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      userId: id,
      email: 'profile@example.com',
      role: 'basic',
      tagIds: [],
      tagNames: [],
      stripeStatus: null,
      alwaysGrantAccess: false,
    });
    await h.api.post(h.admin, '/api/user/upsert', { id, Tags: [tag.id], alwaysGrantAccess: true });
    const second = await h.api.get<AccessProfile>(AUTH, `/internal/users/${id}/access-profile`);
    expect(second.body).toMatchObject({ tagIds: [tag.id], tagNames: ['Nova'], alwaysGrantAccess: true });
    expect(second.body.version).toBeGreaterThan(first.body.version);
    expect((await h.api.get(AUTH, '/internal/users/999999/access-profile')).status).toBe(404);
  });
});

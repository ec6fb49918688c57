/** The audit log: every admin action on people and tags, written with the change, read-only through the API. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor, waitFor } from '@rainmakers/kit/testing';
import { createTag, createUser, type Harness, startHarness } from './helpers';

type Entry = {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string | null;
  impersonatorId: number | null;
  action: string;
  userId: number | null;
  userName: string | null;
  tagId: number | null;
  subjectType: string | null;
  subjectName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
type Log = { entries: Entry[]; totalCount: number };

describe('audit log', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  const log = async (query = '') => (await h.api.get<Log>(h.admin, `/api/user/audit-log${query}`)).body;

  it('records create, edit, role change, tag writes and delete with who, when and before/after', async () => {
    const created = await h.api.post<{ user: User }>(h.admin, '/api/user/upsert', {
      fullName: 'Audrey Audit',
      email: 'audrey@example.com',
      role: 'basic',
      password: 'a-long-password',
    });
    const id = created.body.user.id;
    await h.api.post(h.admin, '/api/user/upsert', { id, city: 'Austin', role: 'premium' });
    await h.api.post(h.admin, '/api/user/upgrade-role', { users: [id], newRole: 'coach' });
    const tag = await createTag(h, 'Audit Tag');
    await h.api.post(h.admin, '/api/tag/upsert', { id: tag.id, name: 'Audit Tag 2' });
    await h.api.post(h.admin, '/api/v2/user/add-tags', { email: 'audrey@example.com', tags: [tag.id] });
    const queued = await h.api.put<{ jobId: string }>(h.admin, '/api/user/bulk-update', {
      userEmails: ['audrey@example.com'],
      role: 'premium',
    });
    // The bulk update is a job: its entry is there once the job has completed.
    await waitFor(
      async () =>
        (await h.api.get<{ state: string }>(h.admin, `/api/user/bulk-update/${queued.body.jobId}`)).body.state ===
        'completed',
      { what: 'the bulk update to complete', timeoutMs: 20_000, intervalMs: 50 },
    );

    const mine = await log(`?userId=${id}`);
    expect(mine.entries.map((e) => e.action)).toEqual([
      'user.add-tags',
      'user.role-change',
      'user.update',
      'user.create',
    ]);
    const [addTags, roleChange, update, create] = mine.entries;
    expect(create).toMatchObject({
      actorId: h.admin.userId,
      actorName: 'Ada Admin',
      userId: id,
      userName: 'Audrey Audit',
      before: null,
      after: { fullName: 'Audrey Audit', email: 'audrey@example.com', role: 'basic', passwordSet: true, tags: [] },
    });
    expect(create?.after).not.toHaveProperty('password');
    expect(update).toMatchObject({ before: { city: null, role: 'basic' }, after: { city: 'Austin', role: 'premium' } });
    expect(Object.keys(update?.after ?? {}).sort()).toEqual(['city', 'role']);
    expect(roleChange).toMatchObject({ before: { role: 'premium' }, after: { role: 'coach' } });
    expect(addTags).toMatchObject({ before: { tags: [] }, after: { tags: ['Audit Tag 2'] } });
    // The bulk update is one entry about the job, with its counts (not one per person).
    const [bulk] = (await log('?action=user.bulk-update')).entries;
    expect(bulk).toMatchObject({
      actorName: 'Ada Admin',
      subjectType: 'job',
      after: { people: 1, updated: 1, unchanged: 0, change: 'role premium' },
    });
    expect(Date.parse(create?.at ?? '')).not.toBeNaN();

    const tags = (await log()).entries.filter((e) => e.tagId === tag.id).map((e) => [e.action, e.before, e.after]);
    expect(tags).toEqual([
      ['tag.rename', { name: 'Audit Tag' }, { name: 'Audit Tag 2' }],
      ['tag.create', null, { name: 'Audit Tag' }],
    ]);

    await h.api.del(h.admin, `/api/user/${id}`);
    const afterDelete = await log(`?userId=${id}`);
    expect(afterDelete.entries[0]).toMatchObject({
      action: 'user.delete',
      // The name as it was when the entry was written: the person is gone, the entry still reads right.
      userName: 'Audrey Audit',
      subjectName: 'Audrey Audit',
      before: { fullName: 'Audrey Audit' },
      after: null,
    });
    expect(afterDelete.totalCount).toBe(5);
  });

  it('records the admin behind a sign-in-as, and nothing for a change that failed', async () => {
    const taken = await createUser(h, { email: 'taken.audit@example.com' });
    const person = await createUser(h, { email: 'free.audit@example.com' });
    const before = (await log()).totalCount;
    const clash = await h.api.post(h.admin, '/api/user/upsert', { id: person.id, email: taken.email });
    expect(clash.status).toBe(400);
    expect((await log()).totalCount).toBe(before);

    const signedInAs = buildActor('admin', { userId: h.admin.userId, impersonatorId: 4242 });
    await h.api.post(signedInAs, '/api/user/upsert', { id: person.id, city: 'Boston' });
    expect((await log(`?userId=${person.id}`)).entries[0]).toMatchObject({
      impersonatorId: 4242,
      action: 'user.update',
    });
  });

  it('pages, and refuses a bad filter', async () => {
    const page = await log('?itemsPerPage=2&page=1');
    expect(page.entries).toHaveLength(2);
    const next = await log('?itemsPerPage=2&page=2');
    expect(next.entries[0]?.id).toBeLessThan(page.entries[1]?.id ?? 0);
    expect((await h.api.get(h.admin, '/api/user/audit-log?userId=abc')).status).toBe(400);
    expect((await h.api.get(h.admin, '/api/user/audit-log?itemsPerPage=1000')).status).toBe(400);
  });

  it('cannot be changed: no call writes it, and the database refuses updates and deletes', async () => {
    const before = await log();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await h.api.call(h.admin, method, '/api/user/audit-log', { id: 1 });
      // No such call (DELETE reaches DELETE /api/user/{id}, which refuses the id).
      expect({ method, refused: [400, 404].includes(res.status) }).toEqual({ method, refused: true });
    }
    expect(await log()).toEqual(before);
    await expect(h.users.database.pool.query('UPDATE audit_log SET action = $1', ['x'])).rejects.toThrow(/append-only/);
    await expect(h.users.database.pool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('is read by admins only', async () => {
    expect((await h.api.get(null, '/api/user/audit-log')).status).toBe(401);
    for (const role of ALL_ROLES) {
      const res = await h.api.get(buildActor(role), '/api/user/audit-log');
      expect({ role, status: res.status }).toEqual({ role, status: role === 'admin' ? 200 : 403 });
    }
  });
});

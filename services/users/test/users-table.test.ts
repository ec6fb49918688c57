/**
 * The users table that scales: sorting and filters of GET /api/user/read-many (role, tag, payment status,
 * join date), POST /api/user/bulk-action with truthful counts and one audit entry, and the export following the
 * filters.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Role, Tag, User } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { BULK_ACTION_INLINE_MAX } from '../src/commands/bulk-actions';
import { actorFor, createTag, createUser, type Harness, startHarness } from './helpers';

jest.setTimeout(60_000);

type ListBody = { users: User[]; premiumCount: number; basicCount: number; totalCount: number };
type BulkBody = {
  total: number;
  changed: number;
  unchanged: number;
  failed: number;
  jobId?: string;
  state?: string;
  done?: number;
};

describe('the users table: sort, filters, bulk actions, export', () => {
  let h: Harness;
  let vip: Tag;
  let other: Tag;
  const people: Record<string, User> = {};
  const list = (query: string, as = h.admin) => h.api.get<ListBody>(as, `/api/user/read-many?${query}`);
  const names = (body: ListBody) => body.users.map((u) => u.fullName);
  const auditEntries = async () =>
    (
      await h.users.database.pool.query<{ after: Record<string, unknown>; tag_id: number | null; user_id: null }>(
        `SELECT after, tag_id, user_id FROM audit_log WHERE action = 'user.bulk-action' ORDER BY id`,
      )
    ).rows;

  beforeAll(async () => {
    h = await startHarness();
    vip = await createTag(h, 'VIP');
    other = await createTag(h, 'Other');
    const make = async (name: string, role: Role, status: string | null, joined: string, tagIds: number[] = []) => {
      people[name] = await createUser(h, { fullName: name, role, tagIds });
      await h.users.database.pool.query('UPDATE users SET stripe_status = $1, created_at = $2 WHERE id = $3', [
        status,
        joined,
        people[name]?.id,
      ]);
    };
    await make('carol Premium', 'premium', 'past_due', '2026-03-10T12:00:00Z', [vip.id]);
    await make('Alice Basic', 'basic', 'unpaid', '2026-01-05T12:00:00Z', [vip.id]);
    await make('Bob Premium', 'premium', 'active', '2026-02-20T12:00:00Z');
    await make('dave Coach', 'coach', null, '2026-02-01T12:00:00Z', [other.id]);
    await make('Erin Course', 'course only', 'incomplete', '2026-03-31T23:00:00Z');
    await h.users.database.pool.query(
      `UPDATE users SET created_at = '2025-12-01T00:00:00Z' WHERE full_name = 'Ada Admin'`,
    );
  });
  afterAll(async () => {
    await h.stop();
  });

  it('sorts by name (whatever the case), date joined, role and payment status, both ways', async () => {
    expect(names((await list('sort=name&order=asc')).body)).toEqual([
      'Ada Admin',
      'Alice Basic',
      'Bob Premium',
      'carol Premium',
      'dave Coach',
      'Erin Course',
    ]);
    expect(names((await list('sort=name&order=desc')).body)[0]).toBe('Erin Course');
    expect(names((await list('sort=joined&order=asc')).body)).toEqual([
      'Ada Admin',
      'Alice Basic',
      'dave Coach',
      'Bob Premium',
      'carol Premium',
      'Erin Course',
    ]);
    expect(names((await list('')).body)[0]).toBe('Erin Course');
    const byRole = (await list('sort=role&order=asc')).body.users.map((u) => u.role);
    expect(byRole).toEqual(['admin', 'basic', 'coach', 'course only', 'premium', 'premium']);
    const byPayment = (await list('sort=payment&order=asc')).body.users.map((u) => u.stripeStatus);
    expect(byPayment).toEqual(['active', 'incomplete', 'past_due', 'unpaid', null, null]);
    expect((await list('sort=age')).status).toBe(400);
    expect((await list('order=up')).status).toBe(400);
  });

  it('filters by role, tag, payment problems, Sub. Problems (unpaid) and join date, with the counts of the match', async () => {
    expect(names((await list('filters[role]=premium&sort=name&order=asc')).body)).toEqual([
      'Bob Premium',
      'carol Premium',
    ]);
    const tagged = await list(`filters[tagId]=${vip.id}&sort=name&order=asc`);
    expect(names(tagged.body)).toEqual(['Alice Basic', 'carol Premium']);
    expect(tagged.body).toMatchObject({ totalCount: 2, premiumCount: 1, basicCount: 1 });
    expect(names((await list('filters[payment]=problems&sort=name&order=asc')).body)).toEqual([
      'Alice Basic',
      'carol Premium',
      'Erin Course',
    ]);
    expect(names((await list('filters[stripeStatus]=unpaid')).body)).toEqual(['Alice Basic']);
    expect(names((await list('joinedFrom=2026-02-01&joinedTo=2026-03-31&sort=joined&order=asc')).body)).toEqual([
      'dave Coach',
      'Bob Premium',
      'carol Premium',
      'Erin Course',
    ]);
    expect(
      names((await list(`filters[role]=premium&filters[tagId]=${vip.id}&filters[payment]=problems`)).body),
    ).toEqual(['carol Premium']);
    expect((await list('joinedFrom=2026-02-30')).status).toBe(400);
    expect((await list('joinedFrom=2026-03-01&joinedTo=2026-02-01')).status).toBe(400);
    expect((await list('filters[payment]=late')).status).toBe(400);
    expect((await list('usersPerPage=101')).status).toBe(400);
  });

  it('gives a coach premium members only, without payment filters or the payment sort', async () => {
    const coach = actorFor(people['dave Coach'] as User);
    const res = await list('filters[payment]=problems&filters[stripeStatus]=unpaid&sort=name&order=asc', coach);
    expect(names(res.body)).toEqual(['Bob Premium', 'carol Premium']);
    expect(res.body).toMatchObject({ totalCount: 2, premiumCount: 2, basicCount: 0 });
    expect(names((await list(`filters[tagId]=${vip.id}`, coach)).body)).toEqual(['carol Premium']);
  });

  it('adds a tag to all matching and counts who already had it as unchanged, in one audit entry', async () => {
    const before = (await auditEntries()).length;
    const res = await h.api.post<BulkBody>(h.admin, '/api/user/bulk-action', {
      action: 'add-tag',
      tagId: vip.id,
      target: { filter: { filters: { role: ['premium'] } } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, changed: 1, unchanged: 1, failed: 0 });
    expect(names((await list(`filters[tagId]=${vip.id}&filters[role]=premium&sort=name&order=asc`)).body)).toEqual([
      'Bob Premium',
      'carol Premium',
    ]);
    const entries = await auditEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      tag_id: vip.id,
      user_id: null,
      after: { action: 'add-tag', tag: 'VIP', total: 2, changed: 1, unchanged: 1, failed: 0 },
    });
  });

  it('sets a role: a person who already holds it is unchanged, an unknown id and the admin themselves fail', async () => {
    const alice = people['Alice Basic'] as User;
    const bob = people['Bob Premium'] as User;
    const res = await h.api.post<BulkBody>(h.admin, '/api/user/bulk-action', {
      action: 'set-role',
      role: 'premium',
      target: { ids: [alice.id, bob.id, 999_999, h.admin.userId] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, changed: 1, unchanged: 1, failed: 2 });
    expect((await h.api.get<{ user: User }>(h.admin, `/api/user/${alice.id}`)).body.user.role).toBe('premium');
    expect((await h.api.get<{ user: User }>(h.admin, `/api/user/${h.admin.userId}`)).body.user.role).toBe('admin');
    expect((await auditEntries()).at(-1)?.after).toMatchObject({ action: 'set-role', role: 'premium', changed: 1 });
  });

  it('removes a tag and deletes, never the admin themselves', async () => {
    const dave = people['dave Coach'] as User;
    const erin = people['Erin Course'] as User;
    const removed = await h.api.post<BulkBody>(h.admin, '/api/user/bulk-action', {
      action: 'remove-tag',
      tagId: other.id,
      target: { ids: [dave.id, erin.id] },
    });
    expect(removed.body).toMatchObject({ total: 2, changed: 1, unchanged: 1, failed: 0 });
    const deleted = await h.api.post<BulkBody>(h.admin, '/api/user/bulk-action', {
      action: 'delete',
      target: { ids: [erin.id, h.admin.userId] },
    });
    expect(deleted.body).toMatchObject({ total: 2, changed: 1, unchanged: 0, failed: 1 });
    expect((await h.api.get(h.admin, `/api/user/${erin.id}`)).status).toBe(404);
  });

  it('refuses bad bodies, unknown tags and everyone but admins', async () => {
    for (const body of [
      {},
      { action: 'add-tag', target: { ids: [1] } },
      { action: 'set-role', target: { ids: [1] } },
      { action: 'explode', target: { ids: [1] } },
      { action: 'delete', target: { ids: [] } },
      { action: 'delete', target: { everyone: true } },
    ]) {
      const res = await h.api.post(h.admin, '/api/user/bulk-action', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const unknown = await h.api.post<{ errors: Record<string, string> }>(h.admin, '/api/user/bulk-action', {
      action: 'add-tag',
      tagId: 987_654,
      target: { ids: [1] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.tagId).toBeDefined();
    const coach = actorFor(people['dave Coach'] as User);
    const refused = await h.api.post(coach, '/api/user/bulk-action', {
      action: 'add-tag',
      tagId: vip.id,
      target: { ids: [people['Bob Premium']?.id] },
    });
    expect(refused.status).toBe(403);
  });

  it('runs a large "all matching" set as a job in chunks, with the same truthful counts', async () => {
    const count = BULK_ACTION_INLINE_MAX + 30;
    await h.users.database.pool.query(
      `INSERT INTO users (full_name, email, role, city) SELECT 'Bulk ' || i, 'bulk' || i || '@example.com', 'basic', 'Bulkville'
       FROM generate_series(1, ${count}) AS i`,
    );
    await h.users.database.pool.query(
      `INSERT INTO user_tags (user_id, tag_id) SELECT id, $1 FROM users WHERE city = 'Bulkville' ORDER BY id LIMIT 10`,
      [vip.id],
    );
    const started = await h.api.post<BulkBody>(h.admin, '/api/user/bulk-action', {
      action: 'add-tag',
      tagId: vip.id,
      target: { filter: { filters: { cityOrState: 'Bulkville' } } },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ total: count });
    let final: BulkBody | null = null;
    await waitFor(
      async () => {
        final = (await h.api.get<BulkBody>(h.admin, `/api/user/bulk-action/${started.body.jobId}`)).body;
        return final.state === 'completed' || final.state === 'failed';
      },
      { what: 'the bulk action to finish', timeoutMs: 40_000, intervalMs: 100 },
    );
    expect(final).toMatchObject({ state: 'completed', total: count, done: count, changed: count - 10, unchanged: 10 });
    expect((await auditEntries()).at(-1)?.after).toMatchObject({ total: count, changed: count - 10, unchanged: 10 });
    expect((await h.api.get(h.admin, '/api/user/bulk-action/nope')).status).toBe(404);
  });

  it('exports the people matching the filters only', async () => {
    const res = await h.api.get<string>(h.admin, `/api/user/export?filters[role]=premium&sort=name`);
    expect(res.status).toBe(200);
    const lines = String(res.body).trim().split('\n');
    expect(lines).toHaveLength(1 + 3);
    expect(lines.slice(1).every((line) => line.includes('premium'))).toBe(true);
  });
});

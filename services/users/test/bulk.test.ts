/** The bulk update wizard's calls: PUT /api/user/validate-users-csv and PUT /api/user/bulk-update (admins only). */

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { User } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor, waitFor } from '@rainmakers/kit/testing';
import { BULK_CHUNK, bulkUpdateUsers } from '../src/commands/users';
import { createTag, createUser, type Harness, outboxEvents, startHarness } from './helpers';

// Hundreds of people per test, through a job: seconds on a busy machine.
jest.setTimeout(30_000);

type Report = { found: { id: number; email: string; fullName: string }[]; duplicate: string[]; notFound: string[] };
type ErrorBody = { error: string; errors?: Record<string, string> };
type Started = { jobId: string; total: number; notFound: string[] };
type BulkStatus = { jobId: string; state: string; total: number; done: number; updated: number };

describe('bulk update from a CSV', () => {
  let h: Harness;
  let ann: User;
  let bo: User;
  beforeAll(async () => {
    h = await startHarness();
    ann = await createUser(h, { fullName: 'Ann Bulk', email: 'ann.bulk@example.com' });
    bo = await createUser(h, { fullName: 'Bo Bulk', email: 'bo.bulk@example.com', role: 'premium' });
  });
  afterAll(async () => {
    await h.stop();
  });

  /** PUT /api/user/bulk-update (202 and a user-bulk-update job), then its status until it has finished. */
  async function bulkUpdate(body: unknown): Promise<{ updated: number; notFound: string[]; final: BulkStatus }> {
    const res = await h.api.put<Started>(h.admin, '/api/user/bulk-update', body);
    expect(res.status).toBe(202);
    let final: BulkStatus | null = null;
    await waitFor(
      async () => {
        final = (await h.api.get<BulkStatus>(h.admin, `/api/user/bulk-update/${res.body.jobId}`)).body;
        return final.state === 'completed' || final.state === 'failed';
      },
      { what: 'the bulk update to finish', timeoutMs: 20_000, intervalMs: 50 },
    );
    const status = final as unknown as BulkStatus;
    expect(status).toMatchObject({ state: 'completed', total: res.body.total, done: res.body.total });
    return { updated: status.updated, notFound: res.body.notFound, final: status };
  }

  describe('PUT /api/user/validate-users-csv', () => {
    it('splits the e-mails into found, duplicate and not found', async () => {
      const res = await h.api.put<Report>(h.admin, '/api/user/validate-users-csv', {
        userEmails: [
          'email',
          ' ANN.bulk@example.com',
          'bo.bulk@example.com',
          'ann.bulk@example.com',
          'nobody@example.com',
          '',
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        found: [
          { id: ann.id, email: 'ann.bulk@example.com', fullName: 'Ann Bulk' },
          { id: bo.id, email: 'bo.bulk@example.com', fullName: 'Bo Bulk' },
        ],
        duplicate: ['ann.bulk@example.com'],
        notFound: ['email', 'nobody@example.com'],
      });
    });

    it('refuses a missing, empty or too long list', async () => {
      for (const body of [{}, { userEmails: [] }, { userEmails: 'a@b.c' }, { userEmails: [5] }]) {
        const res = await h.api.put<ErrorBody>(h.admin, '/api/user/validate-users-csv', body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(typeof res.body.error).toBe('string');
      }
      const huge = Array.from({ length: 50_001 }, (_, i) => `p${i}@example.com`);
      const res = await h.api.put<ErrorBody>(h.admin, '/api/user/validate-users-csv', { userEmails: huge });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/at most 50000 rows/);
    });
  });

  describe('PUT /api/user/bulk-update', () => {
    it('adds tags to the people found, publishes each changed person once, and skips unknown e-mails', async () => {
      const vip = await createTag(h, 'Bulk VIP');
      const before = (await outboxEvents(h, 'users.user-changed')).length;
      const res = await bulkUpdate({
        userEmails: ['ann.bulk@example.com', 'bo.bulk@example.com', 'ann.bulk@example.com', 'ghost@example.com'],
        tags: [vip.id],
        availableAction: 'add',
      });
      expect(res).toMatchObject({ updated: 2, notFound: ['ghost@example.com'] });
      expect(res.final.total).toBe(2);
      const published = (await outboxEvents(h, 'users.user-changed')).slice(before);
      expect(published.map((e) => e.data.id).sort()).toEqual([ann.id, bo.id].sort());
      expect(published.every((e) => (e.data.tagNames as string[]).includes('Bulk VIP'))).toBe(true);

      // Again: nothing changes, nothing is published.
      const again = await bulkUpdate({
        userEmails: ['ann.bulk@example.com', 'bo.bulk@example.com'],
        tags: [vip.id],
        availableAction: 'ADD',
      });
      expect(again).toMatchObject({ updated: 0, notFound: [] });
      expect((await outboxEvents(h, 'users.user-changed')).length).toBe(before + 2);

      const removed = await bulkUpdate({
        userEmails: ['bo.bulk@example.com'],
        tags: [vip.id],
        availableAction: 'remove',
        role: 'coach',
      });
      expect(removed).toMatchObject({ updated: 1, notFound: [] });
      const boNow = await h.api.get<{ user: User }>(h.admin, `/api/user/${bo.id}`);
      expect(boNow.body.user).toMatchObject({ role: 'coach', Tags: [] });
    });

    it('sets a role alone, across more people than one transaction holds', async () => {
      const { rows } = await h.users.database.pool.query<{ email: string }>(
        `INSERT INTO users (full_name, email, role)
         SELECT 'Many ' || n, 'many' || n || '@example.com', 'basic' FROM generate_series(1, $1::int) AS n
         RETURNING email`,
        [BULK_CHUNK + 20],
      );
      const res = await bulkUpdate({ userEmails: rows.map((r) => r.email), role: 'premium' });
      expect(res).toMatchObject({ updated: BULK_CHUNK + 20, notFound: [] });
      const { rows: left } = await h.users.database.pool.query(
        `SELECT 1 FROM users WHERE email LIKE 'many%@example.com' AND role <> 'premium'`,
      );
      expect(left).toHaveLength(0);
    });

    it('refuses bad input with a clear 400 and writes nothing', async () => {
      const before = (await outboxEvents(h, 'users.user-changed')).length;
      const cases: [unknown, string][] = [
        [{ userEmails: ['ann.bulk@example.com'] }, 'tags'],
        [{ userEmails: ['ann.bulk@example.com'], tags: [1] }, 'availableAction'],
        [{ userEmails: ['ann.bulk@example.com'], tags: [1], availableAction: 'toggle' }, 'availableAction'],
        [{ userEmails: ['ann.bulk@example.com'], role: 'king' }, 'role'],
        [{ userEmails: ['ann.bulk@example.com'], tags: [987654], availableAction: 'add' }, 'tags'],
      ];
      for (const [body, field] of cases) {
        const res = await h.api.put<ErrorBody>(h.admin, '/api/user/bulk-update', body);
        expect({ body, status: res.status, field: Object.keys(res.body.errors ?? {}) }).toEqual({
          body,
          status: 400,
          field: [field],
        });
      }
      expect((await outboxEvents(h, 'users.user-changed')).length).toBe(before);
    });

    it('does not let an admin take the admin role from themselves', async () => {
      const self = await h.api.get<{ user: User }>(h.admin, `/api/user/${h.admin.userId}`);
      const res = await h.api.put<ErrorBody>(h.admin, '/api/user/bulk-update', {
        userEmails: [self.body.user.email],
        role: 'basic',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ role: 'You cannot take the admin role away from yourself' });
    });
  });

  describe('the user-bulk-update job', () => {
    it('a retry of a run (the worker killed after a chunk committed) counts that chunk as done, changing nobody twice', async () => {
      const tag = await createTag(h, 'Bulk retry');
      const { rows } = await h.users.database.pool.query<{ id: number }>(
        `INSERT INTO users (full_name, email, role)
         SELECT 'Retry ' || n, 'retry' || n || '@example.com', 'basic' FROM generate_series(1, $1::int) AS n
         RETURNING id`,
        [BULK_CHUNK + 7],
      );
      const ids = rows.map((r) => r.id);
      const change = { tagIds: [tag.id], action: 'add' as const, role: null };
      const runId = randomUUID();
      const before = (await outboxEvents(h, 'users.user-changed')).length;
      // The first attempt dies right after its first chunk committed (before it could store its progress).
      const died = new Error('killed');
      await expect(
        bulkUpdateUsers(h.users.jobDeps, ids, change, runId, () => {
          throw died;
        }),
      ).rejects.toBe(died);
      expect((await outboxEvents(h, 'users.user-changed')).length).toBe(before + BULK_CHUNK);
      const heard: number[] = [];
      const result = await bulkUpdateUsers(h.users.jobDeps, ids, change, runId, (p) => {
        heard.push(p.done);
      });
      expect(result).toEqual({ total: ids.length, done: ids.length, updated: ids.length });
      expect(heard).toEqual([ids.length]);
      expect((await outboxEvents(h, 'users.user-changed')).length).toBe(before + ids.length);
      // The whole run again: recorded, nothing done twice.
      expect(await bulkUpdateUsers(h.users.jobDeps, ids, change, runId)).toEqual(result);
      expect((await outboxEvents(h, 'users.user-changed')).length).toBe(before + ids.length);
    });

    it('records who asked in the audit log, and answers its status to admins only', async () => {
      const tag = await createTag(h, 'Bulk audited');
      const res = await bulkUpdate({ userEmails: ['ann.bulk@example.com'], tags: [tag.id], availableAction: 'add' });
      expect(res.updated).toBe(1);
      // One entry for the job (not one per person), with its counts.
      const audit = await h.api.get<{ entries: { action: string; actorId: number; after: Record<string, unknown> }[] }>(
        h.admin,
        '/api/user/audit-log?action=user.bulk-update',
      );
      const entry = audit.body.entries[0];
      expect(entry?.actorId).toBe(h.admin.userId);
      expect(entry?.after).toMatchObject({ people: 1, updated: 1, change: 'add tags Bulk audited' });
      const id = res.final.jobId;
      expect((await h.api.get(null, `/api/user/bulk-update/${id}`)).status).toBe(401);
      for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
        const status = (await h.api.get(buildActor(role), `/api/user/bulk-update/${id}`)).status;
        expect({ role, status }).toEqual({ role, status: 403 });
      }
      expect((await h.api.get(h.admin, '/api/user/bulk-update/999999')).status).toBe(404);
      expect((await h.api.get(h.admin, '/api/user/bulk-update/..%2Fx')).status).toBe(404);
    });
  });

  it.each(['/api/user/validate-users-csv', '/api/user/bulk-update'])('answers %s to admins only', async (path) => {
    const body = { userEmails: ['ann.bulk@example.com'], role: 'basic' };
    expect((await h.api.put(null, path, body)).status).toBe(401);
    for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
      const res = await h.api.put(buildActor(role), path, body);
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
    }
    expect((await h.api.put(buildActor('basic', { accountRole: 'admin', isAdmin: true }), path, body)).status).toBe(
      403,
    );
  });
});

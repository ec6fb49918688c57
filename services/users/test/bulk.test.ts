/** The bulk update wizard's calls: PUT /api/user/validate-users-csv and PUT /api/user/bulk-update (admins only). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor } from '@rainmakers/kit/testing';
import { BULK_CHUNK } from '../src/commands/users';
import { createTag, createUser, type Harness, outboxEvents, startHarness } from './helpers';

type Report = { found: { id: number; email: string; fullName: string }[]; duplicate: string[]; notFound: string[] };
type ErrorBody = { error: string; errors?: Record<string, string> };

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
      const res = await h.api.put<{ updated: number; notFound: string[] }>(h.admin, '/api/user/bulk-update', {
        userEmails: ['ann.bulk@example.com', 'bo.bulk@example.com', 'ann.bulk@example.com', 'ghost@example.com'],
        tags: [vip.id],
        availableAction: 'add',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ updated: 2, notFound: ['ghost@example.com'] });
      const published = (await outboxEvents(h, 'users.user-changed')).slice(before);
      expect(published.map((e) => e.data.id).sort()).toEqual([ann.id, bo.id].sort());
      expect(published.every((e) => (e.data.tagNames as string[]).includes('Bulk VIP'))).toBe(true);

      // Again: nothing changes, nothing is published.
      const again = await h.api.put(h.admin, '/api/user/bulk-update', {
        userEmails: ['ann.bulk@example.com', 'bo.bulk@example.com'],
        tags: [vip.id],
        availableAction: 'ADD',
      });
      expect(again.body).toEqual({ updated: 0, notFound: [] });
      expect((await outboxEvents(h, 'users.user-changed')).length).toBe(before + 2);

      const removed = await h.api.put(h.admin, '/api/user/bulk-update', {
        userEmails: ['bo.bulk@example.com'],
        tags: [vip.id],
        availableAction: 'remove',
        role: 'coach',
      });
      expect(removed.body).toEqual({ updated: 1, notFound: [] });
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
      const res = await h.api.put<{ updated: number }>(h.admin, '/api/user/bulk-update', {
        userEmails: rows.map((r) => r.email),
        role: 'premium',
      });
      expect(res.body).toEqual({ updated: BULK_CHUNK + 20, notFound: [] });
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

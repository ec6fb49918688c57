/**
 * Invitations, users' side: who gets a users.user-invited event (a person created without a password
 * with the box ticked, each person an import with invitations creates; nobody else), invitedAt, the audit entry
 * and the per-person limit of POST /api/user/invite/{id}. auth's side (links, e-mail) is in services/auth/test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '@rainmakers/contracts';
import { buildActor, waitFor } from '@rainmakers/kit/testing';
import { createUser, type Harness, outboxEvents, startHarness } from './helpers';

type Invited = { userId: number; email: string; fullName: string; sentAt: string };

describe('invitations', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  const invitedEmails = async () => (await outboxEvents(h, 'users.user-invited')).map((e) => (e.data as Invited).email);

  it('invites a person created without a password when asked, and nobody else', async () => {
    const t = randomUUID().slice(0, 6);
    const create = (email: string, extra: Record<string, unknown>) =>
      h.api.post<{ user: User }>(h.admin, '/api/user/upsert', { fullName: `P ${t}`, email, role: 'basic', ...extra });
    const invited = await create(`asked-${t}@example.com`, { sendInvitation: true });
    expect(invited.status).toBe(201);
    expect(invited.body.user.invitedAt).toEqual(expect.any(String));
    expect(invited.body.user.lastSignInAt).toBeNull();
    const withPassword = await create(`pw-${t}@example.com`, { sendInvitation: true, password: 'long-enough-1' });
    expect(withPassword.body.user.invitedAt).toBeNull();
    const notAsked = await create(`plain-${t}@example.com`, {});
    expect(notAsked.body.user.invitedAt).toBeNull();

    const emails = await invitedEmails();
    expect(emails.filter((e) => e.includes(t))).toEqual([`asked-${t}@example.com`]);
  });

  it('an import with invitations invites each person it creates, not those it updates', async () => {
    const t = randomUUID().slice(0, 6);
    const existing = await createUser(h, { email: `old-${t}@example.com` });
    const csv = ['email,fullName', `new1-${t}@example.com,New One`, `new2-${t}@example.com,New Two`]
      .concat([`${existing.email},Renamed Old`])
      .join('\r\n');
    const form = new FormData();
    form.append('sendInvitations', 'true');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const started = await h.api.post<{ jobId: string }>(h.admin, '/api/user/import', form);
    expect(started.status).toBe(202);
    await waitFor(
      async () =>
        (await h.api.get<{ state: string }>(h.admin, `/api/user/import/${started.body.jobId}`)).body.state ===
        'completed',
      { what: 'the import to finish', timeoutMs: 20_000 },
    );
    const emails = (await invitedEmails()).filter((e) => e.includes(t)).sort();
    expect(emails).toEqual([`new1-${t}@example.com`, `new2-${t}@example.com`]);

    // Without the field, an import invites nobody.
    const quiet = new FormData();
    quiet.append('file', new Blob([`email\r\nquiet-${t}@example.com`], { type: 'text/csv' }), 'people.csv');
    const second = await h.api.post<{ jobId: string }>(h.admin, '/api/user/import', quiet);
    await waitFor(
      async () =>
        (await h.api.get<{ state: string }>(h.admin, `/api/user/import/${second.body.jobId}`)).body.state ===
        'completed',
      { what: 'the second import to finish', timeoutMs: 20_000 },
    );
    expect((await invitedEmails()).filter((e) => e.includes(`quiet-${t}`))).toEqual([]);
  });

  it('resends to admins only, audits it, and stops at 5 within 24 hours', async () => {
    const person = await createUser(h, {});
    const coach = buildActor('coach');
    expect((await h.api.post(coach, `/api/user/invite/${person.id}`)).status).toBe(403);
    expect((await h.api.post(h.admin, '/api/user/invite/999999999')).status).toBe(404);
    for (let i = 0; i < 5; i += 1) {
      const sent = await h.api.post<{ message: string }>(h.admin, `/api/user/invite/${person.id}`);
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ message: `Invitation sent to ${person.email}` });
    }
    const over = await h.api.post<{ error: string }>(h.admin, `/api/user/invite/${person.id}`);
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(
      'This person was already sent 5 invitations in the last 24 hours. Please try again tomorrow.',
    );
    const events = (await outboxEvents(h, 'users.user-invited')).filter(
      (e) => (e.data as Invited).userId === person.id,
    );
    expect(events).toHaveLength(5);
    const { rows } = await h.users.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.invite' AND user_id = $1`,
      [person.id],
    );
    expect(rows[0]?.n).toBe(5);
  });
});

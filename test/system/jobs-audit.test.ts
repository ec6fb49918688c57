/**
 * Through the gateway on the running stack: the job history and a job's status outlive a restart of the users
 * service and the loss of the import's BullMQ data in Redis (both read the job table in PostgreSQL), every bulk
 * action is in the history, and staff actions in other services
 * (a course edit, a resource delete, a banner change) reach the users service's audit log with the actor's and
 * the subject's names as they were.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { pidListeningOn } from '../support/processes';
import { freshAdmin, internalClient, type signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, fileForm, redis, signUp } from '../support/system';

jest.setTimeout(180_000);

afterAll(async () => {
  await closeSystemResources();
});

interface Job {
  id: string;
  kind: string;
  actorName: string | null;
  state: string;
  counts: Record<string, number>;
  fileName: string | null;
  errorFileUrl?: string;
}
interface Entry {
  action: string;
  actorName: string | null;
  subjectType: string | null;
  subjectId: string | null;
  subjectName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('job history', () => {
  it('lists an import with its counts after the users service restarted and its Redis job data is gone', async () => {
    const { session: admin, person: adminPerson } = await freshAdmin();
    const tag = randomUUID().slice(0, 8);
    const fileName = `history-${tag}.csv`;
    const csv = [
      'email,fullName',
      ...Array.from({ length: 4 }, (_, i) => `history${i}-${tag}@system.test,History ${i} ${tag}`),
      `nameless-${tag}@system.test,`,
      'not-an-email,Bad',
    ].join('\r\n');
    const started = await admin.request<{ jobId: string }>(
      'POST',
      '/api/user/import',
      fileForm(Buffer.from(csv), fileName, 'text/csv', 'file'),
    );
    expect(started.status).toBe(202);
    const { jobId } = started.body;
    await waitFor(
      async () => {
        const res = await admin.request<{ state: string }>('GET', `/api/user/import/${jobId}`);
        return res.body.state === 'completed' ? true : null;
      },
      { what: 'the import to complete', timeoutMs: 60_000 },
    );

    // The BullMQ job is gone from Redis, and the users service restarts.
    const { redisPrefix, ports } = stackInfo();
    const keys = (await redis().keys(`${redisPrefix}*user-import:${jobId}*`)).filter((k) =>
      new RegExp(`user-import:${jobId}(:|$)`).test(k),
    );
    expect(keys.length).toBeGreaterThan(0);
    await redis().del(...keys);
    // The status is the job table's, not BullMQ's: the same answer without the Redis data, at both paths.
    const afterLoss = await admin.request<{ state: string; kind: string; created: number }>(
      'GET',
      `/api/user/import/${jobId}`,
    );
    expect({ status: afterLoss.status, ...afterLoss.body }).toMatchObject({
      status: 200,
      state: 'completed',
      kind: 'import',
      created: 4,
    });
    expect((await admin.request('GET', `/api/user/jobs/${jobId}`)).body).toEqual(afterLoss.body);
    const pid = await pidListeningOn(ports.users);
    process.kill(pid, 'SIGKILL');
    await waitFor(
      async () => {
        const next = await pidListeningOn(ports.users).catch(() => undefined);
        return next !== undefined && next !== pid ? next : null;
      },
      { what: 'users to be restarted', timeoutMs: 90_000 },
    );

    let job: Job | undefined;
    await waitFor(
      async () => {
        const res = await admin.request<{ jobs: Job[]; total: number }>('GET', '/api/user/jobs?jobsPerPage=100');
        job = res.status === 200 ? res.body.jobs.find((j) => j.fileName === fileName) : undefined;
        return job ?? null;
      },
      { what: 'the job history to answer after the restart', timeoutMs: 60_000 },
    );
    expect(job).toMatchObject({
      kind: 'import',
      actorName: adminPerson.fullName,
      state: 'completed',
      counts: { total: 6, created: 4, failed: 2, errorCount: 2 },
    });
    const errors = await admin.request<string>('GET', job?.errorFileUrl ?? '/none');
    expect(errors.status).toBe(200);
    expect(String(errors.body)).toContain(`nameless-${tag}@system.test,The full name is empty`);
    // Nobody named after their e-mail.
    const nameless = await admin.request<{ users: unknown[] }>(
      'GET',
      `/api/user/read-many?search=${encodeURIComponent(`nameless-${tag}`)}`,
    );
    expect(nameless.body.users).toEqual([]);
    // The status after the restart is still the job table's.
    const after = await admin.request<{ state: string; created: number }>('GET', `/api/user/jobs/${jobId}`);
    expect({ status: after.status, state: after.body.state, created: after.body.created }).toEqual({
      status: 200,
      state: 'completed',
      created: 4,
    });
  });

  it('lists a bulk action of two people (done in the request) as a job of the history', async () => {
    const { session: admin } = await freshAdmin();
    const tag = randomUUID().slice(0, 8);
    const ids: number[] = [];
    for (const i of [1, 2]) {
      const { user } = await internalClient('users').request<{ user: { id: number } }>('POST', '/internal/users', {
        fullName: `Bulk ${i} ${tag}`,
        email: `bulk${i}-${tag}@system.test`,
        role: 'basic',
        tagIds: [],
      });
      ids.push(user.id);
    }
    const done = await admin.request<{ jobId: string; state: string; changed: number }>(
      'POST',
      '/api/user/bulk-action',
      { action: 'delete', target: { ids } },
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'completed', changed: 2 });
    const history = await admin.request<{ jobs: Job[] }>('GET', '/api/user/jobs?jobsPerPage=100');
    expect(history.body.jobs.find((j) => j.id === done.body.jobId)).toMatchObject({
      kind: 'bulk-action',
      state: 'completed',
      counts: { total: 2, done: 2, changed: 2, unchanged: 0, failed: 0 },
    });
  });
});

describe('audit log of other services', () => {
  async function entry(admin: Awaited<ReturnType<typeof signIn>>, query: string, match: (e: Entry) => boolean) {
    return waitFor(
      async () => {
        const res = await admin.request<{ entries: Entry[] }>('GET', `/api/user/audit-log?${query}`);
        return res.status === 200 ? (res.body.entries.find(match) ?? null) : null;
      },
      { what: `an audit entry (${query})`, timeoutMs: 60_000 },
    );
  }

  it('records a course edit, a resource delete and a banner change with the actor’s and the subject’s names', async () => {
    const { session: admin, person: adminPerson } = await freshAdmin();
    const tag = randomUUID().slice(0, 8);
    const { course } = await admin.post<{ course: { id: number } }>('/api/course/upsert', {
      title: `Audit course ${tag}`,
      slug: `audit-course-${tag}`,
      status: 'DRAFT',
    });
    await admin.post('/api/course/upsert', {
      id: course.id,
      title: `Audit course ${tag} v2`,
      slug: `audit-course-${tag}`,
      status: 'DRAFT',
    });
    const edit = await entry(admin, `action=course.update&subjectType=course&subjectId=${course.id}`, () => true);
    expect(edit).toMatchObject({
      actorName: adminPerson.fullName,
      subjectName: `Audit course ${tag} v2`,
      before: { title: `Audit course ${tag}` },
      after: { title: `Audit course ${tag} v2` },
    });

    const { resource } = await admin.post<{ resource: { id: number } }>('/api/resource/upsert', {
      title: `Audit resource ${tag}`,
      description: 'Deleted by the audit test',
      type: 'Link',
      visibility: 'Free',
      url: 'https://example.com/audit',
    });
    expect((await admin.request('DELETE', `/api/resource/${resource.id}`)).status).toBe(204);
    const removed = await entry(admin, `action=resource.delete&subjectId=${resource.id}`, () => true);
    expect(removed).toMatchObject({
      actorName: adminPerson.fullName,
      subjectType: 'resource',
      subjectName: `Audit resource ${tag}`,
      after: null,
    });

    const title = `Audit banner ${tag}`;
    await admin.post('/api/dashboard-banner', {
      title,
      content: 'Changed by the audit test',
      video_url: null,
      button_text: 'Open',
      button_url: 'https://example.com/banner',
      type: 'basic',
      average_shipping_rate: null,
    });
    const banner = await entry(admin, 'subjectType=banner', (e) => e.subjectName === `Basic banner: ${title}`);
    expect(banner).toMatchObject({ actorName: adminPerson.fullName, after: { title } });
    expect(['banner.create', 'banner.update']).toContain(banner.action);

    // The CSV export shows the labels, not the internal names.
    const csv = await admin.request<string>('GET', `/api/user/audit-log.csv?subjectType=course&subjectId=${course.id}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(`Edited course,Course,Audit course ${tag} v2,Title: Audit course ${tag} → `);
  });
});

describe('audit entries say what changed', () => {
  it('records a member’s theme and photo changes with before and after, worded in the CSV, secrets masked', async () => {
    const { session: admin } = await freshAdmin();
    const member = await signUp('audit-wording');
    await member.session.post('/api/user/upsert', { id: member.id, theme: 'light' });
    await member.session.post('/api/user/upsert', { id: member.id, theme: 'dark' });
    await member.session.post('/api/user/upsert', { id: member.id, photoUrl: 'https://example.test/me.png' });
    const newPassword = `New-${randomUUID()}`;
    await admin.post('/api/user/upsert', { id: member.id, password: newPassword });

    const { entries } = await admin.get<{ entries: Entry[] }>(`/api/user/audit-log?userId=${member.id}`);
    const updates = entries.filter((e) => e.action === 'user.update');
    expect(updates.map((e) => [e.before, e.after])).toEqual(
      expect.arrayContaining([
        [{ theme: 'light' }, { theme: 'dark' }],
        [{ photoUrl: null }, { photoUrl: 'https://example.test/me.png' }],
        [{ password: 'set' }, { password: 'set' }],
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain(newPassword);

    const csv = await admin.request('GET', `/api/user/audit-log.csv?userId=${member.id}`);
    const text = String(csv.body);
    expect(text).toContain('Theme: Light → Dark');
    expect(text).toContain('Photo: added');
    expect(text).toContain('Password: changed');
    expect(text).not.toContain(newPassword);
    // No entry reads empty: every row has its Changes cell.
    for (const line of text.trim().split('\n').slice(1)) expect(line.endsWith(',')).toBe(false);
  });
});

/**
 * Through the gateway on the running stack: the job history outlives a restart of the users service and
 * the loss of the import's BullMQ data in Redis (it is read from PostgreSQL), and staff actions in other services
 * (a course edit, a resource delete, a banner change) reach the users service's audit log with the actor's and
 * the subject's names as they were.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { pidListeningOn } from '../support/processes';
import { freshAdmin, type signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, fileForm, redis } from '../support/system';

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
    expect((await admin.request('GET', `/api/user/import/${jobId}`)).status).toBe(404);
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

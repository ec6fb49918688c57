/**
 * The job history (GET /api/user/jobs, its report and error files, kept 30 days) and what the audit log keeps of
 * jobs and of the other services' staff actions (audit.recorded, billing.sync-recorded), against the real service.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { publishEvent } from '@rainmakers/kit';
import { ALL_ROLES, buildActor, waitFor } from '@rainmakers/kit/testing';
import { FULL_NAME_REQUIRED, importChunkSize, importRows } from '../src/commands/imports';
import { errorsKey } from '../src/import-files';
import { purgeOldJobs } from '../src/jobs';
import { createUser, type Harness, startHarness } from './helpers';

type Job = {
  id: string;
  kind: string;
  actorName: string | null;
  createdAt: string;
  finishedAt: string | null;
  state: string;
  counts: Record<string, number>;
  reportUrl?: string;
  errorFileUrl?: string;
};
type Entry = {
  id: number;
  action: string;
  actorId: number | null;
  actorName: string | null;
  subjectType: string | null;
  subjectId: string | null;
  subjectName: string | null;
  service: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

function upload(content: string, name = 'people.csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  return form;
}

describe('job history and audit of jobs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  const jobs = async (query = '') =>
    (await h.api.get<{ jobs: Job[]; total: number }>(h.admin, `/api/user/jobs${query}`)).body;

  async function runImport(csv: string, name: string): Promise<string> {
    const res = await h.api.post<{ jobId: string }>(h.admin, '/api/user/import', upload(csv, name));
    expect(res.status).toBe(202);
    let state = '';
    await waitFor(
      async () => {
        state = (await h.api.get<{ state: string }>(h.admin, `/api/user/import/${res.body.jobId}`)).body.state;
        return state === 'completed' || state === 'failed';
      },
      { what: 'the import to finish', timeoutMs: 30_000 },
    );
    return res.body.jobId;
  }

  it('lists an import with who, when, its counts and its files; a new person without a name is an error row', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `jobs${i}@example.com,Jobs Person ${i}`);
    rows.push('nameless@example.com,', 'not-an-email,Bad Row', 'jobs1@example.com,Again');
    await runImport(`email,fullName\r\n${rows.join('\r\n')}`, 'jobs.csv');

    const list = await jobs();
    const job = list.jobs.find((j) => j.kind === 'import');
    expect(job).toMatchObject({
      kind: 'import',
      actorName: 'Ada Admin',
      state: 'completed',
      counts: { total: 53, done: 53, created: 50, updated: 0, skipped: 1, failed: 2, errorCount: 3 },
    });
    expect(Date.parse(job?.finishedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(job?.createdAt ?? ''));
    expect(job?.errorFileUrl).toBe(`/api/user/jobs/${job?.id}/errors.csv`);
    // Nobody was named after their e-mail.
    const nameless = await h.api.get<{ users: unknown[] }>(h.admin, '/api/user/read-many?search=nameless@example.com');
    expect(nameless.body.users).toHaveLength(0);

    const errors = await h.api.get<string>(h.admin, job?.errorFileUrl ?? '');
    expect(errors.status).toBe(200);
    expect(errors.body.split('\r\n')).toEqual([
      'row,email,reason',
      '52,nameless@example.com,The full name is empty (it is required for a new person)',
      '53,not-an-email,The email is not valid',
      '54,jobs1@example.com,Skipped: the same e-mail is on row 3',
      '',
    ]);
    expect(FULL_NAME_REQUIRED).toMatch(/full name/);
    const report = await h.api.get<string>(h.admin, job?.reportUrl ?? '');
    expect(report.status).toBe(200);
    expect(report.body).toContain('created,50\r\n');
    expect(report.body).toContain('started by,Ada Admin\r\n');

    // One audit entry for the whole import, with its counts.
    const audit = await h.api.get<{ entries: Entry[] }>(h.admin, '/api/user/audit-log?action=user.import');
    expect(audit.body.entries.filter((e) => e.subjectId === job?.id)).toHaveLength(1);
  });

  it('reports progress after every chunk, not 0 and then done', async () => {
    const rows = Array.from({ length: 53 }, (_, i) => ({ email: `progress${i}@example.com`, fullName: `P ${i}` }));
    const seen: number[] = [];
    await importRows(h.users.jobDeps, rows, `progress-${Date.now()}`, (r) => {
      seen.push(r.done);
    });
    expect(importChunkSize(53)).toBeLessThan(53);
    expect(seen.length).toBe(Math.ceil(53 / importChunkSize(53)));
    expect(seen.at(-1)).toBe(53);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[0]).toBeLessThan(53);
  });

  it('purges a job older than 30 days with its error file', async () => {
    await runImport('email,fullName\r\nold.job@example.com,Old Job\r\nbad,Bad', 'old.csv');
    const old = (await jobs()).jobs.find((j) => j.counts.created === 1 && j.kind === 'import');
    expect(old).toBeDefined();
    const id = old?.id ?? '';
    const key = errorsKey(h.users.jobDeps.files, id);
    expect(await h.users.jobDeps.files.storage.get(key)).not.toBeNull();
    // Thirty-one days later.
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    await purgeOldJobs(h.users.jobDeps, later);
    const left = await h.users.database.db.selectFrom('jobs').select('id').where('id', '=', id).execute();
    expect(left).toEqual([]);
    expect(await h.users.jobDeps.files.storage.get(key)).toBeNull();
    expect((await h.api.get(h.admin, `/api/user/jobs/${id}/errors.csv`)).status).toBe(404);
  });

  it('keeps Stripe syncs that billing reports (billing.sync-recorded)', async () => {
    const startedAt = new Date().toISOString();
    await publishEvent(h.users.database.db, 'billing.sync-recorded', {
      jobId: '77',
      actorId: h.admin.userId,
      state: 'running',
      startedAt,
      finishedAt: null,
      counts: { pages: 0, subscriptions: 0, customers: 0, changed: 0 },
      failedReason: null,
    });
    await publishEvent(h.users.database.db, 'billing.sync-recorded', {
      jobId: '77',
      actorId: h.admin.userId,
      state: 'completed',
      startedAt,
      finishedAt: new Date().toISOString(),
      counts: { pages: 2, subscriptions: 150, customers: 120, changed: 4 },
      failedReason: null,
    });
    await h.users.flushEvents();
    let sync: Job | undefined;
    await waitFor(
      async () => {
        sync = (await jobs()).jobs.find((j) => j.id === 'stripe-sync:77' && j.state === 'completed');
        return sync !== undefined;
      },
      { what: 'the sync in the job history', timeoutMs: 20_000 },
    );
    expect(sync).toMatchObject({
      kind: 'stripe-sync',
      actorName: 'Ada Admin',
      counts: { pages: 2, subscriptions: 150, customers: 120, changed: 4 },
    });
    expect(sync?.errorFileUrl).toBeUndefined();
  });

  it('pages and bounds the list, and is for admins only', async () => {
    const first = await jobs('?jobsPerPage=1&page=1');
    expect(first.jobs).toHaveLength(1);
    // The purge above took the imports (31 days on); the sync is left.
    expect(first.total).toBe(1);
    expect((await jobs('?jobsPerPage=1&page=2')).jobs).toEqual([]);
    expect((await h.api.get(h.admin, '/api/user/jobs?jobsPerPage=1000')).status).toBe(400);
    expect((await h.api.get(h.admin, '/api/user/jobs/nope/report.csv')).status).toBe(404);
    expect((await h.api.get(h.admin, '/api/user/jobs/..%2Fx/errors.csv')).status).toBe(404);
    expect((await h.api.get(null, '/api/user/jobs')).status).toBe(401);
    for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
      const status = (await h.api.get(buildActor(role), '/api/user/jobs')).status;
      expect({ role, status }).toEqual({ role, status: 403 });
      const file = (await h.api.get(buildActor(role), `/api/user/jobs/${first.jobs[0]?.id}/report.csv`)).status;
      expect({ role, file }).toEqual({ role, file: 403 });
    }
  });
});

describe('audit log of other services, filters and export', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  const log = async (query = '') =>
    (await h.api.get<{ entries: Entry[]; totalCount: number }>(h.admin, `/api/user/audit-log${query}`)).body;

  it('writes audit.recorded with the names captured by the publisher; filters by actor, action, subject and day', async () => {
    const coach = await createUser(h, { role: 'coach', fullName: 'Cora Coach' });
    await publishEvent(h.users.database.db, 'audit.recorded', {
      actorId: h.admin.userId,
      actorName: null,
      impersonatorId: null,
      action: 'course.update',
      subjectType: 'course',
      subjectId: '12',
      subjectName: 'Selling 101',
      changes: { before: { title: 'Selling' }, after: { title: 'Selling 101' } },
    });
    await publishEvent(h.users.database.db, 'audit.recorded', {
      actorId: coach.id,
      actorName: 'Cora Coach',
      impersonatorId: null,
      action: 'board.card-delete',
      subjectType: 'card',
      subjectId: '99',
      subjectName: '=HYPERLINK("http://evil.example")',
      changes: { before: { title: '=HYPERLINK("http://evil.example")', owner: 'Mia Member' }, after: null },
    });
    await h.users.flushEvents();
    await waitFor(async () => (await log('?subjectType=card')).entries.length === 1, {
      what: 'the staff actions in the log',
      timeoutMs: 20_000,
    });
    const course = (await log('?action=course.update')).entries;
    expect(course).toHaveLength(1);
    expect(course[0]).toMatchObject({
      actorName: 'Ada Admin',
      subjectType: 'course',
      subjectId: '12',
      subjectName: 'Selling 101',
      service: 'courses',
      before: { title: 'Selling' },
      after: { title: 'Selling 101' },
    });
    const byCoach = (await log(`?actorId=${coach.id}`)).entries;
    expect(byCoach.map((e) => [e.action, e.actorName, e.service])).toEqual([
      ['board.card-delete', 'Cora Coach', 'board'],
    ]);
    expect((await log('?subjectType=course&subjectId=12')).totalCount).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}&action=course.update`)).totalCount).toBe(1);
    expect((await log('?from=2000-01-01&to=2000-01-02')).totalCount).toBe(0);
    expect((await h.api.get(h.admin, '/api/user/audit-log?from=yesterday')).status).toBe(400);
    expect((await h.api.get(h.admin, '/api/user/audit-log?subjectType=planet')).status).toBe(400);
  });

  it('exports the filtered log as a formula-safe CSV with labels, for admins only', async () => {
    const csv = await h.api.get<string>(h.admin, '/api/user/audit-log.csv?subjectType=card');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,On behalf of,What,Kind,About,Changes');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',Cora Coach,,Deleted board card,Board card,');
    // The formula is neutralised (a leading apostrophe), never run by a spreadsheet.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain('Board of: Mia Member');
    for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
      const status = (await h.api.get(buildActor(role), '/api/user/audit-log.csv')).status;
      expect({ role, status }).toEqual({ role, status: 403 });
    }
  });
});

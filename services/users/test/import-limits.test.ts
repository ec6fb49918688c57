/**
 * No import may hold the users service: a file is checked while it streams to storage and refused with
 * 400 before anything is queued, or read by the worker (which fails the job with the reason), while another
 * member's reads of GET /api/user/{id} stay 2xx and fast; job data, progress and results in Redis hold
 * references and counts, never a file, a cell or the error list.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '@rainmakers/contracts';
import { createRedis, type Redis } from '@rainmakers/kit';
import { keepSampling, testInfra, waitFor } from '@rainmakers/kit/testing';
import { createBulkUpdateQueue, createImportQueue, type ImportQueue } from '../src/jobs';
import { actorFor, createUser, type Harness, startHarness } from './helpers';
import { HEADER_AND_ONE_ROW, workbookOf } from './xlsx-bytes';

type Status = {
  jobId: string;
  state: string;
  total: number;
  done: number;
  failed: number;
  errorCount: number;
  failedReason: string | null;
};

/** The member's reads' 95th percentile, in one process with the client and the worker (see the first test). */
const READ_BOUND_MS = 1_000;

function upload(content: string | Buffer, name = 'people.csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  return form;
}

/** Reads the member's own record every 25 ms until stopped: each answer's status and time. */
const keepReading = (h: Harness, member: User) =>
  keepSampling(async () => (await h.api.get(actorFor(member), `/api/user/${member.id}`)).status, 25);

describe('import bounds', () => {
  let h: Harness;
  let member: User;
  let redis: Redis;
  let imports: ImportQueue;

  beforeAll(async () => {
    h = await startHarness();
    member = await createUser(h, { fullName: 'Reading Member' });
    redis = createRedis(testInfra().redisUrl, 'users-import-limits-test');
    imports = createImportQueue(redis, h.users.redisPrefix);
  });
  afterAll(async () => {
    await imports.close();
    redis.disconnect();
    await h.stop();
  });

  const post = (form: FormData) =>
    h.api.post<{ jobId: string; total: number; error?: string; errors?: Record<string, string> }>(
      h.admin,
      '/api/user/import',
      form,
    );

  async function finished(jobId: string): Promise<Status> {
    let status: Status | undefined;
    await waitFor(
      async () => {
        status = (await h.api.get<Status>(h.admin, `/api/user/import/${jobId}`)).body;
        return status.state === 'completed' || status.state === 'failed';
      },
      { what: 'the import to finish', timeoutMs: 90_000, intervalMs: 100 },
    );
    return status as Status;
  }

  /** Bytes Redis spends on a job's hash (data, progress, result). */
  const jobBytes = async (jobId: string) =>
    Number(await redis.call('MEMORY', 'USAGE', `${h.users.redisPrefix}bull:user-import:${jobId}`, 'SAMPLES', '0'));

  /** Keys in the users' bucket (the test's own s3rver). */
  async function storedKeys(): Promise<string[]> {
    const S3 = await import('@aws-sdk/client-s3');
    const client = new S3.S3Client({
      endpoint: h.users.s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const listed = await client.send(new S3.ListObjectsV2Command({ Bucket: h.users.s3Bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    } catch (error) {
      if (error instanceof S3.NoSuchBucket || (error as { name?: string }).name === 'NoSuchBucket') return [];
      throw error;
    } finally {
      client.destroy();
    }
  }

  const queued = async () => {
    const counts = await imports.getJobCounts();
    return Object.values(counts).reduce((a, b) => a + b, 0);
  };

  it('refuses 1,000,000 rows and a 200,000-column header at once, queues nothing, and a member reads on', async () => {
    const before = await queued();
    const millionRows = `email\r\n${Array.from({ length: 1_000_000 }, (_, i) => `r${i}@x.io`).join('\r\n')}`;
    const wideHeader = `email,${Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(',')}\r\na@b.co\r\n`;
    // Built before the reads start: the test's client runs in the service's process.
    const forms = [upload(millionRows), upload(wideHeader)];
    const reading = keepReading(h, member);
    const rows = await post(forms[0] as FormData);
    expect({ status: rows.status, error: rows.body.error }).toEqual({
      status: 400,
      error: 'A file may hold at most 50000 rows.',
    });
    const wide = await post(forms[1] as FormData);
    expect(wide.status).toBe(400);
    expect(wide.body.error).toMatch(/^Row 1 (has more than 100 columns|is longer than 65536 bytes)/);
    expect(wide.body.errors).toEqual({ file: wide.body.error });
    const reads = await reading.stop();
    expect(await queued()).toBe(before);
    expect(await storedKeys()).toEqual([]);
    // Every read answered. Here the test's client (which builds and streams the files), the service and its worker
    // share one process: how fast the reads are says more about the client than the service, so speed is left to
    // test/system/import-isolation.test.ts (across processes) and `npm run bench` (the isolation scenario).
    // The refusals are quick (the streaming check stops at the first broken limit): a few reads overlap them.
    expect(reads.statuses).toEqual([200]);
    expect(reads.count).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a cell past its column limit, and a row wider than 100 columns, while the file uploads', async () => {
    const longName = await post(upload(`email,fullName\r\na@b.co,Ann\r\nc@d.co,${'n'.repeat(121)}\r\n`));
    expect({ status: longName.status, error: longName.body.error }).toEqual({
      status: 400,
      error: 'Row 3: fullName is longer than 120 characters. Shorten it and upload the file again.',
    });
    const wideRow = await post(
      upload(`email,fullName\r\na@b.co,${Array.from({ length: 120 }, () => 'x').join(',')}\r\n`),
    );
    expect(wideRow.body.error).toBe('Row 2 has more than 100 columns. A file may have at most 100.');
  }, 60_000);

  it('keeps a 50 MB cell of a 50 KB workbook out of Redis: refused at upload, or by the worker when the zip lies', async () => {
    const before = await queued();
    const cell = 'a'.repeat(50 * 1024 * 1024);
    const strings = `<si><t>email</t></si><si><t>fullName</t></si><si><t>${cell}</t></si>`;
    const honest = workbookOf({ rows: HEADER_AND_ONE_ROW, strings, stringCount: 3 });
    expect(honest.length).toBeLessThan(200 * 1024);
    const refused = await post(upload(honest, 'big.xlsx'));
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 400,
      error: expect.stringMatching(/^This workbook is too large to import: its texts take more than 32 MB unpacked/),
    });
    expect(await queued()).toBe(before);
    expect((await storedKeys()).filter((key) => key.endsWith('/upload'))).toEqual([]);

    // The same cell behind a directory that says 200 bytes: queued (as a key), then refused by the worker.
    const lying = workbookOf({ rows: HEADER_AND_ONE_ROW, strings, stringCount: 3, declare: { strings: 200 } });
    const started = await post(upload(lying, 'big.xlsx'));
    expect(started.status).toBe(202);
    const status = await finished(started.body.jobId);
    expect(status).toMatchObject({
      state: 'failed',
      failedReason: expect.stringMatching(/not a CSV table or an Excel workbook/),
    });
    expect(await jobBytes(started.body.jobId)).toBeLessThan(16 * 1024);
    // The refused upload is deleted when its job fails.
    expect((await storedKeys()).filter((key) => key.endsWith('/upload'))).toEqual([]);
  }, 120_000);

  it('fails a workbook of 2,000,000 cells in a row, or of 600,000 texts, in the worker with the reason', async () => {
    const wideRow = workbookOf({
      rows: `<row r="1">${'<c/>'.repeat(2_000_000)}</row>`,
      strings: '<si><t>email</t></si>',
      stringCount: 1,
    });
    const manyTexts = workbookOf({ rows: HEADER_AND_ONE_ROW, strings: '<si/>'.repeat(600_000), stringCount: 600_000 });
    const reading = keepReading(h, member);
    const [wide, texts] = await Promise.all([
      post(upload(wideRow, 'wide.xlsx')),
      post(upload(manyTexts, 'texts.xlsx')),
    ]);
    expect([wide.status, texts.status]).toEqual([202, 202]);
    expect(await finished(wide.body.jobId)).toMatchObject({
      state: 'failed',
      failedReason: expect.stringMatching(/row 1 of its first sheet has cells past column 100/),
    });
    expect(await finished(texts.body.jobId)).toMatchObject({
      state: 'failed',
      failedReason: expect.stringMatching(/it holds more than 500000 distinct texts/),
    });
    const reads = await reading.stop();
    expect(reads.statuses).toEqual([200]);
    expect(reads.p95).toBeLessThan(READ_BOUND_MS);
  }, 120_000);

  it('imports a hand-made workbook by the same rules (the checks pass what a spreadsheet writes)', async () => {
    const book = workbookOf({
      rows: HEADER_AND_ONE_ROW,
      strings: '<si><t>email</t></si><si><t>fullName</t></si><si><t>Big Cell</t></si>',
      stringCount: 3,
    });
    const started = await post(upload(book, 'small.xlsx'));
    expect(started.body).toEqual({ jobId: expect.any(String), total: 0 });
    expect(await finished(started.body.jobId)).toMatchObject({ state: 'completed', total: 1, done: 1 });
  }, 60_000);

  it('reads a 20 MB file in the worker while a member reads on; Redis keeps counts, the error report is in storage', async () => {
    // 50,000 rows of ~400 bytes: every role unknown, so each row is an error line.
    const notes = 'n'.repeat(370);
    const lines = Array.from({ length: 50_000 }, (_, i) => `big${i}@example.com,Big ${i},king,${notes}`);
    const csv = Buffer.from(`email,fullName,role,notes\r\n${lines.join('\r\n')}\r\n`);
    expect(csv.length).toBeGreaterThan(19 * 1024 * 1024);
    expect(csv.length).toBeLessThan(20 * 1024 * 1024);
    const form = upload(csv);
    const reading = keepReading(h, member);
    const started = await post(form);
    expect(started.body).toEqual({ jobId: expect.any(String), total: 50_000 });
    const status = await finished(started.body.jobId);
    const reads = await reading.stop();
    expect(status).toMatchObject({
      state: 'completed',
      total: 50_000,
      done: 50_000,
      failed: 50_000,
      errorCount: 50_000,
    });
    expect(reads.statuses).toEqual([200]);
    expect(reads.p95).toBeLessThan(READ_BOUND_MS);
    // Data (a key), progress and result (counts): a few hundred bytes, not the 20 MB file or 50,000 error lines.
    expect(await jobBytes(started.body.jobId)).toBeLessThan(16 * 1024);
    const errors = await h.api.get<string>(h.admin, `/api/user/import/${started.body.jobId}/errors.csv`);
    const errorLines = errors.body.split('\r\n');
    expect(errorLines).toHaveLength(50_002);
    expect(errorLines[1]).toBe('2,big0@example.com,Unknown role: king');
  }, 180_000);

  it('a bulk update job holds the number of people, not their list', async () => {
    const people = await Promise.all([createUser(h), createUser(h)]);
    const res = await h.api.put<{ jobId: string; total: number }>(h.admin, '/api/user/bulk-update', {
      userEmails: people.map((p) => p.email),
      tags: [],
      availableAction: 'add',
      role: 'premium',
    });
    expect(res.status).toBe(202);
    const queue = createBulkUpdateQueue(redis, h.users.redisPrefix);
    try {
      const job = await queue.getJob(res.body.jobId);
      expect(job?.data).not.toHaveProperty('userIds');
      expect(job?.data.total).toBe(2);
      await waitFor(async () => (await queue.getJobState(res.body.jobId)) === 'completed', { timeoutMs: 20_000 });
      const read = await h.api.get<{ user: User }>(h.admin, `/api/user/${people[0]?.id}`);
      expect(read.body.user.role).toBe('premium');
    } finally {
      await queue.close();
    }
  }, 60_000);
});

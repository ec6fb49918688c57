/** Import users: POST /api/user/import (a user-import job), its status and its error report; admins only. */

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '@rainmakers/contracts';
import { ALL_ROLES, buildActor, waitFor } from '@rainmakers/kit/testing';
import ExcelJS from 'exceljs';
import { importChunkSize, importRows } from '../src/commands/imports';
import { countUsers, createTag, createUser, type Harness, outboxEvents, startHarness } from './helpers';

type Status = {
  jobId: string;
  state: string;
  total: number;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errorCount: number;
  failedReason: string | null;
};

function upload(content: string | Buffer, name = 'people.csv', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([content], { type: 'text/csv' }), name);
  return form;
}

describe('import users', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  async function runImport(content: string | Buffer, name = 'people.csv'): Promise<Status> {
    const res = await h.api.post<{ jobId: string; total: number }>(h.admin, '/api/user/import', upload(content, name));
    expect(res.status).toBe(202);
    let status: Status | undefined;
    await waitFor(
      async () => {
        status = (await h.api.get<Status>(h.admin, `/api/user/import/${res.body.jobId}`)).body;
        return status.state === 'completed' || status.state === 'failed';
      },
      { what: 'the import to finish', timeoutMs: 20_000 },
    );
    return status as Status;
  }

  it('creates, updates and skips by e-mail, reports bad and duplicate rows, and publishes each person', async () => {
    const vip = await createTag(h, 'Import VIP');
    const existing = await createUser(h, { fullName: 'Existing Person', email: 'existing@example.com' });
    const unchanged = await createUser(h, { fullName: 'Same Person', email: 'same@example.com' });
    const before = (await outboxEvents(h, 'users.user-changed')).length;
    const csv = [
      'Email,Full Name,Role,City,Tags',
      'new.one@example.com,New One,premium,Austin,import vip',
      'EXISTING@example.com,Existing Person,coach,,',
      'same@example.com,Same Person,,,',
      'not-an-email,Bad Row,,,',
      'new.two@example.com,New Two,king,,',
      'new.three@example.com,New Three,,,Nope',
      'new.one@example.com,Again,,,',
      'new.four@example.com,"Four, ""Quoted""",basic,,',
    ].join('\r\n');
    const status = await runImport(csv);
    expect(status).toMatchObject({
      state: 'completed',
      total: 8,
      done: 8,
      created: 2,
      updated: 1,
      skipped: 2,
      failed: 3,
      errorCount: 4,
    });
    const one = await h.api.get<{ users: User[] }>(h.admin, '/api/user/read-many?search=new.one@example.com');
    expect(one.body.users[0]).toMatchObject({
      fullName: 'New One',
      role: 'premium',
      city: 'Austin',
      Tags: [{ id: vip.id, name: vip.name }],
    });
    const ex = await h.api.get<{ user: User }>(h.admin, `/api/user/${existing.id}`);
    expect(ex.body.user.role).toBe('coach');
    expect(unchanged.role).toBe('basic');
    const published = (await outboxEvents(h, 'users.user-changed')).slice(before).map((e) => e.data.email);
    expect(published.sort()).toEqual(['existing@example.com', 'new.four@example.com', 'new.one@example.com']);

    // The import is one entry of the audit log, with its counts, by the admin who uploaded the file.
    const audit = await h.api.get<{
      entries: { action: string; actorId: number; actorName: string; after: unknown }[];
    }>(h.admin, '/api/user/audit-log?itemsPerPage=100&action=user.import');
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      actorId: h.admin.userId,
      actorName: 'Ada Admin',
      subjectType: 'job',
      subjectName: 'people.csv',
      after: { fileName: 'people.csv', total: 8, created: 2, updated: 1, skipped: 2, failed: 3 },
    });

    const errors = await h.api.get<string>(h.admin, `/api/user/import/${status.jobId}/errors.csv`);
    expect(errors.status).toBe(200);
    expect(errors.headers.get('content-disposition')).toBe('attachment; filename="import-errors.csv"');
    expect(errors.body.split('\r\n')).toEqual([
      'row,email,reason',
      '5,not-an-email,The email is not valid',
      '6,new.two@example.com,Unknown role: king',
      '7,new.three@example.com,Unknown tag: Nope',
      '8,new.one@example.com,Skipped: the same e-mail is on row 2',
      '',
    ]);
  });

  it('creates nobody twice when the same file is uploaded again', async () => {
    const csv = `email,fullName\r\n${Array.from({ length: 600 }, (_, i) => `again${i}@example.com,Again ${i}`).join('\r\n')}`;
    const first = await runImport(csv);
    expect(first).toMatchObject({ created: 600, skipped: 0 });
    const second = await runImport(csv);
    expect(second).toMatchObject({ created: 0, updated: 0, skipped: 600, failed: 0 });
    expect(await countUsers(h, "email LIKE 'again%@example.com'")).toBe(600);
  });

  it('a retry after the worker died mid-way counts the rows the killed attempt created as created', async () => {
    const rows = Array.from({ length: 510 }, (_, i) => ({
      email: `resume${i}@example.com`,
      fullName: `Resume ${i}`,
    }));
    rows.push({ email: 'RESUME3@example.com', fullName: 'Again' });
    const runId = randomUUID();
    const died = new Error('killed');
    // The first attempt dies after its first chunk committed, before it stored its progress.
    await expect(
      importRows(h.users.jobDeps, rows, runId, () => {
        throw died;
      }),
    ).rejects.toBe(died);
    expect(await countUsers(h, "email LIKE 'resume%@example.com'")).toBe(importChunkSize(rows.length));
    const report = await importRows(h.users.jobDeps, rows, runId, () => {});
    expect(report).toMatchObject({ total: rows.length, done: rows.length, created: rows.length - 1, updated: 0 });
    expect(report).toMatchObject({ skipped: 1, failed: 0 });
    expect(report.errors).toEqual([
      { row: rows.length + 1, email: 'resume3@example.com', reason: 'Skipped: the same e-mail is on row 5' },
    ]);
    expect(await countUsers(h, "email LIKE 'resume%@example.com'")).toBe(rows.length - 1);
    const events = await outboxEvents(h, 'users.user-changed');
    const resumed = events.filter((e) => String(e.data.email).startsWith('resume'));
    expect(resumed).toHaveLength(rows.length - 1);
  });

  it('imports an Excel workbook (.xlsx) by the same rules', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('People');
    sheet.addRow(['Email', 'Full Name', 'Phone']);
    sheet.addRow(['xlsx.one@example.com', 'Xlsx One', '+1 555 0100']);
    sheet.addRow(['xlsx.two@example.com', { richText: [{ text: 'Xlsx ' }, { text: 'Two' }] }, '']);
    sheet.addRow(['not-an-email', 'Bad', '']);
    const status = await runImport(Buffer.from(await book.xlsx.writeBuffer()), 'people.xlsx');
    expect(status).toMatchObject({ state: 'completed', total: 3, created: 2, failed: 1 });
    const two = await h.api.get<{ users: User[] }>(h.admin, '/api/user/read-many?search=xlsx.two@example.com');
    expect(two.body.users[0]?.fullName).toBe('Xlsx Two');
  });

  it('refuses what is not a table of people with a clear 400, and queues nothing', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('People').addRows([
      ['email', 'city'],
      ['a@b.co', { formula: 'HYPERLINK("http://evil.example")', result: 'Click' }],
    ]);
    const formulaBook = Buffer.from(await book.xlsx.writeBuffer());
    const before = await countUsers(h);
    const cases: [FormData, RegExp][] = [
      [upload('fullName,city\r\nAnn,Austin'), /no email column/],
      [upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00])), /not a CSV table/],
      [upload('email\r\n'), /no rows/],
      [upload('email\r\n"unterminated'), /not a CSV table/],
      [upload(Buffer.from('PK\x03\x04 a broken workbook'), 'people.xlsx'), /not a CSV table or an Excel workbook/],
      [
        upload('email,fullName\r\na@b.co,Ann\r\nc@d.co,"=HYPERLINK(""http://x"")"'),
        /Row 3: fullName starts like a spreadsheet formula/,
      ],
      [upload(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'people.xlsx'), /not a CSV table/],
      [upload(`email\r\n${Array.from({ length: 60_000 }, (_, i) => `s${i}@x.io`).join('\r\n')}`), /at most 50000 rows/],
      [upload(`email\r\n${Array.from({ length: 50_001 }, (_, i) => `r${i}@x.io`).join('\r\n')}`), /at most 50000 rows/],
      [upload('email\r\na@b.co', 'people.csv', 'other'), /Choose a CSV or .xlsx file/],
      [new FormData(), /Choose a CSV or .xlsx file/],
    ];
    for (const [form, message] of cases) {
      const res = await h.api.post<{ error: string; errors?: Record<string, string> }>(
        h.admin,
        '/api/user/import',
        form,
      );
      expect({ status: res.status, error: res.body.error }).toEqual({
        status: 400,
        error: expect.stringMatching(message),
      });
      expect(res.body.errors).toEqual({ file: res.body.error });
    }
    // A workbook is read by the worker, never in the request: its rows' rules fail the job, with the same reason.
    const refused = await runImport(formulaBook, 'people.xlsx');
    expect(refused).toMatchObject({
      state: 'failed',
      failedReason: expect.stringMatching(/Row 2: city starts like a spreadsheet formula/),
    });
    expect(await countUsers(h)).toBe(before);
  }, 60_000);

  it('answers an unknown job with 404', async () => {
    expect((await h.api.get(h.admin, '/api/user/import/999999')).status).toBe(404);
    expect((await h.api.get(h.admin, '/api/user/import/..%2Fx')).status).toBe(404);
  });

  it('is for admins only', async () => {
    const path = '/api/user/import';
    expect((await h.api.post(null, path, upload('email\r\na@b.co'))).status).toBe(401);
    for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
      const res = await h.api.post(buildActor(role), path, upload('email\r\na@b.co'));
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
      expect((await h.api.get(buildActor(role), '/api/user/import/1')).status).toBe(403);
    }
  });
});

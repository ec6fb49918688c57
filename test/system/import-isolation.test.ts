/**
 * No import takes the users service down for everyone. Through the gateway, on the whole stack (users and
 * users-worker in their own processes), an admin uploads a 1,000,000-row CSV, a 200,000-column header and a 20 MB
 * file within the limits, and a 50 KB workbook holding a 50 MB cell, while a basic member reads her own record
 * (`GET /api/user/{id}`) every 50 ms: every read answers 200, and fast; the refused files answer 400 at once; the
 * 50 MB cell never reaches Redis (no job is queued, and the queue's hashes stay small).
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { keepSampling, waitFor } from '@rainmakers/kit/testing';
import { HEADER_AND_ONE_ROW, workbookOf } from '../../services/users/test/xlsx-bytes';
import { signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, fileForm, redis } from '../support/system';

jest.setTimeout(300_000);

afterAll(async () => {
  await closeSystemResources();
});

/** The member's reads of her own record, every 50 ms, until stopped. */
async function keepReading() {
  const member = await signIn('basic');
  const id = stackInfo().seededUsers.basic.id;
  return keepSampling(async () => (await member.request('GET', `/api/user/${id}`)).status, 50);
}

/** Bytes of every user-import job hash in Redis, largest first. */
async function importJobBytes(): Promise<number[]> {
  const client = redis();
  const keys = await client.keys(`${stackInfo().redisPrefix}bull:user-import:*`);
  const sizes: number[] = [];
  for (const key of keys) {
    if ((await client.type(key)) !== 'hash') continue;
    sizes.push(Number(await client.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')));
  }
  return sizes.sort((a, b) => b - a);
}

describe('imports and everyone else', () => {
  it('refuses 1,000,000 rows, a 200,000-column header and a 50 MB cell at once; reads stay 200 and fast', async () => {
    const admin = await signIn('admin');
    const millionRows = Buffer.from(
      `email\r\n${Array.from({ length: 1_000_000 }, (_, i) => `r${i}@x.io`).join('\r\n')}`,
    );
    const wideHeader = Buffer.from(
      `email,${Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(',')}\r\na@b.co\r\n`,
    );
    const cell = 'a'.repeat(50 * 1024 * 1024);
    const bigCell = workbookOf({
      rows: HEADER_AND_ONE_ROW,
      strings: `<si><t>email</t></si><si><t>fullName</t></si><si><t>${cell}</t></si>`,
      stringCount: 3,
    });
    expect(bigCell.length).toBeLessThan(200 * 1024);
    const reading = await keepReading();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answers = [];
    for (const [bytes, name] of [
      [millionRows, 'million.csv'],
      [wideHeader, 'wide.csv'],
      [bigCell, 'cell.xlsx'],
    ] as const) {
      const res = await admin.request<{ error?: string }>(
        'POST',
        '/api/user/import',
        fileForm(bytes, name, 'text/csv', 'file'),
      );
      answers.push({ name, status: res.status, error: res.body.error });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const reads = await reading.stop();
    expect(answers).toEqual([
      { name: 'million.csv', status: 400, error: 'A file may hold at most 50000 rows.' },
      { name: 'wide.csv', status: 400, error: expect.stringMatching(/^Row 1 /) },
      { name: 'cell.xlsx', status: 400, error: expect.stringMatching(/too large to import/) },
    ]);
    console.log('member reads while refused files uploaded', reads);
    expect(reads.failures).toEqual([]);
    // Each read is well under 200 ms on a quiet machine (the bench measures it); here, on a shared 2-core CI
    // machine, the bound only tells isolation from queueing behind the upload (seconds, then time-outs).
    expect(reads.p95).toBeLessThan(1_000);
    // Nothing the size of the cell is in Redis: no job hash holds more than a few kilobytes.
    expect((await importJobBytes())[0] ?? 0).toBeLessThan(64 * 1024);
  });

  it('a 20 MB import is read by the worker while the member reads on', async () => {
    const admin = await signIn('admin');
    const notes = 'n'.repeat(370);
    const lines = Array.from({ length: 50_000 }, (_, i) => `iso${i}@system.test,Iso ${i},king,${notes}`);
    const csv = Buffer.from(`email,fullName,role,notes\r\n${lines.join('\r\n')}\r\n`);
    expect(csv.length).toBeGreaterThan(19 * 1024 * 1024);
    const form = fileForm(csv, 'big.csv', 'text/csv', 'file');
    const reading = await keepReading();
    const started = await admin.request<{ jobId: string; total: number }>('POST', '/api/user/import', form);
    expect(started.status).toBe(202);
    expect(started.body.total).toBe(50_000);
    let state = '';
    await waitFor(
      async () => {
        const res = await admin.request<{ state: string; errorCount: number }>(
          'GET',
          `/api/user/import/${started.body.jobId}`,
        );
        state = res.body.state;
        return state === 'completed' || state === 'failed';
      },
      { timeoutMs: 240_000, intervalMs: 500, what: 'the 20 MB import to finish' },
    );
    const reads = await reading.stop();
    console.log('member reads during a 20 MB import', reads);
    expect(state).toBe('completed');
    expect(reads.failures).toEqual([]);
    expect(reads.p95).toBeLessThan(1_000);
    expect((await importJobBytes())[0] ?? 0).toBeLessThan(64 * 1024);
  });
});

/**
 * The user-import job survives a SIGKILL of the process running it: an admin uploads 5,000 rows through the gateway;
 * while the job is part-way, the users worker process (users-worker, found by its health port) is killed with
 * SIGKILL; the stack's supervisor restarts it, BullMQ finds the job stalled and runs it again, and it skips the
 * chunks the killed attempt committed. At the end every person exists exactly once, with exactly one
 * users.user-changed event, and the report counts every row as created (the in-flight chunk too).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import { pidListeningOn } from '../support/processes';
import { signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, fileForm, query } from '../support/system';

jest.setTimeout(180_000);

const ROWS = 5_000;

interface ImportStatus {
  state: string;
  total: number;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

afterAll(async () => {
  await closeSystemResources();
});

describe('user-import and a killed worker', () => {
  it('completes after a SIGKILL mid-way with every person created exactly once', async () => {
    const admin = await signIn('admin');
    const tag = randomUUID().slice(0, 8);
    const csv = ['email,fullName,role']
      .concat(Array.from({ length: ROWS }, (_, i) => `kill${i}-${tag}@system.test,Killed ${i} ${tag},basic`))
      .join('\r\n');
    const started = await admin.request<{ jobId: string; total: number }>(
      'POST',
      '/api/user/import',
      fileForm(Buffer.from(csv), 'people.csv', 'text/csv', 'file'),
    );
    expect(started.status).toBe(202);
    const { jobId } = started.body;
    const status = async () => {
      const res = await admin.request<ImportStatus>('GET', `/api/user/import/${jobId}`);
      return res.status === 200 ? res.body : null;
    };

    // Part-way: some chunks stored, not all.
    const port = stackInfo().ports['users-worker'];
    const before = await pidListeningOn(port);
    await waitFor(async () => ((await status())?.done ?? 0) >= 500, { timeoutMs: 60_000, intervalMs: 20 });
    process.kill(before, 'SIGKILL');
    const atKill = await query<{ n: number }>('users', 'SELECT count(*)::int AS n FROM users WHERE email LIKE $1', [
      `kill%-${tag}@system.test`,
    ]);
    expect(atKill[0]?.n).toBeLessThan(ROWS);

    await waitFor(
      async () => {
        const pid = await pidListeningOn(port).catch(() => undefined);
        return pid !== undefined && pid !== before;
      },
      { timeoutMs: 60_000, what: 'the users worker to be restarted' },
    );
    let final: ImportStatus | null = null;
    await waitFor(
      async () => {
        final = await status();
        return final?.state === 'completed' || final?.state === 'failed';
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'the import to finish after the restart' },
    );
    const report = final as unknown as ImportStatus;
    expect(report.state).toBe('completed');
    // Every row was new: the report says so, whichever attempt wrote it.
    expect(report).toMatchObject({ total: ROWS, done: ROWS, created: ROWS, updated: 0, skipped: 0, failed: 0 });
    // One status source: the job table's row, which both attempts wrote, answers the same at the one route.
    const row = await admin.request<{ kind: string; counts: Record<string, number> }>('GET', `/api/user/jobs/${jobId}`);
    expect(row.body).toEqual(report);
    expect(row.body).toMatchObject({ kind: 'import', counts: { created: ROWS, done: ROWS } });

    const people = await query<{ n: number; distinct: number }>(
      'users',
      'SELECT count(*)::int AS n, count(DISTINCT email)::int AS distinct FROM users WHERE email LIKE $1',
      [`kill%-${tag}@system.test`],
    );
    expect(people[0]).toEqual({ n: ROWS, distinct: ROWS });
    const events = await query<{ email: string; n: number }>(
      'users',
      `SELECT data->>'email' AS email, count(*)::int AS n FROM outbox
       WHERE type = 'users.user-changed' AND data->>'email' LIKE $1 GROUP BY 1 HAVING count(*) <> 1`,
      [`kill%-${tag}@system.test`],
    );
    expect(events).toEqual([]);
    const published = await query<{ n: number }>(
      'users',
      `SELECT count(DISTINCT data->>'email')::int AS n FROM outbox WHERE type = 'users.user-changed' AND data->>'email' LIKE $1`,
      [`kill%-${tag}@system.test`],
    );
    expect(published[0]?.n).toBe(ROWS);
  });
});

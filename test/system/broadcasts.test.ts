/**
 * Broadcasts on the whole stack (users and users-worker in their own processes, auth's send-mail worker, the mail
 * catcher): a broadcast reaches exactly its audience, once each, even though the users worker is killed with
 * SIGKILL mid-send (the stack restarts it and the job goes on from the first recipient not stamped); each copy has
 * the RFC 8058 headers; the one-click POST to the header's address stops the next broadcast for that person, while
 * her transactional mail (a password reset) still arrives.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import type { BroadcastQueued, BroadcastStatus, Tag } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { pidListeningOn } from '../support/processes';
import { listMail, signIn, stackInfo } from '../support/stack-client';
import { closeSystemResources, createPerson, type Person, query, requestResetLink } from '../support/system';

jest.setTimeout(300_000);

afterAll(async () => {
  await closeSystemResources();
});

/** With the default pace (600 a minute: batches of 10 a second), 40 recipients take about four seconds. */
const AUDIENCE = 40;

describe('broadcasts', () => {
  it('reach exactly their audience once, through a worker kill; one-click unsubscribe stops the next one', async () => {
    const admin = await signIn('admin');
    const run = randomUUID().slice(0, 8);
    const { tag } = await admin.post<{ tag: Tag }>('/api/tag/upsert', { name: `broadcast ${run}` });
    const members: Person[] = [];
    for (let i = 0; i < AUDIENCE; i++) members.push(await createPerson(admin, `Bcast ${run} ${i}`, { Tags: [tag.id] }));
    const outsider = await createPerson(admin, `Outside ${run}`);
    const audience = { tagIds: [tag.id] };

    const counted = await admin.post<{ recipients: number }>('/api/broadcast/count', { audience });
    expect(counted.recipients).toBe(AUDIENCE);
    const dry = await admin.post<{ recipients: number }>('/api/broadcast', {
      subject: 'dry',
      body: 'dry',
      audience,
      dryRun: true,
    });
    expect(dry.recipients).toBe(AUDIENCE);

    // The worker's pid is looked up before the broadcast starts: the lookup reads /proc and can take longer than
    // the whole send.
    const port = stackInfo().ports['users-worker'];
    const before = await pidListeningOn(port);
    const subject = `Community news ${run}`;
    const queued = await admin.request<BroadcastQueued>('POST', '/api/broadcast', {
      subject,
      body: `# Hello\n\nA **new** course is out: [open it](${stackInfo().publicUrl}/courses).`,
      audience,
    });
    expect(queued.status).toBe(202);
    expect(queued.body.recipients).toBe(AUDIENCE);
    const { jobId } = queued.body;
    const status = async () => admin.get<BroadcastStatus>(`/api/broadcast/${jobId}`);

    // Part-way: kill the users worker, wait for the stack to restart it, then for the job to finish.
    // Read from the users database, not through the gateway: polling the API this often met its limits, and by
    // the time an answer came the whole audience had been mailed.
    const sentSoFar = async () =>
      Number(
        (
          await query<{ n: string }>(
            'users',
            "SELECT count(*) AS n FROM broadcast_recipients WHERE broadcast_id = $1 AND outcome = 'sent'",
            [jobId],
          )
        )[0]?.n ?? 0,
      );
    await waitFor(async () => (await sentSoFar()) >= 10, { timeoutMs: 60_000, intervalMs: 20 });
    process.kill(before, 'SIGKILL');
    const atKill = await sentSoFar();
    expect(atKill).toBeLessThan(AUDIENCE);
    await waitFor(
      async () => {
        const pid = await pidListeningOn(port).catch(() => undefined);
        return pid !== undefined && pid !== before;
      },
      { timeoutMs: 60_000, what: 'the users worker to be restarted' },
    );
    const done = await waitFor(
      async () => {
        const s = await status();
        return s.status === 'done' ? s : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'the broadcast to finish after the restart' },
    );
    expect(done).toMatchObject({ total: AUDIENCE, sent: AUDIENCE, failures: 0, subject });

    // Every member of the audience has exactly one copy, and nobody else has any.
    const copiesOf = async (person: Person, wanted: string) =>
      (await listMail(person.email)).filter((m) => m.subject === wanted);
    await waitFor(async () => (await copiesOf(members[AUDIENCE - 1] as Person, subject)).length > 0, {
      timeoutMs: 30_000,
      what: 'the last copy to arrive',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const member of members) expect((await copiesOf(member, subject)).length).toBe(1);
    expect((await copiesOf(outsider, subject)).length).toBe(0);

    const [copy] = await copiesOf(members[0] as Person, subject);
    if (!copy) throw new Error('no copy');
    expect(copy.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(copy.listUnsubscribe ?? '')?.[1] ?? '';
    expect(oneClick.startsWith(`${stackInfo().publicUrl.replace(/\/$/, '')}/api/unsubscribe?token=`)).toBe(true);
    expect(copy.html).toContain('<strong>new</strong>');
    expect(copy.html).toContain('Unsubscribe from community broadcasts');
    expect(copy.text).toMatch(/Unsubscribe from community broadcasts: http\S+\/unsubscribe\?token=/);

    // The history lists it, newest first.
    const history = await admin.get<{ broadcasts: BroadcastStatus[] }>('/api/broadcast');
    expect(history.broadcasts[0]?.jobId).toBe(jobId);

    // A mail client's one-click POST: no cookie, no CSRF token, the form body RFC 8058 names.
    const clicked = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    const forged = await fetch(oneClick.replace(/token=\d+/, `token=${outsider.id}`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);

    const next = `Second news ${run}`;
    const second = await admin.request<BroadcastQueued>('POST', '/api/broadcast', {
      subject: next,
      body: 'Again',
      audience,
    });
    expect(second.body.recipients).toBe(AUDIENCE - 1);
    await waitFor(
      async () => (await admin.get<BroadcastStatus>(`/api/broadcast/${second.body.jobId}`)).status === 'done',
      {
        timeoutMs: 60_000,
        intervalMs: 500,
      },
    );
    await waitFor(async () => (await copiesOf(members[1] as Person, next)).length === 1, { timeoutMs: 30_000 });
    expect((await copiesOf(members[0] as Person, next)).length).toBe(0);

    // Transactional mail still reaches her.
    const reset = await requestResetLink((members[0] as Person).email);
    expect(reset.link).toContain('/reset-password/');
  });
});

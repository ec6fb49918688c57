import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTransport } from 'nodemailer';
import { filterMessages, type MailCatcher, type MailSummary, startMailCatcher } from './mail-catcher';

describe('mail catcher (real SMTP through nodemailer)', () => {
  let directory: string;
  let catcher: MailCatcher;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'rm-mail-'));
    catcher = await startMailCatcher({ directory, smtpPort: 0, webPort: 0 });
  });
  afterAll(async () => {
    await catcher.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('stores each message as .eml and lists it newest first over the JSON API', async () => {
    const transport = createTransport(catcher.smtpUrl);
    await transport.sendMail({
      from: 'Rainmakers <no-reply@rainmakers.local>',
      to: 'first@example.com',
      subject: 'First',
      text: 'Link: http://localhost:8080/reset-password/abc',
    });
    await transport.sendMail({
      from: 'Rainmakers <no-reply@rainmakers.local>',
      to: 'Someone <first@example.com>',
      bcc: 'hidden@example.com',
      subject: '<b>Second</b>',
      text: 'No links here',
    });
    transport.close();

    const files = (await readdir(directory)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    expect(await readFile(path.join(directory, files[0] ?? ''), 'utf8')).toContain('Subject: First');

    const all = (await (await fetch(catcher.apiUrl)).json()) as { messages: MailSummary[] };
    expect(all.messages.map((m) => m.subject)).toEqual(['<b>Second</b>', 'First']);
    const first = (await (await fetch(`${catcher.apiUrl}?to=FIRST@example.com`)).json()) as { messages: MailSummary[] };
    expect(first.messages).toHaveLength(2);
    expect(first.messages[1]?.links).toEqual(['http://localhost:8080/reset-password/abc']);
    // Bcc recipients are only in the envelope.
    expect(catcher.messages('hidden@example.com').map((m) => m.subject)).toEqual(['<b>Second</b>']);
  });

  it('serves an escaped web inbox and refuses writes', async () => {
    const base = catcher.apiUrl.replace(/\/api\/messages$/, '');
    const inbox = await (await fetch(`${base}/`)).text();
    expect(inbox).toContain('&lt;b&gt;Second&lt;/b&gt;');
    expect(inbox).not.toContain('<b>Second</b>');
    const id = catcher.messages('first@example.com')[1]?.id ?? '';
    const page = await (await fetch(`${base}/messages/${id}`)).text();
    expect(page).toContain('<a href="http://localhost:8080/reset-password/abc"');
    expect((await fetch(`${base}/messages/${id}.eml`)).status).toBe(200);
    expect((await fetch(`${base}/messages/nope`)).status).toBe(404);
    expect((await fetch(catcher.apiUrl, { method: 'DELETE' })).status).toBe(405);
  });

  it('finds stored messages again after a restart', async () => {
    await catcher.stop();
    catcher = await startMailCatcher({ directory, smtpPort: 0, webPort: 0 });
    expect(catcher.messages().map((m) => m.subject)).toEqual(['<b>Second</b>', 'First']);
  });
});

describe('filterMessages', () => {
  const message = (id: string, to: string[]): MailSummary => ({
    id,
    from: '',
    to,
    recipients: to,
    subject: id,
    date: '',
    text: '',
    html: null,
    links: [],
  });
  it('sorts newest first and matches recipients case-insensitively', () => {
    const list = [message('1700000000000-000001', ['a@x.com']), message('1700000000001-000000', ['b@x.com'])];
    expect(filterMessages(list).map((m) => m.id)).toEqual(['1700000000001-000000', '1700000000000-000001']);
    expect(filterMessages(list, ' A@X.com ').map((m) => m.id)).toEqual(['1700000000000-000001']);
  });
});

/**
 * The local mail catcher of `npm start` and the system/browser tests: an SMTP server (npm smtp-server) that
 * accepts every message, stores it as an .eml file under `directory`, and a small read-only web inbox:
 *   GET /                      newest first: subject, to, date
 *   GET /messages/{id}         one message as text, links clickable (everything escaped)
 *   GET /messages/{id}.eml     the raw message
 *   GET /api/messages[?to=]    JSON {messages: MailSummary[]} newest first (tests read reset links from here)
 *   GET /api/messages/{id}     JSON MailSummary
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { escapeHtml, linkifyText, parseMail } from './mime';

export interface MailSummary {
  id: string;
  from: string;
  to: string[];
  /** Envelope recipients (RCPT TO) when the catcher saw them, else the To/Cc addresses. */
  recipients: string[];
  subject: string;
  date: string;
  text: string;
  html: string | null;
  links: string[];
  /** List-Unsubscribe and List-Unsubscribe-Post, when the message has them (broadcasts). */
  listUnsubscribe?: string;
  listUnsubscribePost?: string;
}

export interface MailCatcher {
  smtpUrl: string;
  webUrl: string;
  apiUrl: string;
  messages(to?: string): MailSummary[];
  stop(): Promise<void>;
}

const ENVELOPE_HEADER = 'X-Catcher-Envelope-To';
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function listHeaders(headers: Map<string, string[]>): Pick<MailSummary, 'listUnsubscribe' | 'listUnsubscribePost'> {
  const unsubscribe = headers.get('list-unsubscribe')?.[0];
  const post = headers.get('list-unsubscribe-post')?.[0];
  return {
    ...(unsubscribe ? { listUnsubscribe: unsubscribe.trim() } : {}),
    ...(post ? { listUnsubscribePost: post.trim() } : {}),
  };
}

export function summarize(id: string, raw: Buffer, receivedAt: Date): MailSummary {
  const mail = parseMail(raw);
  const envelope = (mail.headers.get(ENVELOPE_HEADER.toLowerCase()) ?? []).map((a) => a.toLowerCase());
  const recipients = envelope.length > 0 ? envelope : [...mail.to, ...mail.cc];
  return {
    id,
    from: mail.from,
    to: mail.to,
    recipients,
    subject: mail.subject,
    date: mail.date ?? receivedAt.toISOString(),
    text: mail.text,
    html: mail.html,
    links: mail.links,
    ...listHeaders(mail.headers),
  };
}

/** Newest first; `to` matches any recipient, case-insensitively. */
export function filterMessages(messages: MailSummary[], to?: string): MailSummary[] {
  const wanted = to?.trim().toLowerCase();
  const list = wanted
    ? messages.filter((m) => m.recipients.includes(wanted) || m.to.includes(wanted))
    : messages.slice();
  return list.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

const PAGE_STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{background:#14213d;color:#fff;padding:12px 20px}header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:960px;margin:20px auto;padding:0 16px}table{width:100%;border-collapse:collapse;background:#fff}
td,th{padding:8px 10px;border-bottom:1px solid #e3e6eb;text-align:left;vertical-align:top}th{font-weight:600;background:#eef0f4}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;padding:16px;border:1px solid #e3e6eb}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;background:#fff;padding:12px 16px;border:1px solid #e3e6eb}
dt{font-weight:600}dd{margin:0}.empty{color:#667}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${PAGE_STYLE}</style></head>
<body><header><a href="/">Rainmakers local inbox</a></header><main>${body}</main></body></html>`;
}

export function renderInbox(messages: MailSummary[]): string {
  if (messages.length === 0) {
    return page('Inbox', '<p class="empty">No messages yet. Mail sent by the app on this machine shows up here.</p>');
  }
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>` +
        `<td>${escapeHtml(m.to.join(', ') || m.recipients.join(', '))}</td><td>${escapeHtml(m.date)}</td></tr>`,
    )
    .join('');
  return page(
    `Inbox (${messages.length})`,
    `<table><thead><tr><th>Subject</th><th>To</th><th>Date</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

export function renderMessage(m: MailSummary): string {
  return page(
    m.subject || '(no subject)',
    `<dl><dt>Subject</dt><dd>${escapeHtml(m.subject)}</dd><dt>From</dt><dd>${escapeHtml(m.from)}</dd>` +
      `<dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd><dt>Date</dt><dd>${escapeHtml(m.date)}</dd>` +
      `<dt>Raw</dt><dd><a href="/messages/${encodeURIComponent(m.id)}.eml">${escapeHtml(m.id)}.eml</a></dd></dl>` +
      `<pre>${linkifyText(m.text)}</pre>`,
  );
}

const ID_PATTERN = /^[0-9]{13}-[0-9]{6}$/;

export async function startMailCatcher(options: {
  directory: string;
  smtpPort: number;
  webPort: number;
  host?: string;
  log?: (line: string) => void;
}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  await mkdir(options.directory, { recursive: true });
  const index = new Map<string, MailSummary>();
  for (const file of await readdir(options.directory)) {
    const id = file.replace(/\.eml$/, '');
    if (!file.endsWith('.eml') || !ID_PATTERN.test(id)) continue;
    try {
      const raw = await readFile(path.join(options.directory, file));
      index.set(id, summarize(id, raw, new Date(Number(id.slice(0, 13)))));
    } catch (error) {
      options.log?.(`could not read ${file}: ${(error as Error).message}`);
    }
  }
  let sequence = 0;
  const nextId = () => `${Date.now()}-${String(sequence++ % 1_000_000).padStart(6, '0')}`;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    closeTimeout: 1000,
    banner: 'Rainmakers local mail catcher',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelope = session.envelope.rcptTo.map((r) => `${ENVELOPE_HEADER}: ${r.address}\r\n`).join('');
        const raw = Buffer.concat([Buffer.from(envelope, 'utf8'), ...chunks]);
        const id = nextId();
        writeFile(path.join(options.directory, `${id}.eml`), raw)
          .then(() => {
            const summary = summarize(id, raw, new Date());
            index.set(id, summary);
            options.log?.(`mail to ${summary.recipients.join(', ')}: ${summary.subject}`);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  smtp.on('error', (error) => options.log?.(`smtp error: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(options.smtpPort, host, () => {
      smtp.server.off('error', reject);
      resolve();
    });
  });

  const all = () => [...index.values()];
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'referrer-policy': 'no-referrer',
      });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'Read-only inbox');
    const json = (status: number, body: unknown) =>
      send(status, 'application/json; charset=utf-8', JSON.stringify(body));
    if (url.pathname === '/api/messages') {
      return json(200, { messages: filterMessages(all(), url.searchParams.get('to') ?? undefined) });
    }
    const apiOne = /^\/api\/messages\/([^/]+)$/.exec(url.pathname);
    if (apiOne) {
      const message = index.get(decodeURIComponent(apiOne[1] ?? ''));
      return message ? json(200, message) : json(404, { error: 'Not found' });
    }
    if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', renderInbox(filterMessages(all())));
    const raw = /^\/messages\/([0-9-]+)\.eml$/.exec(url.pathname);
    if (raw && ID_PATTERN.test(raw[1] ?? '') && index.has(raw[1] ?? '')) {
      readFile(path.join(options.directory, `${raw[1]}.eml`))
        .then((data) => send(200, 'text/plain; charset=utf-8', data))
        .catch(() => send(404, 'text/plain', 'Not found'));
      return;
    }
    const one = /^\/messages\/([^/]+)$/.exec(url.pathname);
    const message = one ? index.get(decodeURIComponent(one[1] ?? '')) : undefined;
    if (message) return send(200, 'text/html; charset=utf-8', renderMessage(message));
    return send(404, 'text/html; charset=utf-8', page('Not found', '<p>No such message.</p>'));
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(options.webPort, host, () => {
      web.off('error', reject);
      resolve();
    });
  });

  // Port 0 asks for any free port: report the real ones.
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const webPort = (web.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    webUrl: `http://${host === '127.0.0.1' ? 'localhost' : host}:${webPort}`,
    apiUrl: `http://${host}:${webPort}/api/messages`,
    messages: (to) => filterMessages(all(), to),
    stop: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => {
        web.close(() => resolve());
        web.closeAllConnections();
      });
    },
  };
}

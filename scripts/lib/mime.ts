/**
 * Just enough MIME to read what our services send (nodemailer: plain, quoted-printable or base64 parts,
 * multipart/alternative and multipart/mixed, RFC 2047 encoded headers), for the local mail catcher.
 * Pure functions, no I/O.
 */

export interface ParsedMail {
  headers: Map<string, string[]>;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  /** ISO date from the Date header, or null when missing or unreadable. */
  date: string | null;
  messageId: string | null;
  text: string;
  html: string | null;
  /** Every distinct http(s) link in the text and HTML bodies, in order of appearance. */
  links: string[];
}

interface Part {
  headers: Map<string, string[]>;
  /** The raw bytes of the body as a latin1 string (one char per byte). */
  body: string;
}

/** Splits the header block from the body; lines may end in CRLF or LF. */
function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  return { headers: parseHeaders(head), body };
}

/** Header names lowercased; folded lines unfolded; repeated headers kept in order. */
export function parseHeaders(head: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const list = headers.get(name) ?? [];
    list.push(value);
    headers.set(name, list);
  }
  return headers;
}

function bytesToString(latin1: string, charset: string): string {
  const bytes = Buffer.from(latin1, 'latin1');
  try {
    return new TextDecoder(charset.toLowerCase(), { fatal: false }).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Decodes quoted-printable into bytes (as a latin1 string). */
export function decodeQuotedPrintable(input: string): string {
  return input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** RFC 2047 encoded words (=?utf-8?B?...?= and =?utf-8?Q?...?=), as in encoded subjects and names. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('latin1')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return bytesToString(bytes, charset.split('*')[0] ?? 'utf-8');
    });
}

/** `text/plain; charset="utf-8"` -> { type: 'text/plain', params: { charset: 'utf-8' } } */
export function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  if (!value) return { type: 'text/plain', params: {} };
  const [type = 'text/plain', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    let param = piece.slice(eq + 1).trim();
    if (param.startsWith('"') && param.endsWith('"')) param = param.slice(1, -1);
    params[key] = param;
  }
  return { type: type.trim().toLowerCase(), params };
}

function first(headers: Map<string, string[]>, name: string): string | undefined {
  return headers.get(name)?.[0];
}

function decodeBody(part: Part): string {
  const encoding = (first(part.headers, 'content-transfer-encoding') ?? '7bit').toLowerCase();
  const { params } = parseContentType(first(part.headers, 'content-type'));
  let bytes = part.body;
  if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('latin1');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  return bytesToString(bytes, params.charset ?? 'utf-8');
}

/** Leaf parts of a (possibly nested) multipart body, in order. */
function leaves(part: Part, depth = 0): Part[] {
  const { type, params } = parseContentType(first(part.headers, 'content-type'));
  if (!type.startsWith('multipart/') || !params.boundary || depth > 10) return [part];
  const delimiter = `--${params.boundary}`;
  const chunks = part.body.split(delimiter);
  const result: Part[] = [];
  // chunks[0] is the preamble; a chunk starting with "--" is the closing delimiter and epilogue.
  for (const chunk of chunks.slice(1)) {
    if (chunk.startsWith('--')) break;
    const content = chunk.replace(/^[ \t]*\r?\n/, '').replace(/\r?\n$/, '');
    result.push(...leaves(splitPart(content), depth + 1));
  }
  return result;
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeHtmlEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return HTML_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** A readable text version of an HTML body, for mails that have no text part. */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(
    html
      .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
      .replace(/<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const URL_PATTERN = /https?:\/\/[^\s<>"'()[\]{}]+/gi;

/** Distinct http(s) links in plain text and in HTML (href attributes and bare URLs), first seen first. */
export function extractLinks(text: string, html: string | null = null): string[] {
  const found: string[] = [];
  const add = (url: string) => {
    const clean = url.replace(/[.,;:!?]+$/, '');
    if (!found.includes(clean)) found.push(clean);
  };
  for (const match of text.matchAll(URL_PATTERN)) add(match[0]);
  if (html) {
    for (const match of html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)) {
      const href = decodeHtmlEntities(match[1] ?? '');
      if (/^https?:\/\//i.test(href)) add(href);
    }
    for (const match of decodeHtmlEntities(html.replace(/<[^>]+>/g, ' ')).matchAll(URL_PATTERN)) add(match[0]);
  }
  return found;
}

/** Addresses from a To/Cc header: `"Jane" <jane@x.com>, bob@y.com` -> ['jane@x.com', 'bob@y.com']. */
export function parseAddressList(value: string | undefined): string[] {
  if (!value) return [];
  const decoded = decodeEncodedWords(value);
  const addresses: string[] = [];
  for (const match of decoded.matchAll(/<([^<>\s]+@[^<>\s]+)>|([^\s,;<>"]+@[^\s,;<>"]+)/g)) {
    const address = (match[1] ?? match[2] ?? '').toLowerCase();
    if (address && !addresses.includes(address)) addresses.push(address);
  }
  return addresses;
}

/** Parses a whole message (the bytes of an .eml file). */
export function parseMail(raw: Buffer | string): ParsedMail {
  const source = typeof raw === 'string' ? Buffer.from(raw, 'utf8').toString('latin1') : raw.toString('latin1');
  const root = splitPart(source);
  let text: string | null = null;
  let html: string | null = null;
  for (const leaf of leaves(root)) {
    const disposition = first(leaf.headers, 'content-disposition') ?? '';
    if (/^attachment/i.test(disposition)) continue;
    const { type } = parseContentType(first(leaf.headers, 'content-type'));
    if (type === 'text/plain' && text === null) text = decodeBody(leaf);
    else if (type === 'text/html' && html === null) html = decodeBody(leaf);
  }
  const bodyText = (text ?? (html ? htmlToText(html) : '')).replace(/\r\n/g, '\n');
  const dateHeader = first(root.headers, 'date');
  const date = dateHeader ? new Date(dateHeader) : null;
  const header = (name: string) => {
    const value = first(root.headers, name);
    return value === undefined ? undefined : bytesToString(value, 'utf-8');
  };
  return {
    headers: root.headers,
    from: decodeEncodedWords(header('from') ?? ''),
    to: parseAddressList(header('to')),
    cc: parseAddressList(header('cc')),
    subject: decodeEncodedWords(header('subject') ?? ''),
    date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    messageId: header('message-id') ?? null,
    text: bodyText,
    html,
    links: extractLinks(bodyText, html),
  };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escapes plain text for HTML and turns http(s) URLs into links (opened in a new tab, no referrer). */
export function linkifyText(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?]+$/, '');
    const start = match.index ?? 0;
    out += escapeHtml(text.slice(last, start));
    out += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

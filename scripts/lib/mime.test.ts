import { describe, expect, it } from '@jest/globals';
import { createTransport } from 'nodemailer';
import {
  decodeEncodedWords,
  decodeQuotedPrintable,
  extractLinks,
  htmlToText,
  linkifyText,
  parseAddressList,
  parseMail,
} from './mime';

/** A message exactly as nodemailer (what the services send with) writes it. */
async function compose(message: Parameters<ReturnType<typeof createTransport>['sendMail']>[0]): Promise<Buffer> {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(message);
  return info.message as Buffer;
}

describe('parseMail', () => {
  it('reads a nodemailer multipart/alternative message with an encoded subject and a long link', async () => {
    const link = `http://localhost:8080/reset-password/${'aZ09_-'.repeat(12)}`;
    const raw = await compose({
      from: 'Rainmakers <no-reply@rainmakers.local>',
      to: '"Jenna Kowalski" <Jenna@Example.com>, bob@example.com',
      subject: 'Réinitialiser — your password ✓',
      text: `Hi Jenna,\n\nOpen this link: ${link}\n\nThanks.`,
      html: `<p>Hi Jenna,</p><p><a href="${link}&amp;x=1">Reset</a></p>`,
      date: new Date('2026-01-02T03:04:05Z'),
    });
    const mail = parseMail(raw);
    expect(mail.subject).toBe('Réinitialiser — your password ✓');
    expect(mail.from).toBe('Rainmakers <no-reply@rainmakers.local>');
    expect(mail.to).toEqual(['jenna@example.com', 'bob@example.com']);
    expect(mail.date).toBe('2026-01-02T03:04:05.000Z');
    expect(mail.text).toContain(`Open this link: ${link}`);
    expect(mail.html).toContain('<a href=');
    expect(mail.links).toEqual([link, `${link}&x=1`]);
  });

  it('decodes base64 bodies and falls back to the HTML as text when there is no text part', async () => {
    const raw = await compose({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'Only HTML',
      html: `<html><head><style>p{}</style></head><body><p>Hello ${'ü'.repeat(100)}</p><a href="https://example.com/x?a=1&amp;b=2">go</a></body></html>`,
      textEncoding: 'base64',
    });
    const mail = parseMail(raw);
    expect(mail.text).toContain(`Hello ${'ü'.repeat(100)}`);
    expect(mail.text).toContain('go (https://example.com/x?a=1&b=2)');
    expect(mail.text).not.toContain('p{}');
    expect(mail.links).toEqual(['https://example.com/x?a=1&b=2']);
  });

  it('skips attachments', async () => {
    const raw = await compose({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'With a file',
      text: 'See the file.',
      attachments: [{ filename: 'users.csv', content: 'email\nhttp://not-a-link-we-want.example\n' }],
    });
    const mail = parseMail(raw);
    expect(mail.text).toBe('See the file.');
    expect(mail.links).toEqual([]);
  });

  it('reads a plain single-part message with CRLF line ends', () => {
    const raw =
      'From: x@example.com\r\nTo: y@example.com\r\nSubject: Plain\r\n\r\nLine one\r\nhttps://example.com/a.\r\n';
    const mail = parseMail(raw);
    expect(mail.subject).toBe('Plain');
    expect(mail.text).toBe('Line one\nhttps://example.com/a.\n');
    expect(mail.links).toEqual(['https://example.com/a']);
    expect(mail.date).toBeNull();
  });
});

describe('helpers', () => {
  it('decodes quoted-printable with soft line breaks', () => {
    expect(Buffer.from(decodeQuotedPrintable('caf=C3=A9 =\nau lait'), 'latin1').toString('utf8')).toBe('café au lait');
  });

  it('decodes adjacent encoded words without the space between them', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?Hello_?= =?UTF-8?B?V29ybGQ=?=')).toBe('Hello World');
    expect(decodeEncodedWords('Plain subject')).toBe('Plain subject');
  });

  it('parses address lists', () => {
    expect(parseAddressList('=?UTF-8?Q?J=C3=BCrgen?= <JU@x.de>; "A, B" <ab@y.com>, c@z.org')).toEqual([
      'ju@x.de',
      'ab@y.com',
      'c@z.org',
    ]);
    expect(parseAddressList(undefined)).toEqual([]);
  });

  it('extracts distinct links, dropping trailing punctuation', () => {
    expect(extractLinks('See https://a.example/x, and (https://b.example/y). Again https://a.example/x!')).toEqual([
      'https://a.example/x',
      'https://b.example/y',
    ]);
    expect(
      extractLinks('', '<a href="javascript:alert(1)">x</a><a href="https://c.example/?q=1&amp;r=2">y</a>'),
    ).toEqual(['https://c.example/?q=1&r=2']);
  });

  it('turns HTML into readable text', () => {
    expect(htmlToText('<p>One&nbsp;&amp; two</p><br><div>Three &#8212; &#x2713;</div>')).toBe('One & two\n\nThree — ✓');
  });

  it('linkifies text and escapes everything else', () => {
    const html = linkifyText('<script>alert(1)</script> go to https://x.example/a?b=1&c="2" now');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://x.example/a?b=1&amp;c=" target="_blank" rel="noopener noreferrer">');
    expect(html).toContain('&quot;2&quot; now');
  });
});

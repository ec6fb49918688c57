import { describe, expect, it } from '@jest/globals';
import {
  audienceFilter,
  batchPlan,
  broadcastMail,
  markdownToMailHtml,
  signUnsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from './broadcasts';

const keys = { current: 'a-secret-of-at-least-thirty-two-chars!!' };

describe('broadcast audience', () => {
  it('narrows by every condition given and by none left out', () => {
    expect(audienceFilter({})).toEqual({ roles: null, tagIds: null, payment: null });
    expect(audienceFilter({ roles: [], tagIds: [] })).toEqual({ roles: null, tagIds: null, payment: null });
    expect(audienceFilter({ roles: ['basic', 'premium', 'basic'], tagIds: [3, 3, 4], payment: 'paying' })).toEqual({
      roles: ['basic', 'premium'],
      tagIds: [3, 4],
      payment: { statuses: ['active', 'trialing'] },
    });
    expect(audienceFilter({ payment: 'problems' }).payment).toEqual({
      statuses: ['unpaid', 'incomplete', 'incomplete_expired', 'past_due'],
    });
    expect(audienceFilter({ payment: 'none' }).payment).toEqual({ none: true });
  });
});

describe('unsubscribe token', () => {
  it('signs a person and verifies only an untouched token', () => {
    const token = signUnsubscribeToken(keys, 42);
    expect(verifyUnsubscribeToken(keys, token)).toBe(42);
    expect(verifyUnsubscribeToken(keys, token.replace(/^42/, '43'))).toBeNull();
    expect(verifyUnsubscribeToken(keys, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(verifyUnsubscribeToken({ current: 'another-secret-of-thirty-two-chars!!!' }, token)).toBeNull();
    expect(verifyUnsubscribeToken(keys, 'garbage')).toBeNull();
    expect(verifyUnsubscribeToken(keys, '0.x')).toBeNull();
  });

  it('still accepts a token of the previous key during a rotation', () => {
    const old = signUnsubscribeToken(keys, 7);
    expect(
      verifyUnsubscribeToken({ current: 'the-new-secret-of-thirty-two-chars!!!', previous: keys.current }, old),
    ).toBe(7);
  });
});

describe('broadcast mail', () => {
  it('carries the RFC 8058 headers and the unsubscribe page in the body', () => {
    const oneClick = unsubscribeUrl('https://app.example.com/', 'abc.def');
    expect(oneClick).toBe('https://app.example.com/api/unsubscribe?token=abc.def');
    const mail = broadcastMail(
      { subject: 'News', body: '# Hello\n\nSee [the course](https://app.example.com/courses).' },
      { email: 'ann@example.com', fullName: 'Ann' },
      { oneClick, page: 'https://app.example.com/unsubscribe?token=abc.def' },
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.unsubscribeUrl).toBe('https://app.example.com/unsubscribe?token=abc.def');
    expect(mail.html).toContain('<h1>Hello</h1>');
    expect(mail.html).toContain('href="https://app.example.com/courses"');
    expect(mail.text).toContain('# Hello');
  });

  it('makes nothing unsafe from the Markdown', () => {
    const html = markdownToMailHtml(
      '<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> ![i](http://plain/img.png)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('http://plain');
  });

  it('paces batches within the rate', () => {
    expect(batchPlan(600)).toEqual({ size: 10, minMs: 1000 });
    expect(batchPlan(1)).toEqual({ size: 1, minMs: 60_000 });
    expect(batchPlan(60_000)).toEqual({ size: 100, minMs: 100 });
  });
});

import { describe, expect, it } from '@jest/globals';
import { escapeHtml, invitationMail, resetPasswordMail, validFor } from './mail';

describe('reset password mail', () => {
  const link = 'http://localhost:8080/reset-password/abc_DEF-123';

  it('carries the link in the text and the HTML', () => {
    const mail = resetPasswordMail({ link, ttlMinutes: 60, fullName: 'Ada Lovelace' });
    expect(mail.subject).toBe('Reset your Rainmakers password');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hi Ada Lovelace,');
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('escapes the name in the HTML', () => {
    const mail = resetPasswordMail({ link, ttlMinutes: 60, fullName: '<script>x</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('escapes the HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('invitation mail', () => {
  const link = 'http://localhost:8080/invitation/abc_DEF-123';

  it('carries the link, the greeting and how long it works', () => {
    const mail = invitationMail({ link, ttlHours: 168, fullName: 'Ada <Lovelace>' });
    expect(mail.subject).toBe('You are invited to Rainmakers');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hi Ada <Lovelace>,');
    expect(mail.text).toContain('within 7 days');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Ada &lt;Lovelace&gt;');
    expect(mail.html).not.toContain('<Lovelace>');
  });

  it('says the validity in days or hours', () => {
    expect(validFor(168)).toBe('7 days');
    expect(validFor(24)).toBe('1 day');
    expect(validFor(36)).toBe('36 hours');
    expect(validFor(1)).toBe('1 hour');
  });
});

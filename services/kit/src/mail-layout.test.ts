import { describe, expect, it } from '@jest/globals';
import { laidOut } from './mail';
import { DEFAULT_MAIL_BRAND, mailButton, renderMail, safeColour, textToHtml } from './mail-layout';

const brand = { name: 'Seller Circle', primaryColor: '#0f766e' };

describe('the one e-mail layout', () => {
  it('renders an HTML document and a plain text, both with the community name', () => {
    const mail = renderMail({ subject: 'Hello', text: 'Hi Ann,\n\nOpen it: https://app.example.com/x?a=1&b=2' }, brand);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('Seller Circle');
    expect(mail.html).toContain('background:#0f766e');
    expect(mail.html).toContain('<a href="https://app.example.com/x?a=1&amp;b=2"');
    expect(mail.text.startsWith('Hi Ann,\n\nOpen it: https://app.example.com/x?a=1&b=2\n')).toBe(true);
    expect(mail.text).toContain('Seller Circle');
    expect(mail.text).not.toContain('Unsubscribe');
  });

  it('escapes the text it turns into HTML', () => {
    expect(textToHtml('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    const mail = renderMail({ subject: '<b>', text: 'x' }, { name: '<i>Club</i>', primaryColor: 'red;x:y' });
    expect(mail.html).not.toContain('<i>Club');
    expect(mail.html).toContain(`background:${DEFAULT_MAIL_BRAND.primaryColor}`);
    expect(safeColour('#ABCDEF')).toBe('#ABCDEF');
  });

  it('keeps an HTML fragment and fills its buttons with the brand colour', () => {
    const html = `<p>Hi</p>${mailButton('Go', 'https://a.example/?q="x"')}`;
    const mail = renderMail({ subject: 's', text: 'Hi', html }, brand);
    expect(mail.html).toContain('href="https://a.example/?q=&quot;x&quot;"');
    expect(mail.html).toContain('background:#0f766e;color:#ffffff');
    expect(mail.html).not.toContain('{{brandColour}}');
  });

  it('shows an unsubscribe link in both parts when the message has one', () => {
    const url = 'https://app.example.com/api/unsubscribe?token=abc';
    const mail = renderMail({ subject: 's', text: 'News', unsubscribeUrl: url }, brand);
    expect(mail.text).toContain(`Unsubscribe from community broadcasts: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
  });

  it('lays out a queued message once; a whole document queued before the layout goes as it was', () => {
    const message = {
      to: 'a@example.com',
      subject: 's',
      text: 'Body',
      headers: { 'X-A': '1' },
      unsubscribeUrl: 'https://u',
    };
    const sent = laidOut(message, brand);
    expect(sent.html).toContain('Seller Circle');
    expect(sent.headers).toEqual({ 'X-A': '1' });
    expect(sent).not.toHaveProperty('unsubscribeUrl');
    const old = { to: 'a@example.com', subject: 's', text: 'Body', html: '<!doctype html><p>old</p>' };
    expect(laidOut(old, brand)).toBe(old);
  });
});

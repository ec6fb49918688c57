/** The password-reset e-mail: plain text and a simple HTML version with the same link. */
export function resetPasswordMail(input: { link: string; ttlMinutes: number; fullName?: string | null }): {
  subject: string;
  text: string;
  html: string;
} {
  const greeting = input.fullName ? `Hi ${input.fullName},` : 'Hi,';
  const lines = [
    greeting,
    '',
    'We received a request to reset the password of your Rainmakers account.',
    `Open this link to choose a new password (it works once, within ${input.ttlMinutes} minutes):`,
    '',
    input.link,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ];
  const link = escapeHtml(input.link);
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>We received a request to reset the password of your Rainmakers account.</p>',
    `<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;` +
      'text-decoration:none;border-radius:6px">Reset your password</a></p>',
    `<p>The link works once, within ${input.ttlMinutes} minutes. If the button does not work, copy this address:<br>${link}</p>`,
    '<p>If you did not ask for this, you can ignore this e-mail: your password stays the same.</p>',
    '</body></html>',
  ].join('\n');
  return { subject: 'Reset your Rainmakers password', text: lines.join('\n'), html };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

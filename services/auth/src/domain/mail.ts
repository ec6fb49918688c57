/**
 * auth's e-mails: the text and an HTML body fragment each; the send-mail worker puts both in the one layout (kit
 * mail-layout.ts: the community's header, footer and colour).
 */
import { escapeHtml, mailButton } from '@rainmakers/kit';

export { escapeHtml };

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
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>We received a request to reset the password of your Rainmakers account.</p>',
    mailButton('Reset your password', input.link),
    `<p>The link works once, within ${input.ttlMinutes} minutes. If the button does not work, copy this address:<br>${link}</p>`,
    '<p>If you did not ask for this, you can ignore this e-mail: your password stays the same.</p>',
  ].join('\n');
  return { subject: 'Reset your Rainmakers password', text: lines.join('\n'), html };
}

/** The invitation e-mail: a person an admin created or imported sets their first password. */
export function invitationMail(input: { link: string; ttlHours: number; fullName?: string | null }): {
  subject: string;
  text: string;
  html: string;
} {
  const greeting = input.fullName ? `Hi ${input.fullName},` : 'Hi,';
  const validity = `The link works once, within ${validFor(input.ttlHours)}.`;
  const lines = [
    greeting,
    '',
    'You have been invited to Rainmakers. Open this link to set your password and sign in:',
    '',
    input.link,
    '',
    `${validity} If it has expired, ask the Rainmakers team to send you a new invitation.`,
  ];
  const link = escapeHtml(input.link);
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>You have been invited to Rainmakers. Set your password to sign in.</p>',
    mailButton('Set your password', input.link),
    `<p>${validity} If the button does not work, copy this address:<br>${link}</p>`,
    '<p>If it has expired, ask the Rainmakers team to send you a new invitation.</p>',
  ].join('\n');
  return { subject: 'You are invited to Rainmakers', text: lines.join('\n'), html };
}

/** "7 days", "1 day", "36 hours". */
export function validFor(hours: number): string {
  const [count, unit] = hours % 24 === 0 ? [hours / 24, 'day'] : [hours, 'hour'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** An admin reset the person's second factor; she sets it up again at her next sign-in or on her profile. */
export function secondFactorResetMail(input: { fullName?: string | null; adminName: string; profileLink: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const greeting = input.fullName ? `Hi ${input.fullName},` : 'Hi,';
  const what = `${input.adminName}, an admin of Rainmakers, removed the second factor (authenticator app) of your account.`;
  const next =
    'Your password still works. Set up a new authenticator app on your profile; staff accounts are asked to at their next sign-in.';
  const warning = 'If you did not ask for this, reply to this e-mail or contact the Rainmakers team at once.';
  const lines = [greeting, '', what, next, '', input.profileLink, '', warning];
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(next)}</p>`,
    `<p><a href="${escapeHtml(input.profileLink)}">Open your profile</a></p>`,
    `<p>${escapeHtml(warning)}</p>`,
  ].join('\n');
  return { subject: 'Your Rainmakers second factor was reset', text: lines.join('\n'), html };
}

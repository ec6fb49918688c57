/**
 * Broadcasts, the pure parts (docs/decisions.md "Broadcasts and unsubscribe"): who an audience is, the body as
 * e-mail HTML, the signed unsubscribe token and the mail each recipient gets.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BLOCKING_STRIPE_STATUSES,
  type BroadcastAudience,
  type BroadcastPayment,
  type Role,
} from '@rainmakers/contracts';
import { escapeHtml, type MailMessage, type SecretKeys } from '@rainmakers/kit';
import { marked, Renderer } from 'marked';

/** Statuses of a subscription that is being paid for. */
export const PAYING_STRIPE_STATUSES = ['active', 'trialing'] as const;

/** What the store filters people by: null leaves a condition out. */
export interface AudienceFilter {
  roles: Role[] | null;
  /** People holding any of these tags. */
  tagIds: number[] | null;
  payment: { statuses: readonly string[] } | { none: true } | null;
}

const PAYMENT_FILTERS: Record<BroadcastPayment, AudienceFilter['payment']> = {
  paying: { statuses: PAYING_STRIPE_STATUSES },
  problems: { statuses: BLOCKING_STRIPE_STATUSES },
  none: { none: true },
};

/** An audience as filters: an empty list narrows nothing, repeated values count once. */
export function audienceFilter(audience: BroadcastAudience): AudienceFilter {
  const roles = audience.roles && audience.roles.length > 0 ? [...new Set(audience.roles)] : null;
  const tagIds = audience.tagIds && audience.tagIds.length > 0 ? [...new Set(audience.tagIds)] : null;
  return { roles, tagIds, payment: audience.payment ? PAYMENT_FILTERS[audience.payment] : null };
}

/**
 * A broadcast's Markdown as e-mail HTML. The web previews it with the lesson sanitiser (DOMPurify); a mail has no
 * DOM to purify in, so here nothing unsafe is made in the first place: raw HTML in the Markdown is shown as text,
 * links and images keep only http(s) and mailto addresses.
 */
const renderer = new Renderer();
renderer.html = ({ text }) => escapeHtml(text);
const safeHref = (href: string) => /^(https?:|mailto:)/i.test(href.trim());
renderer.link = function link({ href, title, tokens }) {
  const text = this.parser.parseInline(tokens);
  if (!safeHref(href)) return text;
  const titled = title ? ` title="${escapeHtml(title)}"` : '';
  return `<a href="${escapeHtml(href)}"${titled} style="color:{{brandColour}}">${text}</a>`;
};
renderer.image = ({ href, text }) =>
  /^https:/i.test(href)
    ? `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" style="max-width:100%">`
    : escapeHtml(text);

export function markdownToMailHtml(markdown: string): string {
  return marked.parse(markdown, { renderer, gfm: true, breaks: true, async: false });
}

/** The unsubscribe token: the person's id and an HMAC of it, keyed apart from every other use of the secret. */
const TOKEN_PURPOSE = 'broadcast-unsubscribe:v1:';

const macOf = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`${TOKEN_PURPOSE}${userId}`).digest('base64url');

export function signUnsubscribeToken(keys: SecretKeys, userId: number): string {
  return `${userId}.${macOf(keys.current, userId)}`;
}

/** The person a token names, or null when it is malformed or signed with neither key. */
export function verifyUnsubscribeToken(keys: SecretKeys, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  const given = Buffer.from(match[2] ?? '');
  for (const key of [keys.current, keys.previous]) {
    if (!key) continue;
    const expected = Buffer.from(macOf(key, userId));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return userId;
  }
  return null;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/unsubscribe?token=${encodeURIComponent(token)}`;

/** The page a person reads the unsubscribe link on (a GET never unsubscribes: mail scanners follow links). */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;

/** One recipient's copy: the RFC 8058 headers name the one-click POST address, the body the page. */
export function broadcastMail(
  broadcast: { subject: string; body: string },
  recipient: { email: string; fullName: string },
  links: { oneClick: string; page: string },
): MailMessage {
  return {
    to: recipient.email,
    subject: broadcast.subject,
    text: broadcast.body,
    html: markdownToMailHtml(broadcast.body),
    unsubscribeUrl: links.page,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The queue job id of one recipient's copy: a retried batch queues nothing twice (BullMQ keeps the id). */
export const broadcastMailJobId = (broadcastId: string, userId: number) => `broadcast-${broadcastId}-${userId}`;

/** How many recipients a batch takes and how long it lasts at least, so the rate stays within perMinute. */
export function batchPlan(perMinute: number): { size: number; minMs: number } {
  const size = Math.max(1, Math.min(100, Math.ceil(perMinute / 60)));
  return { size, minMs: Math.ceil((size * 60_000) / perMinute) };
}

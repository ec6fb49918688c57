import { formatRelative } from './dates';

/** A new account: greeted 'Welcome' rather than 'Welcome back' for its first day. */
export const NEW_ACCOUNT_MS = 24 * 3600 * 1000;

/** The dashboard's greeting: 'Welcome' on an account's first day, 'Welcome back' after. Pure. */
export function greeting(fullName: string, createdAt: string, now: number = Date.now()): string {
  const first = fullName.trim().split(/\s+/)[0] || fullName;
  const created = Date.parse(createdAt);
  const isNew = Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
  return `${isNew ? 'Welcome' : 'Welcome back'}, ${first}.`;
}

/** Recent Resources: how much of a title fits its two lines on the narrowest card. */
export const RECENT_TITLE_CHARS = 60;

/** A title cut after its last whole word within `max` characters, with an ellipsis; short titles unchanged. Pure. */
export function clipAtWord(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  const words = (space > max / 3 ? cut.slice(0, space) : clean.slice(0, max)).replace(/[\s,.;:!?–—-]+$/, '');
  return `${words}…`;
}

/** "3 days ago": time since an ISO date, in the largest unit that fits (Recent Resources); lib/dates words it. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  return formatRelative(iso, now);
}

/** What the staff views say about a person's sign-ins, as pure functions. */

import { formatDate, formatDateTimeWithZone } from '../../lib/dates';
import { timeAgo } from '../../lib/timeAgo';

/** "3 days ago", "yesterday", "just now" (the app's one relative-time wording, lib/timeAgo). */
export function relativeDate(iso: string, now: Date = new Date()): string {
  return timeAgo(iso, now.getTime());
}

/** "Jan 5, 2026". */
export const shortDate = (iso: string) => formatDate(iso);

export type SignInState =
  | { kind: 'signed-in'; text: string; title: string }
  | { kind: 'invited'; text: string; title: string }
  | { kind: 'never'; text: string; title: string };

/** Last sign-in when there is one; else "Invited <date>" when an invitation went out; else "Never signed in". */
export function signInState(
  invitedAt: string | null | undefined,
  lastSignInAt: string | null | undefined,
  now: Date = new Date(),
): SignInState {
  if (lastSignInAt) {
    return {
      kind: 'signed-in',
      text: `Last sign-in ${relativeDate(lastSignInAt, now)}`,
      title: formatDateTimeWithZone(lastSignInAt),
    };
  }
  if (invitedAt) {
    return {
      kind: 'invited',
      text: `Invited ${shortDate(invitedAt)}`,
      title: 'Invited, has not signed in yet',
    };
  }
  return { kind: 'never', text: 'Never signed in', title: 'Has not signed in yet' };
}

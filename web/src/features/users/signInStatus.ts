/** What the staff views say about a person's sign-ins, as pure functions. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 days ago", "yesterday", "just now". */
export function relativeDate(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** "Jan 5, 2026". */
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

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
      title: new Date(lastSignInAt).toLocaleString('en-US'),
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

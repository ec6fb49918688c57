/** Screen rules of the member page as pure functions (tested in parts.test.ts). */
import type { MemberOverview, MemberOverviewPart } from '../../../api/memberOverview';
import { formatMoney } from '../../../lib/dates';

export type PartState<T> =
  | { kind: 'hidden' }
  | { kind: 'unavailable' }
  | { kind: 'empty' }
  | { kind: 'ready'; value: T };

/** What a part of the answer is for the screen: not shown to this person, failed, empty, or there. */
export function partState<T>(answer: MemberOverview, part: MemberOverviewPart, value: T | null): PartState<T> {
  if (answer.hidden.includes(part)) return { kind: 'hidden' };
  if (answer.unavailable.includes(part) || value === null) return { kind: 'unavailable' };
  if (Array.isArray(value) && value.length === 0) return { kind: 'empty' };
  return { kind: 'ready', value };
}

/** Money in the purchase's currency, e.g. $49.00. */
export function formatAmount(amountCents: number, currency: string): string {
  return formatMoney(amountCents / 100, currency);
}

/** Each list's share of the longest list (0-100), for the board bars. */
export function barShares(counts: readonly number[]): number[] {
  const most = Math.max(0, ...counts);
  return counts.map((n) => (most === 0 ? 0 : Math.round((100 * n) / most)));
}

/** The payment status as staff read it: the Stripe status, or that there is none. */
export function paymentLabel(stripeStatus: string | null | undefined, alwaysGrantAccess: boolean | undefined): string {
  if (alwaysGrantAccess) return 'Always granted access';
  if (!stripeStatus) return 'No subscription';
  return stripeStatus.replace(/_/g, ' ');
}

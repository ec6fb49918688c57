/** The receipt e-mail after a resource purchase (pure). */
import { type EventData, formatDateInZone } from '@rainmakers/contracts';

export interface ReceiptRecipient {
  fullName: string;
  email: string;
  /** Her IANA time zone: the purchase's date and time are shown in it (UTC while she has none). */
  timeZone?: string | null;
}

/** The address that opens a resource on the Resources page (its reader: `/resources?id=`). */
export function resourceLink(publicUrl: string, resourceId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/resources?id=${resourceId}`;
}

export function formatAmount(amountCents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amountCents / 100,
    );
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** The job id of a purchase's receipt: one per payment intent, so a repeated event sends nothing more. */
export const receiptJobId = (paymentIntentId: string) => `receipt-${paymentIntentId}`;

export function receiptMail(
  data: EventData<'billing.purchase-completed'>,
  person: ReceiptRecipient,
  publicUrl: string,
): { to: string; subject: string; text: string } {
  const amount = formatAmount(data.amountCents, data.currency);
  const day = formatDateInZone(data.purchasedAt, person.timeZone) || data.purchasedAt;
  const title = data.resourceTitle || `Resource ${data.resourceId}`;
  return {
    to: person.email,
    subject: `Your receipt: ${title}`,
    text: [
      `Hi ${person.fullName},`,
      '',
      'Thank you for your purchase. Here is your receipt.',
      '',
      `Item: ${title}`,
      `Amount: ${amount}`,
      `Date: ${day}`,
      `Card: ${data.cardLast4 ? `ending in ${data.cardLast4}` : 'not shown by the payment provider'}`,
      `Payment reference: ${data.paymentIntentId}`,
      '',
      `Open it: ${resourceLink(publicUrl, data.resourceId)}`,
    ].join('\n'),
  };
}

import { describe, expect, it } from '@jest/globals';
import { formatAmount, receiptJobId, receiptMail } from './receipt';

const data = {
  paymentIntentId: 'pi_123',
  userId: 7,
  resourceId: 42,
  resourceTitle: 'Sourcing guide',
  amountCents: 4900,
  currency: 'usd',
  purchasedAt: '2026-11-26T21:00:00.000Z',
  cardLast4: '4242',
};

describe('receiptMail', () => {
  it('names the item, amount, date, card and a link that opens it', () => {
    const mail = receiptMail(data, { fullName: 'Ann', email: 'ann@example.com' }, 'http://192.168.1.20:8080/');
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Your receipt: Sourcing guide');
    expect(mail.text).toContain('Item: Sourcing guide');
    expect(mail.text).toContain('Amount: $49.00');
    expect(mail.text).toContain('Date: November 26, 2026');
    expect(mail.text).toContain('Card: ending in 4242');
    expect(mail.text).toContain('Open it: http://192.168.1.20:8080/resources?id=42');
  });

  it("dates the purchase in the recipient's zone, named; UTC while she has none", () => {
    const at = (timeZone: string | null) =>
      receiptMail(data, { fullName: 'Ann', email: 'a@x', timeZone }, 'http://h')
        .text.split('\n')
        .find((l) => l.startsWith('Date:'));
    expect(at('America/New_York')).toBe('Date: November 26, 2026, 4:00 PM EST');
    expect(at('Asia/Tokyo')).toBe('Date: November 27, 2026, 6:00 AM GMT+9');
    expect(at(null)).toBe('Date: November 26, 2026, 9:00 PM UTC');
  });

  it('says so when the card is not known', () => {
    const mail = receiptMail({ ...data, cardLast4: null }, { fullName: 'Ann', email: 'a@x' }, 'http://h');
    expect(mail.text).toContain('Card: not shown by the payment provider');
  });

  it('formats other currencies and keys the job on the payment', () => {
    expect(formatAmount(1999, 'eur')).toBe('€19.99');
    expect(receiptJobId('pi_1')).toBe('receipt-pi_1');
  });
});

/**
 * Purchases with receipts through the running stack: a member's paid purchases (newest first, amount in cents, the
 * web's receipt address) and each receipt, readable by its buyer and by admins; another member gets 404, the same
 * answer as an unknown receipt.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Purchase, Receipt } from '@rainmakers/contracts';
import { signIn } from '../support/stack-client';
import { closeSystemResources, query, signUp } from '../support/system';

jest.setTimeout(120_000);

let resourceIds: number[] = [];

beforeAll(async () => {
  const rows = await query<{ id: number }>(
    'resources',
    `INSERT INTO resources (title, description, type, visibility, url, price, hidden, published_at)
     VALUES ('Purchases test guide', 'A paid guide', 'Article', 'For Sale', null, '49.00', false, now() - interval '1 minute'),
            ('Purchases test course', 'A paid course', 'Article', 'For Sale', null, '12.50', false, now() - interval '1 minute')
     RETURNING id`,
  );
  resourceIds = rows.map((r) => r.id);
});

afterAll(closeSystemResources);

describe('GET /api/purchases and the receipt', () => {
  it('lists her paid purchases newest first, with amount in cents, day and receipt; the receipt is hers and admins', async () => {
    const buyer = await signUp('purchases-buyer');
    expect((await buyer.session.get<{ purchases: Purchase[] }>('/api/purchases')).purchases).toEqual([]);
    for (const resourceId of resourceIds) {
      const intent = await buyer.session.post<{ status: string }>('/api/stripe/create-payment-intent', {
        userId: buyer.id,
        resourceId,
        paymentMethodId: 'pm_card_visa',
      });
      expect(intent.status).toBe('succeeded');
    }
    const { purchases } = await buyer.session.get<{ purchases: Purchase[] }>('/api/purchases');
    expect(purchases.map((p) => [p.title, p.amount, p.currency])).toEqual([
      ['Purchases test course', 1250, 'usd'],
      ['Purchases test guide', 4900, 'usd'],
    ]);
    for (const p of purchases) {
      expect(p.id).toMatch(/^pi_/);
      expect(p.receiptUrl).toBe(`/purchases/${p.id}/receipt`);
      expect(Number.isNaN(Date.parse(p.paidAt))).toBe(false);
    }
    const first = purchases[0] as Purchase;

    const own = await buyer.session.get<{ receipt: Receipt }>(`/api/purchases/${first.id}/receipt`);
    expect(own.receipt).toMatchObject({
      id: first.id,
      title: 'Purchases test course',
      amount: 1250,
      currency: 'usd',
      userId: buyer.id,
      paymentReference: first.id,
    });
    const admin = await signIn('admin');
    expect((await admin.get<{ receipt: Receipt }>(`/api/purchases/${first.id}/receipt`)).receipt.userId).toBe(buyer.id);

    // Another member: the same 404 as an unknown receipt; and her own list does not show the buyer's.
    const stranger = await signUp('purchases-stranger');
    const theirs = await stranger.session.request('GET', `/api/purchases/${first.id}/receipt`);
    const unknown = await stranger.session.request('GET', '/api/purchases/pi_unknown123456/receipt');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect((await stranger.session.get<{ purchases: Purchase[] }>('/api/purchases')).purchases).toEqual([]);

    // A malformed reference: 400 with the field, never a 500.
    const bad = await stranger.session.request('GET', '/api/purchases/not-a-reference/receipt');
    expect(bad.status).toBe(400);
  });
});

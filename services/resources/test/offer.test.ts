/**
 * GET /internal/resources/{id}/offer (what billing may charge), the billing.purchase-completed consumer, a person's
 * part of her own export and her purchase records forgotten on users.user-deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ResourceOffer, resourceOfferSchema } from '@rainmakers/contracts';
import { waitFor } from '@rainmakers/kit/testing';
import { type Harness, insertPurchase, insertResource, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

const billing = { service: 'billing' };

describe('GET /internal/resources/{id}/offer', () => {
  it('sells For Sale and For Sale Premium resources at their price in cents', async () => {
    const forSale = await insertResource(h, { title: 'Paid', visibility: 'For Sale', price: '19.99' });
    const premium = await insertResource(h, { title: 'Paid premium', visibility: 'For Sale Premium', price: '0.10' });
    const a = await h.api.get<ResourceOffer>(billing, `/internal/resources/${forSale}/offer`);
    expect(a.status).toBe(200);
    expect(resourceOfferSchema.parse(a.body)).toEqual({
      id: forSale,
      title: 'Paid',
      forSale: true,
      priceCents: 1999,
      purchaseUrl: null,
    });
    const b = await h.api.get<ResourceOffer>(billing, `/internal/resources/${premium}/offer`);
    expect(b.body).toMatchObject({ forSale: true, priceCents: 10 });
  });

  it('answers priceCents null for a resource sold only through its purchase URL', async () => {
    const id = await insertResource(h, { visibility: 'For Sale', purchaseUrl: 'https://shop.example.com/x' });
    const res = await h.api.get<ResourceOffer>(billing, `/internal/resources/${id}/offer`);
    expect(res.body).toMatchObject({ forSale: true, priceCents: null, purchaseUrl: 'https://shop.example.com/x' });
  });

  it('is not for sale when Free, Included with Premium or hidden', async () => {
    for (const seed of [
      { visibility: 'Free' as const, price: null },
      { visibility: 'Included with Premium' as const, price: null },
      { visibility: 'For Sale' as const, price: '5.00', hidden: true },
    ]) {
      const id = await insertResource(h, seed);
      const res = await h.api.get<ResourceOffer>(billing, `/internal/resources/${id}/offer`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, forSale: false, priceCents: null });
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await h.api.get(billing, '/internal/resources/999999/offer')).status).toBe(404);
    expect((await h.api.get(billing, '/internal/resources/abc/offer')).status).toBe(400);
  });

  it('needs a service token: people and visitors are refused', async () => {
    const id = await insertResource(h, { visibility: 'For Sale', price: '1.00' });
    expect((await h.api.get(null, `/internal/resources/${id}/offer`)).status).toBe(403);
    for (const actor of Object.values(h.actors)) {
      expect((await h.api.get(actor, `/internal/resources/${id}/offer`)).status).toBe(403);
    }
  });
});

describe('billing.purchase-completed', () => {
  it('records the purchase once per payment intent, whatever the redeliveries', async () => {
    const resourceId = await insertResource(h, { visibility: 'For Sale', price: '12.00' });
    const userId = h.actors.basic.userId;
    const data = {
      paymentIntentId: 'pi_once_1',
      userId,
      resourceId,
      resourceTitle: 'Paid',
      amountCents: 1200,
      currency: 'usd',
      purchasedAt: new Date().toISOString(),
    };
    const first = await h.deliver('billing.purchase-completed', data);
    await h.deliver('billing.purchase-completed', data, first); // the same event redelivered
    const second = await h.deliver('billing.purchase-completed', data); // a second event for the same intent
    const processed = () =>
      h.service.database.db
        .selectFrom('processed_events')
        .select('event_id')
        .where('event_id', 'in', [first, second])
        .execute();
    await waitFor(async () => (await processed()).length === 2, { what: 'both events to be processed' });
    const rows = await h.service.database.db
      .selectFrom('resource_purchases')
      .selectAll()
      .where('payment_intent_id', '=', 'pi_once_1')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: userId, resource_id: resourceId, amount_cents: 1200, currency: 'usd' });
  });
});

describe('users.tag-renamed', () => {
  it("renames the required tag's snapshot on resources", async () => {
    const id = await insertResource(h, {
      visibility: 'For Sale',
      price: '1.00',
      tags: [{ id: 4444, name: 'Old name' }],
    });
    await h.deliver('users.tag-renamed', { id: 4444, name: 'New name' });
    await waitFor(
      async () => {
        const row = await h.service.database.db
          .selectFrom('resource_tags')
          .select('tag_name')
          .where('resource_id', '=', id)
          .executeTakeFirst();
        return row?.tag_name === 'New name';
      },
      { what: 'the snapshot to follow the rename' },
    );
  });
});

describe("a person's purchase records", () => {
  it('are her part of her export, and go on users.user-deleted while others stay', async () => {
    const resourceId = await insertResource(h, { visibility: 'For Sale', price: '5.00' });
    const leaving = h.actors.premium.userId;
    const staying = h.actors.coach.userId;
    await insertPurchase(h, leaving, resourceId);
    await insertPurchase(h, staying, resourceId);
    const mine = await h.api.get<{ purchases: { resourceId: number }[] }>(
      { service: 'gateway' },
      `/internal/users/${leaving}/export`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.purchases).toEqual([
      expect.objectContaining({ resourceId, resource: 'Bought', amountCents: 100 }),
    ]);
    expect((await h.api.get(h.actors.premium, `/internal/users/${leaving}/export`)).status).toBe(403);

    await h.deliver('users.user-deleted', { id: leaving });
    const rowsOf = (userId: number) =>
      h.service.database.db.selectFrom('resource_purchases').select('user_id').where('user_id', '=', userId).execute();
    await waitFor(async () => (await rowsOf(leaving)).length === 0, { what: 'her purchase records to go' });
    expect(await rowsOf(staying)).toHaveLength(1);
  });
});

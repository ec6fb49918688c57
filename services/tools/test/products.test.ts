/** Every /api/product call against real PostgreSQL: figures, rules, field errors, ownership, the fee lock. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADDITIONAL_FEES_LOCKED, PRODUCT_NOT_FOUND, type ProductBody } from '@rainmakers/contracts';
import { eventually } from '@rainmakers/kit/testing';
import { createProduct, garlicPress, type Harness, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

const read = async (as: ReturnType<Harness['as']>) =>
  (await h.api.get<{ products: ProductBody[] }>(as, '/api/product/read-many')).body.products;

describe('POST /api/product/upsert', () => {
  it('creates a product with every computed figure (example A), isNew, at the top of the list', async () => {
    const me = h.as('premium');
    const first = await createProduct(h, me, { title: 'First' });
    const res = await h.api.post<{ product: ProductBody; isNew: boolean }>(me, '/api/product/upsert', {
      product: garlicPress,
      typeAdditionalFees: 'percentage',
    });
    expect(res.status).toBe(201);
    expect(res.body.isNew).toBe(true);
    const p = res.body.product;
    expect(p).toMatchObject({
      title: 'Garlic press',
      position: 0,
      additionalFees: 25,
      typeAdditionalFees: 'percentage',
      totalCostPerUnit: 5.5,
      totalAdditionalFees: 7.5,
      totalAmazonFees: 15.35,
      amazonNet: 14.64,
      netProfitPerUnit: 9.14,
      totalEstimatedProfitPerUnit: 9.14,
      potentialProfit: 9.14,
      profitMargin: 30.48,
      totalManufacturingShippingCustomsCost: 5500,
      totalCost: 20850,
      totalEstimatedBulkOrderProfit: 9140,
      promotionCost: 3988.6,
      promotionRevenue: 210,
      ACOSBreakEven: 30.48,
      campaignACOS: 25,
      monthlyGross: 8997,
      monthlyProfit: 2292,
      abilities: { edit: true, delete: true, editAdditionalFees: true },
    });
    expect((await read(me)).map((x) => x.id)).toEqual([p.id, first.id]);
  });

  it('updates the caller own product (isNew false, 200) and keeps its place', async () => {
    const me = h.as('premium');
    const a = await createProduct(h, me, { title: 'A' });
    const b = await createProduct(h, me, { title: 'B' });
    const res = await h.api.post<{ product: ProductBody; isNew: boolean }>(me, '/api/product/upsert', {
      product: { ...garlicPress, id: a.id, title: 'A2', sales: 0, amazonRetailPrice: 0 },
      typeAdditionalFees: 'dollar',
    });
    expect(res.status).toBe(200);
    expect(res.body.isNew).toBe(false);
    expect(res.body.product).toMatchObject({
      id: a.id,
      title: 'A2',
      typeAdditionalFees: 'dollar',
      campaignACOS: null,
      profitMargin: 0,
      netProfitPerUnit: -13.35,
    });
    expect((await read(me)).map((x) => x.title)).toEqual(['B', 'A2']);
    expect(b.id).toBeGreaterThan(a.id);
  });

  it('accepts numbers as text (form inputs) and defaults the optional numbers to 0 and the fees to 25 %', async () => {
    const me = h.as('course only');
    const res = await h.api.post<{ product: ProductBody }>(me, '/api/product/upsert', {
      product: {
        title: ' Mug ',
        units: '10',
        costPerUnit: '2.50',
        shippingCost: '0',
        amazonFees: '3',
        amazonRetailPrice: '12',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({
      title: 'Mug',
      description: '',
      units: 10,
      costPerUnit: 2.5,
      additionalFees: 25,
      typeAdditionalFees: 'percentage',
      promotionDays: 0,
      projectedUnits: 0,
      totalAdditionalFees: 3,
      netProfitPerUnit: 3.5,
    });
  });

  it('answers per-field errors: title required, numbers required, text in number fields, negatives, ranges', async () => {
    const me = h.as('premium');
    const empty = await h.api.post<{ error: string; errors: Record<string, string> }>(me, '/api/product/upsert', {
      product: { title: '' },
      typeAdditionalFees: 'percentage',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      title: 'This field is required',
      units: 'This field is required',
      costPerUnit: 'This field is required',
      shippingCost: 'This field is required',
      amazonFees: 'This field is required',
      amazonRetailPrice: 'This field is required',
    });
    expect(typeof empty.body.error).toBe('string');

    const bad = await h.api.post<{ errors: Record<string, string> }>(me, '/api/product/upsert', {
      product: {
        ...garlicPress,
        units: -5,
        costPerUnit: 'abc',
        promotionDays: 2.5,
        additionalFees: 80,
        promotionPercentage: 101,
      },
      typeAdditionalFees: 'euro',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      units: 'Cannot be negative',
      costPerUnit: 'Must be a number',
      promotionDays: 'Must be a whole number',
      additionalFees: 'Enter a percentage from 0 to 50 (of the retail price)',
      promotionPercentage: 'Must be at most 100',
      typeAdditionalFees: 'Choose percentage or dollar',
    });
    expect((await read(me)).length).toBe(0);
  });

  it('refuses a 100 KB title and a body that is not an object with a 4xx', async () => {
    const me = h.as('premium');
    const long = await h.api.post<{ error?: unknown }>(me, '/api/product/upsert', {
      product: { ...garlicPress, title: 'x'.repeat(100_000) },
    });
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
    expect(typeof long.body.error).toBe('string');
    const text = await h.api.post(me, '/api/product/upsert', '"just text"');
    expect(text.status).toBe(400);
  });

  it("another member's product is unreachable: update and delete answer 404 and change nothing", async () => {
    const owner = h.as('premium');
    const other = h.as('premium');
    const admin = h.as('admin');
    const p = await createProduct(h, owner, { title: 'Mine' });
    for (const caller of [other, admin]) {
      const upd = await h.api.post(caller, '/api/product/upsert', {
        product: { ...garlicPress, id: p.id, title: 'Theirs' },
      });
      expect(upd.status).toBe(404);
      expect(upd.body).toEqual({ error: PRODUCT_NOT_FOUND });
      expect((await h.api.del(caller, `/api/product/${p.id}`)).status).toBe(404);
      expect((await read(caller)).map((x) => x.id)).not.toContain(p.id);
    }
    expect((await read(owner))[0]).toMatchObject({ id: p.id, title: 'Mine' });
  });
});

describe('additional fees and basic members', () => {
  it('a basic member sees the lock in abilities and cannot set the fees through the API', async () => {
    const basic = h.as('basic');
    const refused = await h.api.post<{ error: string; errors: Record<string, string> }>(basic, '/api/product/upsert', {
      product: { ...garlicPress, additionalFees: 30 },
      typeAdditionalFees: 'percentage',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual({ additionalFees: ADDITIONAL_FEES_LOCKED });

    const created = await createProduct(h, basic, { additionalFees: 25 });
    expect(created.additionalFees).toBe(25);
    expect(created.abilities.editAdditionalFees).toBe(false);
    const withoutFees = await h.api.post<{ product: ProductBody }>(basic, '/api/product/upsert', {
      product: { ...garlicPress, id: created.id, additionalFees: undefined, title: 'Renamed' },
      typeAdditionalFees: 'dollar',
    });
    expect(withoutFees.status).toBe(200);
    expect(withoutFees.body.product).toMatchObject({
      title: 'Renamed',
      additionalFees: 25,
      typeAdditionalFees: 'percentage',
    });
    const changed = await h.api.post(basic, '/api/product/upsert', {
      product: { ...garlicPress, id: created.id, additionalFees: 10 },
    });
    expect(changed.status).toBe(403);
  });

  it('a premium member sets 0 to 50 %, and an existing product keeps its fees when none are sent', async () => {
    const me = h.as('premium');
    const p = await createProduct(h, me, { additionalFees: 50 }, 'dollar');
    expect(p).toMatchObject({ additionalFees: 50, typeAdditionalFees: 'dollar', totalAdditionalFees: 15 });
    const kept = await h.api.post<{ product: ProductBody }>(me, '/api/product/upsert', {
      product: { ...garlicPress, id: p.id, additionalFees: '' },
      typeAdditionalFees: 'dollar',
    });
    expect(kept.body.product.additionalFees).toBe(50);
    const zero = await h.api.post<{ product: ProductBody }>(me, '/api/product/upsert', {
      product: { ...garlicPress, id: p.id, additionalFees: 0 },
    });
    expect(zero.body.product).toMatchObject({ additionalFees: 0, totalAdditionalFees: 0 });
  });
});

describe('dollar additional fees', () => {
  it('a dollar fee above half the price (sent, as the spec says, converted to a percentage) is refused per field', async () => {
    const me = h.as('premium');
    // $16 of a $29.99 product is 53.35 %: above the $14.99 (50 %) ceiling.
    const above = await h.api.post<{ errors: Record<string, string> }>(me, '/api/product/upsert', {
      product: { ...garlicPress, additionalFees: 53.35 },
      typeAdditionalFees: 'dollar',
    });
    expect(above.status).toBe(400);
    expect(above.body.errors).toEqual({ additionalFees: 'Enter a percentage from 0 to 50 (of the retail price)' });
    const text = await h.api.post<{ errors: Record<string, string> }>(me, '/api/product/upsert', {
      product: { ...garlicPress, additionalFees: 'ten dollars' },
      typeAdditionalFees: 'dollar',
    });
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual({ additionalFees: 'Must be a number' });
    expect((await read(me)).length).toBe(0);
  });
});

describe('GET /api/product/count and DELETE /api/product/{id}', () => {
  it('counts the caller own products; delete removes one (204) and a second delete is 404', async () => {
    const me = h.as('premium');
    expect((await h.api.get(me, '/api/product/count')).body).toEqual({ total: 0 });
    const a = await createProduct(h, me);
    await createProduct(h, me);
    await createProduct(h, h.as('premium'));
    expect((await h.api.get(me, '/api/product/count')).body).toEqual({ total: 2 });
    expect((await h.api.del(me, `/api/product/${a.id}`)).status).toBe(204);
    expect((await h.api.del(me, `/api/product/${a.id}`)).status).toBe(404);
    expect((await h.api.del(me, '/api/product/abc')).status).toBe(400);
    expect((await h.api.get(me, '/api/product/count')).body).toEqual({ total: 1 });
  });
});

describe('users.user-deleted', () => {
  it("removes the person's products", async () => {
    const gone = h.as('premium');
    const stays = h.as('premium');
    await createProduct(h, gone);
    await createProduct(h, stays);
    await h.publish('users.user-deleted', { id: gone.userId });
    await eventually(async () => {
      expect((await h.api.get(gone, '/api/product/count')).body).toEqual({ total: 0 });
    });
    expect((await h.api.get(stays, '/api/product/count')).body).toEqual({ total: 1 });
  });
});

describe('GET /api/product/read-many, replayed while the list is unchanged', () => {
  it('answers every change at once: a create, an update, a delete, another role, a direct database write', async () => {
    const me = h.as('premium');
    const a = await createProduct(h, me, { title: 'A' });
    expect((await read(me)).map((p) => p.title)).toEqual(['A']);
    expect((await read(me)).map((p) => p.title)).toEqual(['A']);
    const b = await createProduct(h, me, { title: 'B' });
    expect((await read(me)).map((p) => p.title)).toEqual(['B', 'A']);
    await h.api.post(me, '/api/product/upsert', {
      product: { ...garlicPress, id: a.id, title: 'A2' },
      typeAdditionalFees: 'percentage',
    });
    expect((await read(me)).map((p) => p.title)).toEqual(['B', 'A2']);
    // The same person seen with a basic member's abilities gets her own answer, not the premium one.
    const asBasic = h.as('basic', { userId: me.userId });
    expect((await read(asBasic)).map((p) => p.abilities.editAdditionalFees)).toEqual([false, false]);
    expect((await read(me)).map((p) => p.abilities.editAdditionalFees)).toEqual([true, true]);
    // Another replica's write, or one made outside the service, changes the version too.
    await h.service.database.db.updateTable('products').set({ title: 'B2' }).where('id', '=', b.id).execute();
    expect((await read(me)).map((p) => p.title)).toEqual(['B2', 'A2']);
    expect((await h.api.del(me, `/api/product/${b.id}`)).status).toBe(204);
    expect((await read(me)).map((p) => p.title)).toEqual(['A2']);
  });
});

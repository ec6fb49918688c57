/**
 * The authorization matrix of every /api/product call: anonymous, basic, course only, premium, coach and admin,
 * each on their own product and on another member's. Anonymous is 401; another person's product answers like a
 * missing one (404) for everyone, admins included (products are personal: policies.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Actor, Role } from '@rainmakers/contracts';
import { createProduct, garlicPress, type Harness, startHarness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

const ROLES: Role[] = ['basic', 'course only', 'premium', 'coach', 'admin'];
type Call = (who: Actor | null, productId: number) => Promise<number>;

const calls: Record<string, Call> = {
  'GET read-many': async (who) => (await h.api.get(who, '/api/product/read-many')).status,
  'GET count': async (who) => (await h.api.get(who, '/api/product/count')).status,
  'POST upsert (new)': async (who) =>
    (await h.api.post(who, '/api/product/upsert', { product: garlicPress, typeAdditionalFees: 'percentage' })).status,
  'POST upsert (id)': async (who, id) =>
    (
      await h.api.post(who, '/api/product/upsert', {
        product: { ...garlicPress, id },
        typeAdditionalFees: 'percentage',
      })
    ).status,
  'DELETE {id}': async (who, id) => (await h.api.del(who, `/api/product/${id}`)).status,
};

const OWN: Record<string, number> = {
  'GET read-many': 200,
  'GET count': 200,
  'POST upsert (new)': 201,
  'POST upsert (id)': 200,
  'DELETE {id}': 204,
};
const OTHERS: Record<string, number> = { ...OWN, 'POST upsert (id)': 404, 'DELETE {id}': 404 };

describe.each(Object.keys(calls))('%s', (name) => {
  it('anonymous: 401', async () => {
    const owner = h.as('premium');
    const p = await createProduct(h, owner);
    expect(await calls[name]?.(null, p.id)).toBe(401);
  });

  it.each(ROLES)('%s on own data and on another member’s', async (role) => {
    const me = h.as(role);
    const own = await createProduct(h, me);
    const other = await createProduct(h, h.as('premium'));
    expect({ own: await calls[name]?.(me, own.id), other: await calls[name]?.(me, other.id) }).toEqual({
      own: OWN[name],
      other: OTHERS[name],
    });
  });
});

describe('the Product Qualifier (every signed-in person; results are always the caller’s own)', () => {
  const answers = { keyword: 1, volume: 5000, standard: 1, 'average-points': 1 };
  it('anonymous: 401 on save and send', async () => {
    expect((await h.api.post(null, '/api/product-qualifier/save', { answers })).status).toBe(401);
    expect(
      (await h.api.post(null, '/api/product-qualifier/send', { answers, email: 'a@example.com', keywords: 'k' }))
        .status,
    ).toBe(401);
  });

  it.each(ROLES)('%s may save, and send to her own address only', async (role) => {
    const email = `${role.replace(' ', '-')}-${Date.now()}@example.com`;
    const me = h.as(role, { email });
    expect((await h.api.post(me, '/api/product-qualifier/save', { answers })).status).toBe(201);
    expect((await h.api.post(me, '/api/product-qualifier/send', { answers, email, keywords: 'k' })).status).toBe(200);
    expect(
      (await h.api.post(me, '/api/product-qualifier/send', { answers, email: 'a@example.com', keywords: 'k' })).status,
    ).toBe(400);
  });
});

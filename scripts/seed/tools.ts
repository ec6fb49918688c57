/**
 * Seeds the Power Profit Tool through the public API: the long-standing premium member gets three products with
 * realistic numbers (a garlic press doing well, a silicone baking mat on thin margins, a yoga-block set losing
 * money after fees, so every figure has something to show), and one Product Qualifier result (a 7: one thumb up).
 * Idempotent: a member who has products is left alone.
 */
import type { SeedContext } from './context';

export const SEED_PRODUCTS = [
  {
    title: 'Garlic press',
    description: 'Stainless steel garlic press with a silicone peeler and cleaning brush.',
    units: 1000,
    costPerUnit: 4.2,
    shippingCost: 1.3,
    amazonFees: 7.85,
    amazonRetailPrice: 29.99,
    additionalFees: 25,
    promotionUnitsPerDay: 20,
    promotionPercentage: 95,
    promotionDays: 7,
    dailyAdvertisingCost: 15,
    spend: 450,
    sales: 1800,
    projectedUnits: 300,
  },
  {
    title: 'Silicone baking mat (2-pack)',
    description: 'Half-sheet size, food-grade silicone, oven safe to 480°F.',
    units: 500,
    costPerUnit: 2.85,
    shippingCost: 0.9,
    amazonFees: 5.64,
    amazonRetailPrice: 19.99,
    additionalFees: 25,
    promotionUnitsPerDay: 15,
    promotionPercentage: 90,
    promotionDays: 10,
    dailyAdvertisingCost: 10,
    spend: 320,
    sales: 940,
    projectedUnits: 250,
  },
  {
    title: 'Yoga block set',
    description: 'Two high-density EVA foam blocks with a cotton strap.',
    units: 300,
    costPerUnit: 6.4,
    shippingCost: 3.1,
    amazonFees: 8.9,
    amazonRetailPrice: 24.99,
    additionalFees: 30,
    promotionUnitsPerDay: 10,
    promotionPercentage: 95,
    promotionDays: 7,
    dailyAdvertisingCost: 20,
    spend: 600,
    sales: 1100,
    projectedUnits: 120,
  },
];

/** A garlic press idea that scores 7 (the server recomputes it). */
export const SEED_QUALIFIER_ANSWERS = {
  keyword: 1,
  volume: 9_500,
  searches: 1,
  sellers: 1,
  units: 0,
  competitors: 1,
  alibaba: 1,
  standard: 0,
  'average-points': 1,
  'estimated-profit': 0,
  improve: 0,
};

export async function seed(ctx: SeedContext): Promise<void> {
  const member = ctx.people.premium;
  const session = await ctx.signInAs(member.email, member.password);
  const { total } = await session.get<{ total: number }>('/api/product/count');
  if (total > 0) return;
  // Oldest first, so the list (newest at the top) reads in the order above.
  for (const product of [...SEED_PRODUCTS].reverse()) {
    await session.post('/api/product/upsert', { product, typeAdditionalFees: 'percentage' });
  }
  await session.post('/api/product-qualifier/save', { score: 7, answers: SEED_QUALIFIER_ANSWERS });
  ctx.log(`${SEED_PRODUCTS.length} Power Profit products and a qualifier result for ${member.email}`);
}

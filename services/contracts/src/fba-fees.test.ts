/** The worked examples of docs/fba-fees.md, one per size tier, and the referral rules (tiered categories too). */
import { describe, expect, it } from '@jest/globals';
import {
  estimateFbaFees,
  FBA_CATEGORIES,
  FBA_FEES_EFFECTIVE_DATE,
  type FbaInput,
  fbaInputErrors,
  fbaPriceBand,
  findFbaCategory,
  referralFee,
} from './fba-fees';

const estimate = (input: FbaInput) => {
  const result = estimateFbaFees(input);
  return {
    tier: result.sizeTier,
    basis: result.weightBasis,
    fulfilment: result.fulfilmentFee,
    referral: result.referralFee,
    total: result.total,
  };
};

const referral = (categoryId: string, price: number) => {
  const category = findFbaCategory(categoryId);
  if (!category) throw new Error(`no category ${categoryId}`);
  return referralFee(category, Math.round(price * 100));
};

describe('the fee tables', () => {
  it('carry their effective date, and every category has a referral rule and a unique id', () => {
    expect(FBA_FEES_EFFECTIVE_DATE).toBe('2026-01-15');
    expect(new Set(FBA_CATEGORIES.map((c) => c.id)).size).toBe(FBA_CATEGORIES.length);
    expect(FBA_CATEGORIES.map((c) => c.id)).toEqual(
      expect.arrayContaining(['home-kitchen', 'electronics-accessories', 'furniture', 'jewelry', 'clothing']),
    );
  });

  it('price bands: under $10, $10 to $50 inclusive, over $50', () => {
    expect(fbaPriceBand(999)).toBe('under10');
    expect(fbaPriceBand(1000)).toBe('from10to50');
    expect(fbaPriceBand(5000)).toBe('from10to50');
    expect(fbaPriceBand(5001)).toBe('over50');
  });
});

describe('size tiers and fulfilment fees (worked examples)', () => {
  it('A. small standard, 6 oz, $9.99 kitchen gadget: $2.56 + $1.50 = $4.06', () => {
    const a = estimate({ categoryId: 'home-kitchen', length: 8, width: 5, height: 0.5, weightLb: 6 / 16, price: 9.99 });
    expect(a).toEqual({ tier: 'small-standard', basis: 'unit weight', fulfilment: 2.56, referral: 1.5, total: 4.06 });
  });

  it('B. small standard at the 16 oz limit, $12.99 toy: $3.96 + $1.95', () => {
    const b = estimate({ categoryId: 'toys', length: 15, width: 12, height: 0.75, weightLb: 1, price: 12.99 });
    expect(b).toEqual({ tier: 'small-standard', basis: 'unit weight', fulfilment: 3.96, referral: 1.95, total: 5.91 });
  });

  it('a small-standard-sized item over 16 oz is large standard', () => {
    const heavy = estimate({ categoryId: 'toys', length: 10, width: 8, height: 0.5, weightLb: 17 / 16, price: 12.99 });
    // 17 oz (dimensional 0.29 lb): large standard 1+ to 1.25 lb, $10-50.
    expect(heavy).toMatchObject({ tier: 'large-standard', basis: 'unit weight', fulfilment: 5.04 });
  });

  it('C. large standard on dimensional weight, $29.99 garlic press: $4.20 + $4.50 = $8.70', () => {
    // 10 x 4 x 2.5 / 139 = 0.72 lb (11.5 oz) > 0.6 lb unit weight: the 8+ to 12 oz row.
    const c = estimateFbaFees({
      categoryId: 'home-kitchen',
      length: 2.5,
      width: 10,
      height: 4,
      weightLb: 0.6,
      price: 29.99,
    });
    expect(c.sides).toEqual([10, 4, 2.5]);
    expect(c.dimensionalWeightLb).toBeCloseTo(0.7194, 4);
    expect(c).toMatchObject({
      sizeTier: 'large-standard',
      weightBasis: 'dimensional weight',
      fulfilmentFee: 4.2,
      referralFee: 4.5,
      total: 8.7,
    });
    expect(c.steps.join('\n')).toMatch(/Large standard over 8 oz to 12 oz, price \$10 to \$50: \$4\.20/);
  });

  it('large standard at exactly 3 lb takes the last row; over 50 dollars the third column', () => {
    const three = estimate({ categoryId: 'other', length: 12, width: 10, height: 3, weightLb: 3, price: 60 });
    expect(three).toMatchObject({ tier: 'large-standard', fulfilment: 6.93, referral: 9, total: 15.93 });
  });

  it('D. large standard above 3 lb: $6.97 + 22 x $0.08 per started 4 oz', () => {
    // 16 x 12 x 6 / 139 = 8.29 lb > 5.2 lb; (8.29 - 3) / 0.25 = 21.2 -> 22 steps.
    const d = estimate({ categoryId: 'sports', length: 16, width: 12, height: 6, weightLb: 5.2, price: 45 });
    expect(d).toEqual({
      tier: 'large-standard',
      basis: 'dimensional weight',
      fulfilment: 8.73,
      referral: 6.75,
      total: 15.48,
    });
  });

  it('E. small bulky, $250 furniture: $7.55 + 43 x $0.38; referral per portion of the price', () => {
    // 30 x 20 x 10 / 139 = 43.17 lb > 18 lb; length + girth 90 in.
    const e = estimateFbaFees({ categoryId: 'furniture', length: 30, width: 20, height: 10, weightLb: 18, price: 250 });
    expect(e).toMatchObject({ sizeTier: 'small-bulky', fulfilmentFee: 23.89, referralFee: 35, total: 58.89 });
    expect(e.lengthPlusGirth).toBe(90);
    expect(e.steps.join('\n')).toContain('15% of the first $200.00 = $30.00; 10% of the $50.00 above $200.00 = $5.00');
  });

  it('F. large bulky, $80: $9.35 + 31 x $0.38 = $21.13', () => {
    // 45 x 12 x 8 / 139 = 31.08 lb > 25 lb; 45 in is longer than small bulky allows.
    const f = estimate({ categoryId: 'other', length: 45, width: 12, height: 8, weightLb: 25, price: 80 });
    expect(f).toEqual({
      tier: 'large-bulky',
      basis: 'dimensional weight',
      fulfilment: 21.13,
      referral: 12,
      total: 33.13,
    });
  });

  it('bulky tiers count width and height as at least 2 in', () => {
    // A 40 x 1 x 1 in rod: 40 x 2 x 2 / 139 = 1.15 lb, not 0.29 lb. Small bulky? 40 > 37: large bulky.
    const rod = estimateFbaFees({ categoryId: 'sports', length: 40, width: 1, height: 1, weightLb: 0.5, price: 20 });
    expect(rod.sizeTier).toBe('large-bulky');
    expect(rod.dimensionalWeightLb).toBeCloseTo(160 / 139, 6);
    expect(rod.fulfilmentFee).toBe(9.73);
  });

  it('G. extra-large up to 50 lb, 62 in long, $40: $26.33 + 39 x $0.38 = $41.15', () => {
    const g = estimate({ categoryId: 'sports', length: 62, width: 10, height: 4, weightLb: 40, price: 40 });
    expect(g).toEqual({ tier: 'extra-large', basis: 'unit weight', fulfilment: 41.15, referral: 6, total: 47.15 });
  });

  it('extra-large above 50, 70 and 150 lb', () => {
    const base = { categoryId: 'sports', length: 62, width: 10, height: 4, price: 40 };
    expect(estimate({ ...base, weightLb: 60 }).fulfilment).toBe(44.07); // 37.32 + 9 x 0.75
    expect(estimate({ ...base, weightLb: 100 }).fulfilment).toBe(73.07); // 51.32 + 29 x 0.75
    expect(estimate({ ...base, weightLb: 200 }).fulfilment).toBe(204.26); // 194.95 + 49 x 0.19
    expect(estimate({ ...base, weightLb: 40, price: 9 }).fulfilment).toBe(40.38); // under $10: 25.56 + 39 x 0.38
  });

  it('an item over 50 lb or over 130 in of length + girth is not bulky', () => {
    expect(estimate({ categoryId: 'other', length: 36, width: 20, height: 20, weightLb: 10, price: 30 }).tier).toBe(
      'extra-large',
    ); // dimensional 103.6 lb
    expect(estimate({ categoryId: 'other', length: 59, width: 33, height: 3, weightLb: 20, price: 30 }).tier).toBe(
      'extra-large',
    ); // dimensional 42 lb, but length + girth 131 in
  });

  it('H. clothing uses the apparel table and the price-band referral', () => {
    const shirt = estimate({ categoryId: 'clothing', length: 10, width: 8, height: 0.5, weightLb: 5 / 16, price: 18 });
    expect(shirt).toEqual({
      tier: 'small-standard',
      basis: 'unit weight',
      fulfilment: 3.59,
      referral: 1.8,
      total: 5.39,
    });
    const coat = estimate({ categoryId: 'clothing', length: 14, width: 10, height: 3, weightLb: 4.2, price: 60 });
    // Apparel above 3 lb: $7.23 + 3 x $0.16 per started 8 oz (4.2 - 3 = 1.2 lb); referral 17% of $60.
    expect(coat).toMatchObject({ tier: 'large-standard', fulfilment: 7.71, referral: 10.2 });
  });
});

describe('referral fees', () => {
  it('flat percentages of the price, rounded to the cent', () => {
    expect(referral('home-kitchen', 29.99).cents).toBe(450);
    expect(referral('electronics', 199).cents).toBe(1592);
    expect(referral('automotive', 40).cents).toBe(480);
  });

  it('the $0.30 minimum, and none for grocery', () => {
    const cheap = referral('home-kitchen', 1.5);
    expect(cheap.cents).toBe(30);
    expect(cheap.parts.at(-1)).toBe('below the $0.30 minimum, so $0.30');
    expect(referral('electronics', 3).cents).toBe(30);
    expect(referral('grocery', 2).cents).toBe(16);
  });

  it('price-band categories take the whole price at its band: beauty, grocery, clothing', () => {
    expect(referral('beauty', 10).cents).toBe(80);
    expect(referral('beauty', 10.01).cents).toBe(150);
    expect(referral('health', 8).cents).toBe(64);
    expect(referral('baby', 20).cents).toBe(300);
    expect(referral('grocery', 15).cents).toBe(120);
    expect(referral('grocery', 15.01).cents).toBe(225);
    expect(referral('clothing', 15).cents).toBe(75);
    expect(referral('clothing', 18).cents).toBe(180);
    expect(referral('clothing', 20).cents).toBe(200);
    expect(referral('clothing', 25).cents).toBe(425);
  });

  it('tiered categories apply each rate to its portion of the price, not to the whole price', () => {
    // Electronics accessories: 15 % of the first $100, 8 % above ($120: $15.00 + $1.60; not $9.60 or $18.00).
    const accessory = referral('electronics-accessories', 120);
    expect(accessory.cents).toBe(1660);
    expect(accessory.parts).toEqual([
      '15% of the first $100.00 = $15.00',
      '8% of the $20.00 above $100.00 = $1.60',
      'together $16.60',
    ]);
    expect(referral('electronics-accessories', 80).cents).toBe(1200);
    expect(referral('electronics-accessories', 100).cents).toBe(1500);
    // Furniture: 15 % to $200, then 10 %.
    expect(referral('furniture', 250).cents).toBe(3500);
    expect(referral('furniture', 150).cents).toBe(2250);
    // Jewelry: 20 % to $250, then 5 %.
    expect(referral('jewelry', 300).cents).toBe(5250);
    expect(referral('jewelry', 1).cents).toBe(30);
    // Portions are summed exactly, then rounded once: $100.05 -> 15.00 + 0.004 = $15.00.
    expect(referral('electronics-accessories', 100.05).cents).toBe(1500);
  });
});

describe('input checks', () => {
  it('names each unusable field', () => {
    expect(
      fbaInputErrors({ categoryId: 'nope', length: 0, width: Number.NaN, height: -1, weightLb: 6000, price: -1 }),
    ).toEqual({
      categoryId: 'Choose a category',
      length: 'Must be more than 0',
      width: 'Must be a number',
      height: 'Must be more than 0',
      weightLb: 'Must be at most 5,000',
      price: 'Cannot be negative',
    });
    expect(fbaInputErrors({ categoryId: 'toys', length: 1, width: 1, height: 1, weightLb: 1, price: 0 })).toEqual({});
  });

  it('estimateFbaFees refuses what the checks refuse', () => {
    expect(() =>
      estimateFbaFees({ categoryId: 'toys', length: 0, width: 1, height: 1, weightLb: 1, price: 10 }),
    ).toThrow(RangeError);
  });

  it('a free product pays the minimum referral fee and the under-$10 fulfilment fee', () => {
    expect(estimate({ categoryId: 'toys', length: 4, width: 4, height: 0.5, weightLb: 0.1, price: 0 })).toMatchObject({
      fulfilment: 2.43,
      referral: 0.3,
    });
  });
});

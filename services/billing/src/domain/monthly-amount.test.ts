import { describe, expect, it } from '@jest/globals';
import { monthlyAmount } from './subscriptions';

describe('a subscription in MRR', () => {
  it('adds monthly items times quantity, divides yearly ones by 12, ignores unpriced items', () => {
    expect(
      monthlyAmount([
        { quantity: 2, price: { unit_amount: 9700, currency: 'usd', recurring: { interval: 'month' } } },
        { quantity: 1, price: { unit_amount: 120_000, currency: 'USD', recurring: { interval: 'year' } } },
        { quantity: 1, price: { unit_amount: null, currency: 'usd', recurring: { interval: 'month' } } },
        { quantity: 1, price: { unit_amount: 500, currency: 'usd', recurring: null } },
      ]),
    ).toEqual({ cents: 2 * 9700 + 10_000, currency: 'usd' });
    expect(
      monthlyAmount([
        { price: { unit_amount: 30_000, currency: 'usd', recurring: { interval: 'month', interval_count: 3 } } },
      ]),
    ).toEqual({ cents: 10_000, currency: 'usd' });
    expect(monthlyAmount([])).toBeNull();
  });
});

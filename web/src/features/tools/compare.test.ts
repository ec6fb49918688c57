import { describe, expect, it } from '@jest/globals';
import type { ProductBody } from '../../api/tools';
import { compareBars, toggleCompared } from './compare';

const product = (id: number, retail: number, cost: number, fees: number) =>
  ({
    id,
    title: `P${id}`,
    amazonRetailPrice: retail,
    totalCostPerUnit: cost,
    totalAmazonFees: fees,
    netProfitPerUnit: Math.round((retail - cost - fees) * 100) / 100,
  }) as ProductBody;

describe('compare', () => {
  it('keeps at most three products, toggling in and out', () => {
    expect(toggleCompared([], 1)).toEqual([1]);
    expect(toggleCompared([1, 2, 3], 4)).toEqual([1, 2, 3]);
    expect(toggleCompared([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it('draws every bar at one scale; a loss has no profit segment', () => {
    const [a, b] = compareBars([product(1, 20, 5, 5), product(2, 10, 8, 6)]);
    expect(a).toMatchObject({ costWidth: 25, feesWidth: 25, profitWidth: 50 });
    expect(b).toMatchObject({ costWidth: 40, feesWidth: 30, profitWidth: 0, profit: -4 });
  });
});

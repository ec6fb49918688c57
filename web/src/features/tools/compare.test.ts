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

  it('splits each sale into landed cost, fees and profit per unit; a loss is a negative profit', () => {
    const [a, b] = compareBars([product(1, 20, 5, 5), product(2, 10, 8, 6)]);
    expect(a).toEqual({ id: 1, title: 'P1', retail: 20, cost: 5, fees: 5, profit: 10 });
    expect(b).toMatchObject({ cost: 8, fees: 6, profit: -4 });
    expect(b ? b.cost + b.fees + b.profit : 0).toBe(b?.retail);
  });
});

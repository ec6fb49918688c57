/** The side-by-side comparison of up to three products (per unit: landed cost, fees, profit). */
import type { ProductBody } from '../../api/tools';

export const MAX_COMPARED = 3;

/** A product's sale split per unit: landed cost + fees + profit = retail price (a loss makes profit negative). */
export interface CompareBar {
  id: number;
  title: string;
  retail: number;
  cost: number;
  fees: number;
  profit: number;
}

/** Toggles a product in the selection; a fourth is not added. */
export function toggleCompared(selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((x) => x !== id);
  return selected.length >= MAX_COMPARED ? [...selected] : [...selected, id];
}

export function compareBars(products: readonly ProductBody[]): CompareBar[] {
  return products.map((p) => ({
    id: p.id,
    title: p.title,
    retail: p.amazonRetailPrice,
    cost: p.totalCostPerUnit,
    fees: p.totalAmazonFees,
    profit: p.netProfitPerUnit,
  }));
}

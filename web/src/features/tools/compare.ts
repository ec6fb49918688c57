/** The side-by-side comparison of up to three products (per unit: landed cost, fees, profit). */
import type { ProductBody } from '../../api/tools';

export const MAX_COMPARED = 3;

export interface CompareBar {
  id: number;
  title: string;
  retail: number;
  cost: number;
  fees: number;
  profit: number;
  /** Widths in percent of the widest bar (the largest of retail and cost + fees), so bars compare at one scale. */
  costWidth: number;
  feesWidth: number;
  profitWidth: number;
}

/** Toggles a product in the selection; a fourth is not added. */
export function toggleCompared(selected: readonly number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((x) => x !== id);
  return selected.length >= MAX_COMPARED ? [...selected] : [...selected, id];
}

export function compareBars(products: readonly ProductBody[]): CompareBar[] {
  const scale = Math.max(
    1e-9,
    ...products.map((p) => Math.max(p.amazonRetailPrice, p.totalCostPerUnit + p.totalAmazonFees)),
  );
  const pct = (value: number) => Math.round((Math.max(0, value) / scale) * 10_000) / 100;
  return products.map((p) => ({
    id: p.id,
    title: p.title,
    retail: p.amazonRetailPrice,
    cost: p.totalCostPerUnit,
    fees: p.totalAmazonFees,
    profit: p.netProfitPerUnit,
    costWidth: pct(p.totalCostPerUnit),
    feesWidth: pct(p.totalAmazonFees),
    profitWidth: pct(p.netProfitPerUnit),
  }));
}

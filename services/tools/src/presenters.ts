/** Allow-lists of what the tools service sends: a field reaches the web only when it is written here. */
import { computeProfit, type ProductAbilities, type ProductBody } from '@rainmakers/contracts';
import type { ProductRecord } from './store/products';

/** The product with every computed figure of spec §3 (contracts/profit.ts) and what the person may do. */
export function presentProduct(p: ProductRecord, abilities: ProductAbilities): ProductBody {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    position: p.position,
    units: p.units,
    costPerUnit: p.costPerUnit,
    shippingCost: p.shippingCost,
    amazonFees: p.amazonFees,
    amazonRetailPrice: p.amazonRetailPrice,
    additionalFees: p.additionalFees,
    typeAdditionalFees: p.typeAdditionalFees,
    promotionUnitsPerDay: p.promotionUnitsPerDay,
    promotionPercentage: p.promotionPercentage,
    promotionDays: p.promotionDays,
    dailyAdvertisingCost: p.dailyAdvertisingCost,
    spend: p.spend,
    sales: p.sales,
    projectedUnits: p.projectedUnits,
    ...computeProfit(p),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    abilities,
  };
}

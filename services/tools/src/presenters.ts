/** Allow-lists of what the tools service sends: a field reaches the web only when it is written here. */
import { computeProfit, type ProductAbilities, type ProductBody } from '@rainmakers/contracts';
import type { OwnToolsFacts } from './store/account';
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

const at = (value: Date | string) => new Date(value).toISOString();

/** tools' part of a person's own export: her products, qualifier results and AI conversations with every message. */
export function presentOwnToolsExport(facts: OwnToolsFacts) {
  return {
    products: facts.products.map(({ user_id: _owner, id: _id, created_at, updated_at, ...product }) => ({
      ...product,
      createdAt: at(created_at),
      updatedAt: at(updated_at),
    })),
    qualifierResults: facts.qualifierResults.map((r) => ({
      answers: r.answers,
      score: r.score,
      result: r.result,
      keywords: r.keywords,
      emailedTo: r.emailed_to,
      createdAt: at(r.created_at),
    })),
    aiConversations: facts.conversations.map((c) => ({
      assistant: c.assistant,
      title: c.title,
      createdAt: at(c.created_at),
      updatedAt: at(c.updated_at),
      messages: facts.messages
        .filter((m) => m.conversation_id === c.id)
        .map((m) => ({ role: m.role, content: m.content, at: at(m.created_at) })),
    })),
  };
}

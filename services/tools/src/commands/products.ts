/** Saving and deleting Power Profit products (the caller's own only). */
import {
  ADDITIONAL_FEES_LOCKED,
  DEFAULT_ADDITIONAL_FEES_PERCENT,
  MAX_PRODUCTS_PER_PERSON,
  PRODUCT_NOT_FOUND,
  type ProductUpsertInput,
} from '@rainmakers/contracts';
import { badRequest, HttpError, notFound, recordIdempotencyKey } from '@rainmakers/kit';
import type { ToolsDeps } from '../deps';
import {
  countProducts,
  deleteProduct,
  findOwnProduct,
  insertProduct,
  type ProductRecord,
  type ProductValues,
  updateProduct,
} from '../store/products';

export interface UpsertOptions {
  /** False for basic members: the additional fees keep their stored value (25 on a new product). */
  mayEditAdditionalFees: boolean;
}

/**
 * Creates (no id) or updates (an id of the caller's) a product. `additionalFees` left out keeps the stored value
 * (25 on a new product); a basic member sending any other value is refused (403 keyed `additionalFees`).
 */
export async function upsertProduct(
  deps: ToolsDeps,
  userId: number,
  input: ProductUpsertInput,
  options: UpsertOptions,
): Promise<{ product: ProductRecord; isNew: boolean }> {
  const existing = input.id ? await findOwnProduct(deps.db, userId, input.id) : null;
  if (input.id && !existing) throw notFound(PRODUCT_NOT_FOUND);
  const current = existing?.additionalFees ?? DEFAULT_ADDITIONAL_FEES_PERCENT;
  const additionalFees = input.additionalFees ?? current;
  if (!options.mayEditAdditionalFees && Math.abs(additionalFees - current) > 0.001) {
    throw new HttpError(403, ADDITIONAL_FEES_LOCKED, { additionalFees: ADDITIONAL_FEES_LOCKED });
  }
  const values: ProductValues = {
    title: input.title,
    description: input.description,
    units: input.units,
    costPerUnit: input.costPerUnit,
    shippingCost: input.shippingCost,
    amazonFees: input.amazonFees,
    amazonRetailPrice: input.amazonRetailPrice,
    additionalFees,
    typeAdditionalFees: options.mayEditAdditionalFees
      ? input.typeAdditionalFees
      : (existing?.typeAdditionalFees ?? 'percentage'),
    promotionUnitsPerDay: input.promotionUnitsPerDay,
    promotionPercentage: input.promotionPercentage,
    promotionDays: input.promotionDays,
    dailyAdvertisingCost: input.dailyAdvertisingCost,
    spend: input.spend,
    sales: input.sales,
    projectedUnits: input.projectedUnits,
  };
  if (existing) {
    const product = await updateProduct(deps.db, userId, existing.id, values);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return { product, isNew: false };
  }
  // One transaction, so a request's Idempotency-Key is recorded with the product it creates (kit idempotency.ts).
  return deps.db.transaction().execute(async (trx) => {
    await recordIdempotencyKey(trx);
    if ((await countProducts(trx, userId)) >= MAX_PRODUCTS_PER_PERSON) {
      throw badRequest(`You can keep at most ${MAX_PRODUCTS_PER_PERSON} products`);
    }
    return { product: await insertProduct(trx, userId, values), isNew: true };
  });
}

export async function removeProduct(deps: ToolsDeps, userId: number, id: number): Promise<void> {
  if (!(await deleteProduct(deps.db, userId, id))) throw notFound(PRODUCT_NOT_FOUND);
}

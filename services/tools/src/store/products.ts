/** Power Profit Tool products: a person's own rows only (every query names the owner). */
import type { AdditionalFeesType, ProfitInputs } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { ToolsDb } from './db';

/** A product as stored: the seller's inputs (ProfitInputs), numbers as numbers. */
export interface ProductRecord extends ProfitInputs {
  id: number;
  userId: number;
  title: string;
  description: string;
  position: number;
  typeAdditionalFees: AdditionalFeesType;
  createdAt: Date;
  updatedAt: Date;
}

/** What a save writes (everything the seller enters). */
export type ProductValues = Omit<ProductRecord, 'id' | 'userId' | 'position' | 'createdAt' | 'updatedAt'>;

const COLUMNS = [
  'id',
  'user_id',
  'title',
  'description',
  'position',
  'units',
  'cost_per_unit',
  'shipping_cost',
  'amazon_fees',
  'amazon_retail_price',
  'additional_fees',
  'type_additional_fees',
  'promotion_units_per_day',
  'promotion_percentage',
  'promotion_days',
  'daily_advertising_cost',
  'spend',
  'sales',
  'projected_units',
  'created_at',
  'updated_at',
] as const;

interface ProductRow {
  id: number;
  user_id: number;
  title: string;
  description: string;
  position: number;
  units: number;
  cost_per_unit: string;
  shipping_cost: string;
  amazon_fees: string;
  amazon_retail_price: string;
  additional_fees: string;
  type_additional_fees: AdditionalFeesType;
  promotion_units_per_day: number;
  promotion_percentage: string;
  promotion_days: number;
  daily_advertising_cost: string;
  spend: string;
  sales: string;
  projected_units: number;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (r: ProductRow): ProductRecord => ({
  id: r.id,
  userId: r.user_id,
  title: r.title,
  description: r.description,
  position: r.position,
  units: r.units,
  costPerUnit: Number(r.cost_per_unit),
  shippingCost: Number(r.shipping_cost),
  amazonFees: Number(r.amazon_fees),
  amazonRetailPrice: Number(r.amazon_retail_price),
  additionalFees: Number(r.additional_fees),
  typeAdditionalFees: r.type_additional_fees,
  promotionUnitsPerDay: r.promotion_units_per_day,
  promotionPercentage: Number(r.promotion_percentage),
  promotionDays: r.promotion_days,
  dailyAdvertisingCost: Number(r.daily_advertising_cost),
  spend: Number(r.spend),
  sales: Number(r.sales),
  projectedUnits: r.projected_units,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toColumns = (v: ProductValues) => ({
  title: v.title,
  description: v.description,
  units: v.units,
  cost_per_unit: v.costPerUnit,
  shipping_cost: v.shippingCost,
  amazon_fees: v.amazonFees,
  amazon_retail_price: v.amazonRetailPrice,
  additional_fees: v.additionalFees,
  type_additional_fees: v.typeAdditionalFees,
  promotion_units_per_day: v.promotionUnitsPerDay,
  promotion_percentage: v.promotionPercentage,
  promotion_days: v.promotionDays,
  daily_advertising_cost: v.dailyAdvertisingCost,
  spend: v.spend,
  sales: v.sales,
  projected_units: v.projectedUnits,
});

/** A person's products, newest first ((position, id desc): new ones have position 0). */
export async function listProducts(db: ToolsDb, userId: number): Promise<ProductRecord[]> {
  const rows = await db
    .selectFrom('products')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRecord);
}

/**
 * What changes whenever the person's list changes: the number of her rows and the sum and the newest of the
 * transaction ids that wrote them (xmin, PostgreSQL's row version: an insert or update writes a row with its
 * transaction's id, a delete lowers the count). The sum catches what count and newest alone would miss: an older
 * transaction's insert committed beside another's delete. A clock (updated_at) could go backwards between replicas.
 */
export async function productListVersion(db: ToolsDb, userId: number): Promise<string> {
  const { rows } = await sql<{ n: number; v: string | null }>`
    SELECT count(*)::int AS n, sum(xmin::text::bigint)::text || '.' || max(xmin::text::bigint)::text AS v
    FROM products WHERE user_id = ${userId}`.execute(db);
  const row = rows[0];
  return `${row?.n ?? 0}:${row?.v ?? '-'}`;
}

export async function countProducts(db: ToolsDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The person's product with this id; null when there is none or it is someone else's. */
export async function findOwnProduct(db: ToolsDb, userId: number, id: number): Promise<ProductRecord | null> {
  const row = await db
    .selectFrom('products')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function insertProduct(db: ToolsDb, userId: number, values: ProductValues): Promise<ProductRecord> {
  const row = await db
    .insertInto('products')
    .values({ user_id: userId, position: 0, ...toColumns(values) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

/** Updates the person's product; null when it is not theirs (or gone). */
export async function updateProduct(
  db: ToolsDb,
  userId: number,
  id: number,
  values: ProductValues,
): Promise<ProductRecord | null> {
  const row = await db
    .updateTable('products')
    .set({ ...toColumns(values), updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function deleteProduct(db: ToolsDb, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteProductsOf(db: ToolsDb, userId: number): Promise<number> {
  const result = await db.deleteFrom('products').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

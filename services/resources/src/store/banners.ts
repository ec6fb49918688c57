/** Dashboard banners: at most one per type. */
import type { BannerUpsert } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import type { ResourcesDb } from './db';
import type { BannerType } from './schema';

export interface BannerRecord {
  id: number;
  type: BannerType;
  title: string;
  content: string;
  videoUrl: string | null;
  buttonText: string;
  buttonUrl: string;
  /** Dollars with two decimals (numeric as text), premium banners only. */
  averageShippingRate: string | null;
}

const COLUMNS = [
  'id',
  'type',
  'title',
  'content',
  'video_url',
  'button_text',
  'button_url',
  'average_shipping_rate',
] as const;

type Row = {
  id: number;
  type: BannerType;
  title: string;
  content: string;
  video_url: string | null;
  button_text: string;
  button_url: string;
  average_shipping_rate: string | null;
};

const toRecord = (r: Row): BannerRecord => ({
  id: r.id,
  type: r.type,
  title: r.title,
  content: r.content,
  videoUrl: r.video_url,
  buttonText: r.button_text,
  buttonUrl: r.button_url,
  averageShippingRate: r.average_shipping_rate,
});

export async function listBanners(db: ResourcesDb): Promise<BannerRecord[]> {
  return (await db.selectFrom('dashboard_banners').select(COLUMNS).execute()).map(toRecord);
}

export async function findBanner(db: ResourcesDb, type: BannerType): Promise<BannerRecord | null> {
  const row = await db.selectFrom('dashboard_banners').select(COLUMNS).where('type', '=', type).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Creates the type's banner or replaces it; `isNew` when none existed. One statement, so two admins saving at once
 * cannot create two banners of one type. */
export async function upsertBanner(
  db: ResourcesDb,
  input: BannerUpsert,
): Promise<{ banner: BannerRecord; isNew: boolean }> {
  const values = {
    type: input.type,
    title: input.title,
    content: input.content,
    video_url: input.video_url,
    button_text: input.button_text,
    button_url: input.button_url,
    average_shipping_rate: input.average_shipping_rate === null ? null : input.average_shipping_rate.toFixed(2),
  };
  const row = await db
    .insertInto('dashboard_banners')
    .values(values)
    .onConflict((oc) =>
      oc.column('type').doUpdateSet({
        title: values.title,
        content: values.content,
        video_url: values.video_url,
        button_text: values.button_text,
        button_url: values.button_url,
        average_shipping_rate: values.average_shipping_rate,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning([...COLUMNS, sql<boolean>`(xmax = 0)`.as('inserted')])
    .executeTakeFirstOrThrow();
  return { banner: toRecord(row), isNew: row.inserted };
}

export async function deleteBanner(db: ResourcesDb, type: BannerType): Promise<boolean> {
  const result = await db.deleteFrom('dashboard_banners').where('type', '=', type).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

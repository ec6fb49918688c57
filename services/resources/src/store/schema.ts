/**
 * The resources service's tables as Kysely sees them (migrations/002_resources.sql).
 * Kysely's helper types and the kit's outbox tables come through @rainmakers/kit (the kit owns kysely).
 */
import type { ColumnType, EventTables, Generated } from '@rainmakers/kit';

export type { ColumnType, Generated };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back from node-postgres as strings. */
type Numeric = ColumnType<string | null, string | number | null | undefined, string | number | null>;

export type ResourceType = 'Link' | 'Article' | 'Video' | 'Course';
export type ResourceVisibility = 'Free' | 'For Sale' | 'For Sale Premium' | 'Included with Premium';
export type BannerType = 'basic' | 'premium' | 'course only';

export interface ResourceCategoriesTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ResourcesTable {
  id: Generated<number>;
  title: string;
  description: string;
  cover_photo_url: string | null;
  type: ResourceType;
  visibility: Generated<ResourceVisibility>;
  content: string | null;
  url: string | null;
  purchase_url: string | null;
  price: Numeric;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  hidden: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ResourceCategoryLinksTable {
  resource_id: number;
  category_id: number;
}

export interface ResourceTagsTable {
  resource_id: number;
  tag_id: number;
  tag_name: string;
}

export interface ResourcePurchasesTable {
  payment_intent_id: string;
  user_id: number;
  resource_id: number;
  resource_title: string;
  amount_cents: number;
  currency: string;
  purchased_at: Timestamp;
  recorded_at: Timestamp;
}

export interface DashboardBannersTable {
  id: Generated<number>;
  type: BannerType;
  title: string;
  content: string;
  video_url: string | null;
  button_text: string;
  button_url: string;
  average_shipping_rate: Numeric;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SiteContentTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  content: ColumnType<unknown, string, string>;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ResourcesDatabase extends EventTables {
  resources: ResourcesTable;
  resource_categories: ResourceCategoriesTable;
  resource_category_links: ResourceCategoryLinksTable;
  resource_tags: ResourceTagsTable;
  resource_purchases: ResourcePurchasesTable;
  dashboard_banners: DashboardBannersTable;
  site_content: SiteContentTable;
}

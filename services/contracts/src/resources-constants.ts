/** The resource marketplace's texts, values and limits, without zod, so the web can import them as values. */

export const RESOURCE_TYPES = ['Link', 'Article', 'Video', 'Course'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
/** The types the form offers (§9: Link, Article, Course; Video is also handled, §3). */
export const RESOURCE_FORM_TYPES: readonly ResourceType[] = ['Link', 'Article', 'Video', 'Course'];

export const RESOURCE_VISIBILITIES = ['Free', 'For Sale', 'For Sale Premium', 'Included with Premium'] as const;
export type ResourceVisibility = (typeof RESOURCE_VISIBILITIES)[number];

/** How the form labels each visibility value (§9). */
export const RESOURCE_VISIBILITY_LABELS: Record<ResourceVisibility, string> = {
  Free: 'Free',
  'For Sale': 'Paid Upgrade (For Sale)',
  'For Sale Premium': 'Paid Upgrade Premium (For Sale Premium)',
  'Included with Premium': 'Included with Premium',
};

/** The visibilities that sell the resource (price / purchase URL shown, access needs a purchase or a tag). */
export const FOR_SALE_VISIBILITIES: readonly ResourceVisibility[] = ['For Sale', 'For Sale Premium'];
export const isForSaleVisibility = (visibility: ResourceVisibility) => FOR_SALE_VISIBILITIES.includes(visibility);

export const RESOURCE_LIST_TYPES = ['all', 'marketplace', 'my-purchases'] as const;
export type ResourceListType = (typeof RESOURCE_LIST_TYPES)[number];
export const RESOURCE_LIST_TYPE_LABELS: Record<ResourceListType, string> = {
  all: 'All Resources',
  marketplace: 'Marketplace (Paid Upgrades)',
  'my-purchases': 'My Purchases',
};

export const RESOURCES_PER_PAGE = 1000;
export const DASHBOARD_RESOURCES_PER_PAGE = 15;
export const RESOURCE_SEARCH_DEBOUNCE_MS = 500;
export const RESOURCE_DESCRIPTION_PREVIEW = 80;
export const RESOURCE_NOT_FOUND = 'Resource not found';
export const CATEGORY_NOT_FOUND = 'Category not found';
export const CATEGORY_NAME_TAKEN = 'A category with this name already exists';
export const PRICE_OR_PURCHASE_URL = 'Fill in either Price or Purchase URL';
export const RESOURCE_PRICE_TOOLTIP =
  'Fill in either Price OR Purchase URL. If Purchase URL is filled, the resource should have at least one Required Tag.';
export const NO_RESOURCES = 'No resources found.';

export const RESOURCE_TOASTS = {
  created: 'Resource created successfully',
  saved: 'Resource saved successfully',
  deleted: 'Resource deleted successfully',
  categoryDeleted: 'Category deleted successfully',
} as const;

export const BANNER_TYPES = ['basic', 'premium', 'course only'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];
export const BANNER_TYPE_LABELS: Record<BannerType, string> = {
  basic: 'Basic',
  premium: 'Premium',
  'course only': 'Course only',
};
export const BANNER_NOT_FOUND = 'Banner not found';
export const SHIPPING_RATE_PREMIUM_ONLY = 'Only premium banners have an average shipping rate';
export const BANNER_TOASTS = {
  created: 'Banner created successfully',
  updated: 'Banner updated successfully',
  deleted: 'Banner deleted successfully',
} as const;

/** Dollars with two decimals -> integer cents, exactly (no floating point drift: '19.99' -> 1999). */
export function dollarsToCents(price: string | number): number {
  const text = typeof price === 'number' ? price.toFixed(2) : price.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

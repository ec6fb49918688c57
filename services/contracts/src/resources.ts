/**
 * The resource marketplace and dashboard banners (spec part 2 "Resources screen", §3 Resource and Dashboard banner,
 * §4-§9): every payload the web sends to the resources service and every answer it reads back.
 */
import { z } from 'zod';
import { idList, idParam, isSafeUrl, requiredText } from './fields';
import { FIELD_REQUIRED } from './messages';
import {
  BANNER_TYPES,
  isForSaleVisibility,
  PRICE_OR_PURCHASE_URL,
  RESOURCE_LIST_TYPES,
  RESOURCE_TYPES,
  RESOURCE_VISIBILITIES,
  RESOURCES_PER_PAGE,
  SHIPPING_RATE_PREMIUM_ONLY,
} from './resources-constants';

export * from './resources-constants';

// ---------------------------------------------------------------------------------------------------------
// Constants (§9): resources-constants.ts (zod-free, for the web)

export const resourceTypeSchema = z.enum(RESOURCE_TYPES, { error: 'Choose a type' });
export const resourceVisibilitySchema = z.enum(RESOURCE_VISIBILITIES, { error: 'Choose a visibility' });
export const resourceListTypeSchema = z.enum(RESOURCE_LIST_TYPES);
export const bannerTypeSchema = z.enum(BANNER_TYPES, { error: 'Choose basic, premium or course only' });

// ---------------------------------------------------------------------------------------------------------
// Field rules

const EMPTY = FIELD_REQUIRED;
const URL_MESSAGE = 'Enter a web address (https://...)';

/** Optional text: '' and null clear it. */
const optionalLongText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v?.trim() ? v : null));

const optionalAddress = z
  .string({ error: URL_MESSAGE })
  .trim()
  .max(2000, 'At most 2000 characters')
  .refine((value) => value === '' || isSafeUrl(value), URL_MESSAGE)
  .nullish()
  .transform((v) => (v ? v : null));

/** Dollars, up to two decimals, as a number or numeric text; '' and null clear it. */
export const moneyField = z
  .union([z.number(), z.string(), z.null()], { error: 'Enter an amount such as 19.99' })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/^\$/, '');
    if (text === '') return null;
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(text) && !(typeof value === 'number' && Number.isFinite(value))) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 19.99' });
      return z.NEVER;
    }
    const amount = Math.round(Number(text) * 100) / 100;
    if (!Number.isFinite(amount) || amount < 0 || amount > 99_999_999.99) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount between 0 and 99999999.99' });
      return z.NEVER;
    }
    return amount;
  });

const tagRef = z.object({
  id: idParam,
  name: z.string({ error: 'Tag name is required' }).trim().min(1, 'Tag name is required').max(120),
});
const tagRefs = z
  .array(tagRef, { error: 'Tags must be a list of {id, name}' })
  .max(100, 'At most 100 tags')
  .transform((tags) => [...new Map(tags.map((t) => [t.id, t])).values()]);

/** Accepts `{resource: {...}}` as well as the fields themselves. */
const unwrap = (key: string) => (body: unknown) =>
  body && typeof body === 'object' && key in body ? (body as Record<string, unknown>)[key] : body;

// ---------------------------------------------------------------------------------------------------------
// Requests

export const resourceListQuerySchema = z.object({
  /** Repeated (`categories=1&categories=2`), comma-separated, or `categories[]=`. */
  categories: idList.optional().transform((v) => v ?? []),
  type: z.preprocess((v) => (v === '' || v === undefined ? 'all' : v), resourceListTypeSchema),
  search: z
    .string()
    .max(200, 'At most 200 characters')
    .optional()
    .transform((v) => v?.trim() ?? ''),
  itemsPerPage: z.coerce
    .number({ error: 'itemsPerPage must be a number' })
    .int()
    .min(1)
    .max(RESOURCES_PER_PAGE)
    .default(RESOURCES_PER_PAGE),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

/**
 * POST /api/resource/upsert (§5 Resource form): Title and Description required; URL required unless the type is
 * Course; article content kept only for Article; Price and Purchase URL kept only when the visibility sells the
 * resource, and then one of them is required (the tooltip's "either Price OR Purchase URL").
 */
export const resourceUpsertSchema = z.preprocess(
  unwrap('resource'),
  z
    .object({
      id: idParam.nullish().transform((v) => v ?? null),
      title: requiredText(200),
      description: requiredText(5000),
      coverPhotoUrl: optionalAddress,
      type: resourceTypeSchema,
      visibility: resourceVisibilitySchema.default('Free'),
      content: optionalLongText(200_000),
      url: optionalAddress,
      purchaseUrl: optionalAddress,
      price: moneyField,
      publishedAt: z.iso
        .datetime({ offset: true, error: 'Enter a date and time' })
        .nullish()
        .transform((v) => v ?? null),
      /** Absent keeps the stored value on an update (false for a new resource). */
      hidden: z.boolean({ error: 'hidden must be true or false' }).optional(),
      ResourceCategories: idList.optional().transform((v) => [...new Set(v ?? [])]),
      Tags: tagRefs.optional().transform((v) => v ?? []),
    })
    .superRefine((resource, ctx) => {
      if (resource.type !== 'Course' && !resource.url) ctx.addIssue({ code: 'custom', path: ['url'], message: EMPTY });
      if (isForSaleVisibility(resource.visibility) && resource.price === null && !resource.purchaseUrl) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_OR_PURCHASE_URL });
      }
    })
    .transform((resource) => {
      const forSale = isForSaleVisibility(resource.visibility);
      return {
        ...resource,
        content: resource.type === 'Article' ? resource.content : null,
        price: forSale ? resource.price : null,
        purchaseUrl: forSale ? resource.purchaseUrl : null,
      };
    }),
);
export type ResourceUpsert = z.infer<typeof resourceUpsertSchema>;

export const categoryUpsertSchema = z.preprocess(
  unwrap('category'),
  z.object({
    id: idParam.nullish().transform((v) => v ?? null),
    name: requiredText(120),
  }),
);
export type CategoryUpsert = z.infer<typeof categoryUpsertSchema>;

/** `course only` in a path may also be written `course-only` or `courseOnly`. */
export const bannerTypeParam = z.preprocess(
  (v) => (v === 'course-only' || v === 'courseOnly' ? 'course only' : v),
  bannerTypeSchema,
);

/** POST /api/dashboard-banner (§5 Banner): one banner per type; the average shipping rate only for premium. */
export const bannerUpsertSchema = z.preprocess(
  unwrap('banner'),
  z
    .object({
      title: requiredText(200),
      content: requiredText(5000),
      video_url: optionalAddress,
      button_text: requiredText(100),
      button_url: z
        .string({ error: EMPTY })
        .trim()
        .min(1, EMPTY)
        .max(2000, 'At most 2000 characters')
        .refine(isSafeUrl, URL_MESSAGE),
      type: bannerTypeParam,
      average_shipping_rate: moneyField,
    })
    .superRefine((banner, ctx) => {
      if (banner.type !== 'premium' && banner.average_shipping_rate !== null) {
        ctx.addIssue({ code: 'custom', path: ['average_shipping_rate'], message: SHIPPING_RATE_PREMIUM_ONLY });
      }
    }),
);
export type BannerUpsert = z.infer<typeof bannerUpsertSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers

export const resourceRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const resourceAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean() });
export type ResourceAbilities = z.infer<typeof resourceAbilitiesSchema>;

/**
 * A resource as one person sees it. `accessible` says whether they may open it; when false, `url` and `content`
 * are null (the server never sends them). `content` is also null in lists (GET /api/resource/{id} carries it).
 */
export const resourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  coverPhotoUrl: z.string().nullable(),
  type: resourceTypeSchema,
  visibility: resourceVisibilitySchema,
  content: z.string().nullable(),
  url: z.string().nullable(),
  purchaseUrl: z.string().nullable(),
  price: z.number().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  hidden: z.boolean(),
  ResourceCategories: z.array(resourceRefSchema),
  Tags: z.array(resourceRefSchema),
  accessible: z.boolean(),
  purchased: z.boolean(),
  abilities: resourceAbilitiesSchema,
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abilities: resourceAbilitiesSchema,
});
export type ResourceCategory = z.infer<typeof resourceCategorySchema>;

export const resourceListSchema = z.object({
  resources: z.array(resourceSchema),
  /** Whether the person may add resources and categories. */
  abilities: z.object({ createResource: z.boolean(), createCategory: z.boolean() }),
});
export type ResourceList = z.infer<typeof resourceListSchema>;
export const resourceResponseSchema = z.object({ resource: resourceSchema });
export const resourceUpsertResponseSchema = z.object({ resource: resourceSchema, isNew: z.boolean() });
export const categoryListSchema = z.object({ resourceCategories: z.array(resourceCategorySchema) });
export const categoryUpsertResponseSchema = z.object({ resourceCategory: resourceCategorySchema, isNew: z.boolean() });

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  video_url: z.string().nullable(),
  button_text: z.string(),
  button_url: z.string(),
  type: bannerTypeSchema,
  average_shipping_rate: z.number().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerResponseSchema = z.object({ banner: bannerSchema.nullable() });
export const bannerUpsertResponseSchema = z.object({ banner: bannerSchema, isNew: z.boolean() });
export const bannerListSchema = z.object({
  premium: bannerSchema.nullable(),
  basic: bannerSchema.nullable(),
  courseOnly: bannerSchema.nullable(),
  /** Whether the person may create, edit and delete banners. */
  abilities: z.object({ edit: z.boolean() }),
});
export type BannerList = z.infer<typeof bannerListSchema>;

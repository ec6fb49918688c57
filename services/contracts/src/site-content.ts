/**
 * Site content set by admins: every video of the product and the addresses outside it (the booking
 * calendar, support, community, upgrade). Kept by the resources service (GET/PUT /api/site-content); the web reads
 * it instead of build-time settings. A video is an address: YouTube, Vimeo or a file uploaded to the app.
 */
import { z } from 'zod';
import { isSafeUrl } from './fields';
import { parseVideoSource, SITE_VIDEO_KEYS, type SiteVideoKey, VIDEO_MESSAGE } from './site-content-constants';

export * from './site-content-constants';

const URL_MESSAGE = 'Enter a web address (https://...)';

/** An optional video address: '' and null clear it; anything set must be a YouTube, Vimeo or uploaded video. */
export const videoAddressField = z
  .string({ error: VIDEO_MESSAGE })
  .trim()
  .max(2000, 'At most 2000 characters')
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || parseVideoSource(v) !== null, VIDEO_MESSAGE);

const optionalLink = z
  .string({ error: URL_MESSAGE })
  .trim()
  .max(2000, 'At most 2000 characters')
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (isSafeUrl(v) && !v.startsWith('/')), URL_MESSAGE);

const optionalEmail = z
  .string({ error: 'Enter a valid email address' })
  .trim()
  .max(254, 'Email is too long')
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || z.email().safeParse(v).success, 'Enter a valid email address');

const videosShape = Object.fromEntries(SITE_VIDEO_KEYS.map((key) => [key, videoAddressField.default(null)])) as {
  [K in SiteVideoKey]: z.ZodDefault<typeof videoAddressField>;
};

const HEX_COLOUR_MESSAGE = 'Enter a colour as #rrggbb';

/** The community's name and colour, as e-mails show them (docs/decisions.md "One e-mail layout"). */
export const siteBrandSchema = z.object({
  communityName: z
    .string()
    .trim()
    .min(1, 'Enter the community name')
    .max(80, 'At most 80 characters')
    .default('Rainmakers'),
  primaryColor: z
    .string({ error: HEX_COLOUR_MESSAGE })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, HEX_COLOUR_MESSAGE)
    .default('#1d4ed8'),
});
export type SiteBrand = z.infer<typeof siteBrandSchema>;

/**
 * PUT /api/site-content: the whole content; a missing or empty field is not set. A body without `brand` keeps the
 * stored one (the page's form edits videos and links).
 */
export const siteContentSchema = z.object({
  videos: z.object(videosShape).prefault({}),
  links: z
    .object({
      calendarUrl: optionalLink.default(null),
      supportEmail: optionalEmail.default(null),
      supportUrl: optionalLink.default(null),
      communityUrl: optionalLink.default(null),
      upgradeUrl: optionalLink.default(null),
    })
    .prefault({}),
  brand: siteBrandSchema.prefault({}),
});
export type SiteContent = z.infer<typeof siteContentSchema>;

/** What nobody has set yet. */
export const EMPTY_SITE_CONTENT: SiteContent = siteContentSchema.parse({});

export const siteContentResponseSchema = z.object({
  content: siteContentSchema,
  updatedAt: z.string().nullable(),
  /** The calendar link for the person asking, `{token}` filled in; null when no calendar link is set. */
  bookingUrl: z.string().nullable(),
  abilities: z.object({ edit: z.boolean() }),
});
export type SiteContentResponse = z.infer<typeof siteContentResponseSchema>;

/** GET /api/site-content/public: what a visitor's screens need (sign-up, the blocked page). */
export const publicSiteContentSchema = z.object({
  videos: z.object({ 'sign-up-welcome': z.string().nullable() }),
  links: z.object({ supportEmail: z.string().nullable(), supportUrl: z.string().nullable() }),
});
export type PublicSiteContent = z.infer<typeof publicSiteContentSchema>;

/**
 * The site's links (booking calendar, support, community, upgrade) without the videos: every page's frame reads the
 * defaults, so they travel in the web's shell alone, not with the video keys and the admin screen's labels.
 */
export const SITE_LINK_KEYS = ['calendarUrl', 'supportEmail', 'supportUrl', 'communityUrl', 'upgradeUrl'] as const;
export type SiteLinkKey = (typeof SITE_LINK_KEYS)[number];

/** Links that must always work: what the app uses while none is set. */
export const SITE_LINK_DEFAULTS = {
  supportEmail: 'support@rainmakers.example.com',
  supportUrl: 'https://support.rainmakers.example.com/',
  communityUrl: 'https://community.rainmakers.example.com/',
  upgradeUrl: 'https://apply.rainmakers.example.com/',
} as const;

/**
 * The calendar link may carry `{token}`: the member's e-mail address goes there (URL-encoded), so a booking tool
 * (Calendly's `?email={token}`, for one) knows who is booking.
 */
export const CALENDAR_TOKEN = '{token}';

/** The calendar link of one person: `{token}` replaced by her e-mail (her id when the e-mail is not known). */
export function bookingUrlFor(calendarUrl: string | null, person: { userId: number; email?: string | null }) {
  if (!calendarUrl) return null;
  return calendarUrl.split(CALENDAR_TOKEN).join(encodeURIComponent(person.email ?? String(person.userId)));
}

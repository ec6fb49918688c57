/**
 * Site content without zod, so the web can import it alone: the video keys and labels, the links'
 * defaults, and what a video address plays (parseVideoSource). Schemas: site-content.ts.
 */
/** uploads.ts UPLOAD_FILES_PATH (that file carries zod). */
const UPLOAD_FILES_PATH = '/upload/files/';

/** Every video of the product, by key. The qualifier keys are contracts/qualifier.ts `video` and RATING_VIDEOS. */
export const SITE_VIDEO_KEYS = [
  'sign-up-welcome',
  'board-welcome',
  'qualifier-intro',
  'qualifier-keyword',
  'qualifier-volume',
  'qualifier-related',
  'qualifier-sellers',
  'qualifier-units',
  'qualifier-competitors',
  'qualifier-alibaba',
  'qualifier-size',
  'qualifier-profit',
  'qualifier-improve',
  'qualifier-result-low',
  'qualifier-result-seven',
  'qualifier-result-high',
  'ai-toolkit-intro',
] as const;
export type SiteVideoKey = (typeof SITE_VIDEO_KEYS)[number];

/** The screen's labels, grouped as the admin screen shows them. */
export const SITE_VIDEO_GROUPS: ReadonlyArray<{ title: string; videos: ReadonlyArray<[SiteVideoKey, string]> }> = [
  {
    title: 'Welcome videos',
    videos: [
      ['sign-up-welcome', 'Sign-up welcome'],
      ['board-welcome', 'Move the Needle welcome'],
      ['ai-toolkit-intro', 'AI Toolkit intro'],
    ],
  },
  {
    title: 'Product Qualifier',
    videos: [
      ['qualifier-intro', 'Intro'],
      ['qualifier-keyword', 'Learn More: question 1 (main keyword)'],
      ['qualifier-volume', 'Learn More: question 2 (search volume)'],
      ['qualifier-related', 'Learn More: question 3 (related keywords)'],
      ['qualifier-sellers', 'Learn More: question 4 (sellers)'],
      ['qualifier-units', 'Learn More: question 5 (units and reviews)'],
      ['qualifier-competitors', 'Learn More: question 6 (competitors)'],
      ['qualifier-alibaba', 'Learn More: question 7 (Alibaba)'],
      ['qualifier-size', 'Learn More: question 8 (size tier)'],
      ['qualifier-profit', 'Learn More: question 9 (profit)'],
      ['qualifier-improve', 'Learn More: question 10 (improvements)'],
      ['qualifier-result-low', 'Results: 6 or less'],
      ['qualifier-result-seven', 'Results: 7'],
      ['qualifier-result-high', 'Results: 8 or more'],
    ],
  },
];

export const SITE_LINK_KEYS = ['calendarUrl', 'supportEmail', 'supportUrl', 'communityUrl', 'upgradeUrl'] as const;
export type SiteLinkKey = (typeof SITE_LINK_KEYS)[number];

export const SITE_LINK_LABELS: Record<SiteLinkKey, string> = {
  calendarUrl: 'Booking calendar',
  supportEmail: 'Support e-mail',
  supportUrl: 'Support page',
  communityUrl: 'Community group',
  upgradeUrl: 'Apply to upgrade',
};

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

export const VIDEO_MESSAGE = 'Enter a YouTube or Vimeo address, or upload a video file';

export type VideoSource =
  | { kind: 'youtube'; id: string; embedUrl: string }
  | { kind: 'vimeo'; id: string; embedUrl: string }
  | { kind: 'file'; url: string };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;
/** Uploaded videos: `/upload/files/<uuid>.mp4|webm` on the product's own origin. */
const UPLOADED_VIDEO = /^\/upload\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp4|webm)$/;

/**
 * What a video address plays: YouTube and Vimeo through their privacy-friendly embed hosts (youtube-nocookie.com,
 * player.vimeo.com with dnt=1), or a file uploaded to the app. Null for anything else.
 */
export function parseVideoSource(value: string | null | undefined): VideoSource | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith(UPLOAD_FILES_PATH)) return UPLOADED_VIDEO.test(text) ? { kind: 'file', url: text } : null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    let id: string | null = null;
    if (host === 'youtu.be') id = parts[0] ?? null;
    else if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live') id = parts[1] ?? null;
    if (!id || !YOUTUBE_ID.test(id)) return null;
    return { kind: 'youtube', id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0&cc_load_policy=1` };
  }
  if (VIMEO_HOSTS.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    const id = host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts[0];
    if (!id || !VIMEO_ID.test(id)) return null;
    return { kind: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` };
  }
  return null;
}

/**
 * Site content without zod, so the web can import it alone: the video keys and labels, and (re-exported) the links'
 * defaults (site-links.ts) and what a video address plays (video-source.ts). Schemas: site-content.ts.
 */
import type { SiteLinkKey } from './site-links';

export * from './site-links';
export * from './video-source';

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

/** The site content screen's labels of the links. */
export const SITE_LINK_LABELS: Record<SiteLinkKey, string> = {
  calendarUrl: 'Booking calendar',
  supportEmail: 'Support e-mail',
  supportUrl: 'Support page',
  communityUrl: 'Community group',
  upgradeUrl: 'Apply to upgrade',
};

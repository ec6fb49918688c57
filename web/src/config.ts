/**
 * Addresses outside the app. Set them at build time with VITE_* variables (see web/README.md); the defaults are
 * placeholders on the reserved example domain so a build never links to a stranger's site by accident.
 */
const env = import.meta.env;

export const config = {
  /**
   * Where hidden routes send the browser (Move the Needle after the membership cut-off). Empty = no calendar yet:
   * the app's own page explains the booking instead (features/errors/CalendarBookingPage).
   */
  calendarUrl: env.VITE_CALENDAR_URL ?? '',
  supportEmail: env.VITE_SUPPORT_EMAIL ?? 'support@rainmakers.example.com',
  supportUrl: env.VITE_SUPPORT_URL ?? 'https://support.rainmakers.example.com/',
  communityUrl: env.VITE_COMMUNITY_URL ?? 'https://community.rainmakers.example.com/',
  applyUrl: env.VITE_APPLY_URL ?? 'https://apply.rainmakers.example.com/',
  /** Embed address of the sign-up welcome video; loaded only when the visitor presses play. Empty = no video. */
  welcomeVideoUrl: env.VITE_WELCOME_VIDEO_URL ?? '',
  /**
   * Product Qualifier videos: the base address their keys are appended to (contracts/qualifier.ts `video`), e.g.
   * an embed prefix of the video host. Empty = the video places say the video is not available yet.
   */
  qualifierVideoBaseUrl: env.VITE_QUALIFIER_VIDEO_BASE_URL ?? '',
  /** 'Need more feedback?' links of the Product Qualifier. */
  secondEyesUrl: env.VITE_SECOND_EYES_URL ?? 'https://book.rainmakers.example.com/2nd-eyes',
  coachingClinicUrl: env.VITE_COACHING_CLINIC_URL ?? 'https://book.rainmakers.example.com/product-research-clinic',
  /** Where the dashboard's Current Average Shipping Rate card links (the rate itself comes from the premium banner). */
  shippingRateUrl: env.VITE_SHIPPING_RATE_URL ?? 'https://shipping.rainmakers.example.com/',
  /** Embed address of the Move the Needle welcome video; loaded only when play is pressed. Empty = text only. */
  mtnVideoUrl: env.VITE_MTN_VIDEO_URL ?? '',
  /** The external form behind 'Recommend A Resource/ Service Here' on /resources. */
  recommendResourceUrl: env.VITE_RECOMMEND_RESOURCE_URL ?? 'https://forms.rainmakers.example.com/recommend-a-resource',
} as const;

export const supportMailto = `mailto:${config.supportEmail}`;

/**
 * Addresses outside the app that admins do not set. Set them at build time with VITE_* variables (see web/README.md);
 * the defaults are placeholders on the reserved example domain. The videos, the calendar, support, community and
 * upgrade links are site content set on /site-content (api/siteContent.ts).
 */
const env = import.meta.env;

export const config = {
  /** 'Need more feedback?' links of the Product Qualifier. */
  secondEyesUrl: env.VITE_SECOND_EYES_URL ?? 'https://book.rainmakers.example.com/2nd-eyes',
  coachingClinicUrl: env.VITE_COACHING_CLINIC_URL ?? 'https://book.rainmakers.example.com/product-research-clinic',
  /** Where the dashboard's Current Average Shipping Rate card links (the rate itself comes from the premium banner). */
  shippingRateUrl: env.VITE_SHIPPING_RATE_URL ?? 'https://shipping.rainmakers.example.com/',
  /** The external form behind 'Recommend A Resource/ Service Here' on /resources. */
  recommendResourceUrl: env.VITE_RECOMMEND_RESOURCE_URL ?? 'https://forms.rainmakers.example.com/recommend-a-resource',
} as const;

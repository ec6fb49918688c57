/**
 * Seeds the resource marketplace through the admin's API: categories, free and paid resources of every type
 * (Link, Article, Video, Course) and visibility, and a dashboard banner for each level. Idempotent: a stack that
 * has categories already is left alone.
 *
 * The premium member then buys `SEED_PREMIUM_PURCHASE` through billing with the Stripe stand-in's test card
 * (`POST /api/stripe/create-payment-intent`, `pm_card_visa`): a real payment intent and its
 * billing.purchase-completed event, so resources (My Purchases), users (her Resources) and billing all hold it the
 * way a real purchase leaves them. Skipped when the stack talks to Stripe itself.
 */
import type { SeedContext } from './context';

export const SEED_CATEGORIES = ['Sourcing', 'Advertising', 'Listings', 'Shipping & Logistics'] as const;

/** The paid upgrade the premium member owns in a seeded stack. */
export const SEED_PREMIUM_PURCHASE = 'PPC Launch Playbook';

type Category = (typeof SEED_CATEGORIES)[number];

interface SeedResource {
  title: string;
  description: string;
  type: 'Link' | 'Article' | 'Video' | 'Course';
  visibility: 'Free' | 'For Sale' | 'For Sale Premium' | 'Included with Premium';
  categories: Category[];
  url?: string;
  content?: string;
  price?: string;
  purchaseUrl?: string;
  /** Names of SEED_TAGS whose holders open it. */
  tags?: string[];
}

export const SEED_RESOURCES: SeedResource[] = [
  {
    title: 'Supplier vetting checklist',
    description:
      'A one-page checklist for vetting a new supplier on Alibaba: trade assurance, factory audits, samples and the questions to ask before you pay a deposit.',
    type: 'Article',
    visibility: 'Free',
    categories: ['Sourcing'],
    url: 'https://www.alibaba.com',
    content:
      '## Before you message a supplier\n\n1. Check **Trade Assurance** and years on the platform.\n2. Ask for a factory audit report.\n3. Order samples from *three* suppliers.\n\n> Never pay a deposit before you have a signed spec sheet.\n\n| Step | Why |\n|---|---|\n| Samples | Compare quality side by side |\n| Audit | Know who makes it |\n',
  },
  {
    title: 'Amazon Seller Central help',
    description: "Amazon's own help pages for sellers.",
    type: 'Link',
    visibility: 'Free',
    categories: ['Listings'],
    url: 'https://sellercentral.amazon.com/help/hub/reference',
  },
  {
    title: 'Product photography on a budget',
    description: 'A twelve-minute video on lighting and shooting main images with a phone and a white sweep.',
    type: 'Video',
    visibility: 'Free',
    categories: ['Listings'],
    url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  },
  {
    title: 'Wholesale Bootcamp',
    description: 'The wholesale course: finding brands, opening accounts and your first purchase order.',
    type: 'Course',
    visibility: 'Included with Premium',
    categories: ['Sourcing'],
    url: '/courses/wholesale-bootcamp',
  },
  {
    title: 'Freight forwarder directory',
    description: 'Forwarders our members have used for sea and air freight from China, with notes on each.',
    type: 'Link',
    visibility: 'Included with Premium',
    categories: ['Shipping & Logistics'],
    url: 'https://www.flexport.com',
  },
  {
    title: SEED_PREMIUM_PURCHASE,
    description:
      'Step-by-step PPC launch plan: campaign structure, bids for the first 14 days, and when to harvest keywords.',
    type: 'Article',
    visibility: 'For Sale',
    categories: ['Advertising'],
    url: 'https://advertising.amazon.com',
    price: '49.00',
    content:
      '## Week 1\n\nStart with an **auto campaign** at a modest bid and an exact-match campaign for your top 5 keywords.\n\n## Week 2\n\nHarvest search terms with 2+ orders into exact match.',
  },
  {
    title: 'Listing copy review',
    description: 'A coach reviews your title, bullets and description and sends back a marked-up copy.',
    type: 'Link',
    visibility: 'For Sale',
    categories: ['Listings'],
    url: 'https://example.com/listing-review-booking',
    purchaseUrl: 'https://example.com/buy/listing-review',
    tags: ['Mastermind'],
  },
  {
    title: 'Advanced DSP masterclass',
    description: 'Amazon DSP for established brands: audiences, retargeting and reading the reports.',
    type: 'Video',
    visibility: 'For Sale Premium',
    categories: ['Advertising'],
    url: 'https://player.vimeo.com/video/76979871',
    price: '149.00',
  },
];

export const SEED_BANNERS = [
  {
    type: 'basic',
    title: 'Ready for the next step?',
    content: 'Upgrade to premium for coaching calls, the Move the Needle board and every premium resource.',
    video_url: null,
    button_text: 'Apply To Upgrade',
    button_url: 'https://example.com/apply',
    average_shipping_rate: null,
  },
  {
    type: 'premium',
    title: 'This week in the Mastermind',
    content: 'Live Q&A on Thursday at 1 pm ET: bring your PPC reports.',
    video_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    button_text: 'Join the call',
    button_url: 'https://example.com/live',
    average_shipping_rate: 0.62,
  },
  {
    type: 'course only',
    title: 'Keep going with your course',
    content: 'Finish your modules and join the course community for feedback on your product.',
    video_url: null,
    button_text: 'Open my courses',
    button_url: '/courses',
    average_shipping_rate: null,
  },
] as const;

const PURCHASE_WAIT_MS = 20_000;

/**
 * Site content: a public sample video for every video place (YouTube: its embed host is allowed by the
 * CSP; the sandbox has no internet, so it plays only where YouTube is reachable), and a booking calendar.
 */
const SAMPLE_VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
export const SEED_SITE_CONTENT = {
  videos: {
    'sign-up-welcome': SAMPLE_VIDEO,
    'board-welcome': SAMPLE_VIDEO,
    'qualifier-intro': SAMPLE_VIDEO,
    'qualifier-keyword': SAMPLE_VIDEO,
    'qualifier-volume': SAMPLE_VIDEO,
    'qualifier-related': SAMPLE_VIDEO,
    'qualifier-sellers': SAMPLE_VIDEO,
    'qualifier-units': SAMPLE_VIDEO,
    'qualifier-competitors': SAMPLE_VIDEO,
    'qualifier-alibaba': SAMPLE_VIDEO,
    'qualifier-size': SAMPLE_VIDEO,
    'qualifier-profit': SAMPLE_VIDEO,
    'qualifier-improve': SAMPLE_VIDEO,
    'qualifier-result-low': SAMPLE_VIDEO,
    'qualifier-result-seven': SAMPLE_VIDEO,
    'qualifier-result-high': SAMPLE_VIDEO,
    'ai-toolkit-intro': SAMPLE_VIDEO,
  },
  links: {
    calendarUrl: 'https://calendly.com/rainmakers-coaching/one-to-one?email={token}',
    supportEmail: 'support@rainmakers.example.com',
    supportUrl: 'https://support.rainmakers.example.com/',
    communityUrl: 'https://community.rainmakers.example.com/',
    upgradeUrl: 'https://apply.rainmakers.example.com/',
  },
};

export async function seed(ctx: SeedContext): Promise<void> {
  await seedCatalogue(ctx);
  await seedSiteContent(ctx);
  await seedPremiumPurchase(ctx);
}

/** Only into an empty site content: an admin's own settings are never overwritten. */
async function seedSiteContent(ctx: SeedContext): Promise<void> {
  const admin = await ctx.signInAs(ctx.people.admin.email, ctx.people.admin.password);
  const { updatedAt } = await admin.get<{ updatedAt: string | null }>('/api/site-content');
  if (updatedAt !== null) return;
  await admin.put('/api/site-content', SEED_SITE_CONTENT);
  ctx.log('site content: sample videos and a booking calendar');
}

async function seedCatalogue(ctx: SeedContext): Promise<void> {
  const admin = await ctx.signInAs(ctx.people.admin.email, ctx.people.admin.password);
  const { resourceCategories } = await admin.get<{ resourceCategories: { id: number; name: string }[] }>(
    '/api/resource/category/read-many',
  );
  if (resourceCategories.length > 0) return;
  const categoryIds: Record<string, number> = {};
  for (const name of SEED_CATEGORIES) {
    const { resourceCategory } = await admin.post<{ resourceCategory: { id: number } }>(
      '/api/resource/category/upsert',
      { name },
    );
    categoryIds[name] = resourceCategory.id;
  }
  // Oldest first, so the list (newest first) reads in the order above.
  for (const resource of [...SEED_RESOURCES].reverse()) {
    const { categories, tags, ...fields } = resource;
    await admin.post('/api/resource/upsert', {
      ...fields,
      ResourceCategories: categories.map((name) => categoryIds[name]),
      Tags: (tags ?? [])
        .map((name) => ({ id: ctx.tags[name], name }))
        .filter((tag): tag is { id: number; name: string } => tag.id !== undefined),
    });
  }
  for (const banner of SEED_BANNERS) await admin.post('/api/dashboard-banner', banner);
  ctx.log(`${SEED_CATEGORIES.length} resource categories, ${SEED_RESOURCES.length} resources, 3 dashboard banners`);
}

type Listed = { resources: { id: number; title: string }[] };

async function seedPremiumPurchase(ctx: SeedContext): Promise<void> {
  if (!ctx.stripeStandInUrl) {
    ctx.log('resources: Stripe is not the local stand-in; the premium member buys nothing');
    return;
  }
  const member = ctx.people.premium;
  const session = await ctx.signInAs(member.email, member.password);
  const owned = async () =>
    (await session.get<Listed>('/api/resource/read-many?type=my-purchases')).resources.some(
      (r) => r.title === SEED_PREMIUM_PURCHASE,
    );
  if (await owned()) return;
  const { resources } = await session.get<Listed>(
    `/api/resource/read-many?type=marketplace&search=${encodeURIComponent(SEED_PREMIUM_PURCHASE)}`,
  );
  const resource = resources.find((r) => r.title === SEED_PREMIUM_PURCHASE);
  if (!resource) throw new Error(`resources: no "${SEED_PREMIUM_PURCHASE}" to buy`);
  await session.post('/api/stripe/create-payment-intent', {
    userId: member.id,
    resourceId: resource.id,
    paymentMethodId: 'pm_card_visa',
  });
  const deadline = Date.now() + PURCHASE_WAIT_MS;
  while (!(await owned())) {
    if (Date.now() > deadline)
      throw new Error(`resources: the purchase of "${SEED_PREMIUM_PURCHASE}" was not recorded`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  ctx.log(`resources: ${member.email} bought "${SEED_PREMIUM_PURCHASE}" with the stand-in's test card`);
}

/**
 * Seeds the course catalogue through the public API as the seeded admin: five courses for Amazon sellers (one
 * tag-gated, one premium-only, one DRAFT), each with modules and lessons of real markdown content; the FBA fees
 * lesson carries a quiz, the PPC course's Optimization Routine opens a week after a member joins (drip), and the
 * first lesson of the launch blueprint carries a discussion with a coach's answer.
 * Idempotent: a course whose slug exists already is skipped, whole; the discussion is seeded while it is empty.
 */
import type { Quiz } from '@rainmakers/contracts';
import type { SeedContext } from './context';

interface LessonSeed {
  title: string;
  content: string;
  /** Names of seeded tags the lesson requires. */
  tags?: string[];
  /** A check of understanding members pass to complete the lesson. */
  quiz?: Quiz;
}

interface ModuleSeed {
  title: string;
  visibleToBasic?: boolean;
  visibleToPremium?: boolean;
  tags?: string[];
  /** Drip: the module opens this many days after a member's access began. */
  releaseAfterDays?: number;
  lessons: LessonSeed[];
}

interface CourseSeed {
  title: string;
  slug: string;
  description: string;
  status: 'DRAFT' | 'PUBLISHED';
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  tags?: string[];
  modules: ModuleSeed[];
}

const SELLER_UNIVERSITY = 'https://sell.amazon.com/learn';
const FBA_FEES = 'https://sell.amazon.com/pricing';
const BRAND_REGISTRY = 'https://brandservices.amazon.com/';

export const COURSES: CourseSeed[] = [
  {
    title: 'Amazon FBA Launch Blueprint',
    slug: 'amazon-fba-launch-blueprint',
    description: 'From an empty Seller Central account to your first sales: set-up, first shipment and launch week.',
    status: 'PUBLISHED',
    visibleToBasic: true,
    visibleToPremium: true,
    modules: [
      {
        title: 'Getting Started with FBA',
        lessons: [
          {
            title: 'How Fulfillment by Amazon Works',
            content: `## How Fulfillment by Amazon works

With **FBA** you send inventory to Amazon's fulfillment centers; Amazon stores it, picks, packs and ships every
order, and handles customer service and returns.

### What you do
- Find and source the product
- Create the listing and set the price
- Send inventory and keep it in stock
- Drive traffic (advertising, promotions)

### What Amazon does
- Storage, picking, packing and shipping
- Prime eligibility for your offers
- Customer service and returns

> Your job is the *business*; Amazon's job is the *logistics*. Keep that split in mind when you plan your week.

Read the overview on [Seller University](${SELLER_UNIVERSITY}).`,
          },
          {
            title: 'Setting Up Your Seller Central Account',
            content: `## Setting up Seller Central

Choose the **Professional** plan as soon as you plan to sell more than 40 units a month: it unlocks advertising,
Buy Box eligibility and bulk tools.

### Have these ready
1. A government ID and a recent bank or card statement
2. A credit card that accepts international charges
3. A bank account for disbursements
4. Your tax information (W-9 for US sellers)

### After approval
- Turn on two-step verification for every user
- Add your return address and business hours
- Create user permissions for assistants instead of sharing your password

Verification can take a few days: start it before you order inventory.`,
          },
          {
            title: 'Understanding FBA Fees',
            content: `## The fees that decide your margin

| Fee | What drives it | When it is charged |
| --- | --- | --- |
| Referral fee | A percentage of the sale price (usually 15%) | Every sale |
| Fulfillment fee | Packaged size and weight tier | Every unit shipped |
| Monthly storage | Cubic feet stored, higher in Q4 | Monthly |
| Aged inventory surcharge | Units stored for a long time | Monthly |

### Rule of thumb
After all fees, cost of goods and advertising you want **at least 25% net margin** at launch.

Check the current numbers on the [FBA pricing page](${FBA_FEES}) and run them through the Power Profit Tool before
you order.`,
            quiz: {
              passMark: 67,
              questions: [
                {
                  id: 'referral',
                  prompt: 'What decides the referral fee?',
                  options: [
                    'The packaged size and weight',
                    'A percentage of the sale price',
                    'How long units are stored',
                  ],
                  correct: [1],
                },
                {
                  id: 'per-unit',
                  prompt: 'Which fees are charged on every unit you sell through FBA?',
                  options: ['Referral fee', 'Fulfillment fee', 'Monthly storage', 'Aged inventory surcharge'],
                  correct: [0, 1],
                },
                {
                  id: 'margin',
                  prompt: 'What net margin should you aim for at launch, after every fee, cost and ad?',
                  options: ['At least 5%', 'At least 25%', 'At least 60%'],
                  correct: [1],
                },
              ],
            },
          },
        ],
      },
      {
        title: 'Preparing Your First Shipment',
        lessons: [
          {
            title: 'Packaging and Labeling Requirements',
            content: `## Packaging and labels

Every unit needs a scannable **FNSKU** label unless your listing is set to manufacturer barcode.

- Poly bags thicker than 1.5 mil need a suffocation warning
- Sets sold together must be marked "Sold as set, do not separate"
- Cartons weigh at most 50 lb and measure at most 25 in on any side

### Checklist before the factory ships
1. Send the supplier your FNSKU labels as a PDF
2. Ask for a photo of a labeled unit and a packed carton
3. Confirm carton dimensions and units per carton

A mislabeled shipment can be refused at the dock, so confirm everything **before** production ends.`,
          },
          {
            title: 'Creating a Shipment Plan',
            content: `## Creating a shipment plan

In Seller Central go to **Send to Amazon** and create a new workflow.

1. Choose the SKUs and the quantity per carton
2. Enter carton weight and dimensions exactly as packed
3. Accept the placement option (minimal split costs a fee but keeps things simple)
4. Print the carton labels and send them to your forwarder

### Tips
- Send enough for 60-90 days of sales at launch, no more
- Keep a copy of every carton label with the tracking number`,
          },
          {
            title: 'Choosing a Freight Forwarder',
            content: `## Choosing a freight forwarder

A good forwarder handles pick-up at the factory, export, ocean or air freight, customs clearance and delivery to the
fulfillment center.

### Questions to ask
- Do you deliver to Amazon warehouses every week?
- What is included: duties, customs bond, inspection?
- How do you report delays?

| Mode | Transit | Cost |
| --- | --- | --- |
| Express air | 5-8 days | Highest |
| Air freight | 8-15 days | High |
| Ocean LCL | 30-45 days | Low |

For a first order, air freight on a small quantity tests the product while the ocean shipment is on its way.`,
          },
        ],
      },
      {
        title: 'Launch Week',
        lessons: [
          {
            title: 'Pricing for Launch',
            content: `## Pricing for launch

Launch slightly **below** your target price to win the first sales, then raise it in small steps as reviews come in.

- Never launch below your break-even price
- Use a coupon instead of a lower list price when you can: the list price stays anchored
- Raise the price by 3-5% at a time and watch conversion for a week`,
          },
          {
            title: 'Getting Your First Reviews',
            content: `## Getting your first reviews

Reviews turn visitors into buyers. Get them **within the rules**:

1. Enroll eligible products in the Amazon Vine program
2. Use the *Request a Review* button on orders 5-30 days old
3. Put a product insert that explains how to use the product (never ask for a positive review)

> Never offer anything in exchange for a review: it puts your whole account at risk.`,
          },
          {
            title: 'Reading Your Launch Numbers',
            content: `## Reading your launch numbers

Open **Business Reports > Detail Page Sales and Traffic by Child Item** every morning during launch week.

| Metric | Healthy at launch |
| --- | --- |
| Sessions | Growing day over day |
| Unit session percentage | 10% or more |
| Buy Box percentage | 95% or more |

If sessions grow but conversion stays low, fix the main image, the title and the price before spending more on ads.`,
          },
        ],
      },
    ],
  },
  {
    title: 'Product Research Mastery',
    slug: 'product-research-mastery',
    description: 'Find, validate and score product ideas before you spend a dollar on inventory.',
    status: 'PUBLISHED',
    visibleToBasic: false,
    visibleToPremium: true,
    modules: [
      {
        title: 'Finding Product Ideas',
        lessons: [
          {
            title: 'Where Good Ideas Come From',
            content: `## Where good product ideas come from

- **Your own life:** problems you, your family or your hobby groups run into
- **Reviews of best sellers:** three-star reviews list exactly what buyers want fixed
- **Movers and Shakers:** categories that grow fast
- **Supplier catalogs:** products already made that you can improve

Write every idea in one spreadsheet with the date, the source and a one-line note.`,
          },
          {
            title: 'Reading Three-Star Reviews',
            content: `## Reading three-star reviews

Three-star reviews are balanced: the buyer liked something and missed something.

1. Open the top five listings for your keyword
2. Filter reviews to three stars
3. Copy every complaint into a list and count repeats

The complaints that appear in several listings are your **product improvements**.`,
          },
        ],
      },
      {
        title: 'Validating Demand',
        lessons: [
          {
            title: 'Search Volume and the 4,000 Rule',
            content: `## Search volume

Look for a main keyword with **4,000 to 24,999 monthly searches**: the sweet spot where demand is real and the
competition is beatable.

| Monthly searches | What it means |
| --- | --- |
| Under 4,000 | Too small for a first launch |
| 4,000 - 24,999 | Sweet spot |
| 25,000 and above | Needs a larger launch budget |

Also check that **three other keywords** each have meaningful volume: a product that lives on one keyword is fragile.`,
          },
          {
            title: 'Checking Sales of Competitors',
            content: `## Checking competitor sales

Estimate the monthly units of the top ten listings. You want:

- At least **300 units a month** for the top listings
- Several listings with **150+ sales** and **fewer than 100-150 reviews**

That combination tells you buyers are still choosing newer listings, so a new one can win.`,
          },
        ],
      },
      {
        title: 'Mastermind Deep Dive: Scoring Your Idea',
        visibleToBasic: false,
        visibleToPremium: false,
        tags: ['Mastermind'],
        lessons: [
          {
            title: 'Scoring an Idea with the Product Qualifier',
            content: `## Scoring an idea

Run every idea through the **Product Qualifier Tool** before you contact suppliers.

- A score of **8 or more**: move on to samples
- A score of **7**: fix the weak answer first (often price or competition)
- **6 or less**: park the idea and pick the next one

Book a 2nd-eyes session with a coach when two ideas score the same.`,
          },
        ],
      },
    ],
  },
  {
    title: 'PPC Advertising Fundamentals',
    slug: 'ppc-advertising-fundamentals',
    description: 'Sponsored Products from the first automatic campaign to a weekly optimization routine.',
    status: 'PUBLISHED',
    visibleToBasic: true,
    visibleToPremium: true,
    modules: [
      {
        title: 'Campaign Structure',
        lessons: [
          {
            title: 'Automatic and Manual Campaigns',
            content: `## Automatic and manual campaigns

Start with **one automatic campaign** per product. Amazon matches your ad to searches it finds relevant; you learn
which search terms convert.

After two weeks, create **manual exact-match** campaigns for the converting terms and bid higher there.

| Campaign | Purpose | Starting bid |
| --- | --- | --- |
| Auto | Discover search terms | Suggested bid |
| Manual exact | Scale proven terms | 10-20% above auto |
| Manual phrase | Find variations | Suggested bid |`,
          },
          {
            title: 'Naming Campaigns So You Can Read Them',
            content: `## Naming campaigns

Use one pattern everywhere: \`SKU | type | match | goal\`, for example \`GARLIC-PRESS | SP | EXACT | rank\`.

- Sort and filter the campaign manager in one click
- Hand campaigns to an assistant without a walkthrough
- Read reports months later without guessing`,
          },
        ],
      },
      {
        title: 'Keywords and Bids',
        lessons: [
          {
            title: 'Break-even ACoS',
            content: `## Break-even ACoS

Your **break-even ACoS** equals your profit margin before advertising. With a 30% margin, an ACoS above 30% loses money
on every ad sale.

1. Compute the margin in the Power Profit Tool
2. Set a target ACoS below it (launch campaigns may run higher on purpose)
3. Lower bids on keywords above target, raise them on keywords well below`,
          },
          {
            title: 'Negative Keywords',
            content: `## Negative keywords

Add a search term as a **negative exact** keyword when it has spent about the price of two units with no sale.

- Review the search term report every week
- Add irrelevant words as **negative phrase** (e.g. "free", "used")
- Never negate your main keyword in the campaign that is supposed to rank for it`,
          },
          {
            title: 'Bonus: AI-assisted Keyword Harvesting',
            tags: ['nova'],
            content: `## AI-assisted keyword harvesting

Export the search term report, then ask the **product creation expert** in the AI Toolkit to group the terms by
intent (problem, feature, gift, competitor).

- Move each group into its own ad group
- Keep the prompts you used in your notes so you can repeat the routine monthly`,
          },
        ],
      },
      {
        title: 'Optimization Routine',
        // Dripped: the routine needs a week of campaign data, so it opens a week after a member joins.
        releaseAfterDays: 7,
        lessons: [
          {
            title: 'Your Weekly PPC Checklist',
            content: `## Weekly PPC checklist

1. Search term report: harvest winners, negate losers
2. Bids: adjust keywords above or below target ACoS
3. Budget: raise budgets of campaigns that run out before evening
4. Placement report: raise top-of-search bids where conversion is highest

Block **30 minutes every Monday** for it; consistency beats big monthly overhauls.`,
          },
        ],
      },
    ],
  },
  {
    title: 'Wholesale Bootcamp',
    slug: 'wholesale-bootcamp',
    description: 'Open brand-direct wholesale accounts and build a reorder machine. For Wholesale Bootcamp members.',
    status: 'PUBLISHED',
    visibleToBasic: false,
    visibleToPremium: false,
    tags: ['Wholesale Bootcamp'],
    modules: [
      {
        title: 'Opening Wholesale Accounts',
        lessons: [
          {
            title: 'What Brands Want to Hear',
            content: `## What brands want to hear

Brands worry about **price erosion** and **listing quality**. Lead with how you protect both:

- You keep the minimum advertised price
- You improve images and copy on existing listings
- You order on a schedule so they can plan production

Show a professional website and a business email address; a free email address gets ignored.`,
          },
          {
            title: 'The First Email and Follow-up',
            content: `## The first email

Keep it under 120 words: who you are, what you do for brands, one clear ask (a call or a price list).

### Follow-up cadence
| Day | Action |
| --- | --- |
| 0 | First email |
| 3 | Short follow-up |
| 7 | Call the main line |
| 14 | Final follow-up |

Track every brand in a simple CRM sheet: brand, contact, status, next step.`,
          },
        ],
      },
      {
        title: 'Buying and Reordering',
        lessons: [
          {
            title: 'Calculating Your Reorder Point',
            content: `## Reorder point

**Reorder point = daily sales x (supplier lead time + transit + check-in days) + safety stock**

- Safety stock: one to two weeks of sales
- Review the numbers monthly; lead times grow before holidays

Stock-outs cost rank that takes weeks to win back, so reorder early rather than late.`,
          },
        ],
      },
    ],
  },
  {
    title: 'Brand Building and Amazon Storefronts',
    slug: 'brand-building-storefronts',
    description: 'Brand Registry, A+ Content and a storefront that sells. (In preparation.)',
    status: 'DRAFT',
    visibleToBasic: true,
    visibleToPremium: true,
    modules: [
      {
        title: 'Brand Registry',
        lessons: [
          {
            title: 'Why Register Your Brand',
            content: `## Why register your brand

[Brand Registry](${BRAND_REGISTRY}) unlocks:

- A+ Content and brand stores
- Sponsored Brands and Sponsored Display ads
- Tools that report and remove infringing listings

You need a registered or pending trademark in the marketplace's country.`,
          },
        ],
      },
      {
        title: 'A+ Content',
        lessons: [
          {
            title: 'Planning Your A+ Modules',
            content: `## Planning A+ content

Answer the buyer's questions in the order they ask them:

1. What is it and who is it for?
2. How is it better than the alternatives?
3. What exactly is in the box?

Use a comparison chart to cross-sell your other products.`,
          },
        ],
      },
    ],
  },
];

const ADMIN_EMAIL = 'admin@rainmakers.local';
const ADMIN_PASSWORD = 'Admin-Passw0rd!';

/**
 * Lesson bodies above are wrapped at 120 columns for reading here; the lesson page keeps single line breaks (admins
 * type lessons into a text box), so plain-text lines of one paragraph are joined before they are saved.
 */
export function unwrapParagraphs(markdown: string): string {
  const block = /^\s*([#>|`*+-]|\d+\.\s|$)/;
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) inFence = !inFence;
    const previous = out[out.length - 1];
    const joinable = !inFence && previous !== undefined && previous.trim() !== '' && !block.test(line);
    const previousIsText =
      previous !== undefined && !/^\s*([#|`]|$)/.test(previous) && !previous.trimStart().startsWith('```');
    if (joinable && previousIsText) out[out.length - 1] = `${previous} ${line.trim()}`;
    else out.push(line);
  }
  return out.join('\n');
}

export async function seed(ctx: SeedContext): Promise<void> {
  const admin = ctx.people.admin ?? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const session = await ctx.signInAs(admin.email, admin.password);
  const tagRefs = (names: string[] = []) =>
    names.flatMap((name) => {
      const id = ctx.tags[name];
      if (id === undefined) {
        ctx.log(`warning: tag "${name}" was not seeded; left out`);
        return [];
      }
      return [{ id, name }];
    });

  let created = 0;
  for (const [index, course] of COURSES.entries()) {
    const { hasAccess } = await session.get<{ hasAccess: boolean }>(
      `/api/course/access?slug=${encodeURIComponent(course.slug)}`,
    );
    // An admin can open every existing course: access means it exists.
    if (hasAccess) continue;
    const saved = await session.post<{ course: { id: number } }>('/api/course/upsert', {
      title: course.title,
      slug: course.slug,
      description: course.description,
      status: course.status,
      visibleToBasic: course.visibleToBasic,
      visibleToPremium: course.visibleToPremium,
      position: index + 1,
      Tags: tagRefs(course.tags),
    });
    for (const [m, module] of course.modules.entries()) {
      const { module: savedModule } = await session.post<{ module: { id: number } }>('/api/module/upsert', {
        title: module.title,
        CourseId: saved.course.id,
        position: m + 1,
        visibleToBasic: module.visibleToBasic ?? true,
        visibleToPremium: module.visibleToPremium ?? true,
        Tags: tagRefs(module.tags),
        ...(module.releaseAfterDays ? { releaseAfterDays: module.releaseAfterDays } : {}),
      });
      for (const [l, lesson] of module.lessons.entries()) {
        await session.post('/api/lesson/upsert', {
          title: lesson.title,
          content: unwrapParagraphs(lesson.content),
          ModuleId: savedModule.id,
          position: l + 1,
          Tags: tagRefs(lesson.tags),
          ...(lesson.quiz ? { quiz: lesson.quiz } : {}),
        });
      }
    }
    created += 1;
    ctx.log(`course "${course.title}" created`);
  }
  if (created === 0) ctx.log('courses exist already; nothing to seed');
  await seedDiscussion(ctx);
}

/** The seeded discussion: where it is, and what is said (a member asks, another follows, the coach answers). */
export const DISCUSSION_SEED = {
  slug: 'amazon-fba-launch-blueprint',
  lessonTitle: 'How Fulfillment by Amazon Works',
  question:
    'Do I need the **Professional** selling plan before I send my first FBA shipment, or can I start on the ' +
    'Individual plan and switch later?',
  follow: 'Same question here: I have 30 units ready and I am not sure which plan to pick.',
  answer:
    'Start on **Professional** if you expect more than 40 sales a month: it is cheaper per unit from there and it ' +
    'unlocks Sponsored Products, which you want for launch week. You can switch plans at any time in Seller Central ' +
    '(Settings → Account Info), so nothing is locked in.',
} as const;

/** A member's question on the first lesson, a second member's reply, and the coach's reply marked as the answer. */
async function seedDiscussion(ctx: SeedContext): Promise<void> {
  const admin = ctx.people.admin ?? { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const staff = await ctx.signInAs(admin.email, admin.password);
  const page = await staff.get<{ course: { Modules: { Lessons: { id: number; title: string }[] }[] } }>(
    `/api/course/${DISCUSSION_SEED.slug}`,
  );
  const lesson = page.course.Modules.flatMap((m) => m.Lessons).find((l) => l.title === DISCUSSION_SEED.lessonTitle);
  if (!lesson) {
    ctx.log(`warning: lesson "${DISCUSSION_SEED.lessonTitle}" not found; no discussion seeded`);
    return;
  }
  const path = `/api/lesson/${lesson.id}/comments`;
  const existing = await staff.get<{ count: number }>(path);
  if (existing.count > 0) return;
  const asker = await ctx.signInAs(ctx.people.premium.email, ctx.people.premium.password);
  const follower = await ctx.signInAs(ctx.people.basic.email, ctx.people.basic.password);
  const coach = await ctx.signInAs(ctx.people.coach.email, ctx.people.coach.password);
  type Posted = { comment: { id: number } };
  const question = await asker.post<Posted>(path, { body: DISCUSSION_SEED.question });
  await follower.post<Posted>(path, { body: DISCUSSION_SEED.follow, parentId: question.comment.id });
  const answer = await coach.post<Posted>(path, { body: DISCUSSION_SEED.answer, parentId: question.comment.id });
  await coach.post(`${path}/${answer.comment.id}/answer`, { answer: true });
  ctx.log(`discussion on "${DISCUSSION_SEED.lessonTitle}" seeded (question, reply, coach's answer)`);
}

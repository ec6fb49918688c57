/**
 * Fills the courses database with a large, realistic-looking catalogue for the search benchmark and for the
 * index tests: set-based INSERT ... SELECT generate_series statements, so 100 courses / 2,000 modules /
 * 100,000 lessons take seconds, not minutes.
 *
 * Usage: `generateCatalogue(database.pool, { courses: 100, modules: 2000, lessons: 100000 })` on a migrated
 * courses database (it appends; run it on an empty one for predictable numbers).
 */

/** Anything that runs a parameterised statement: a pg Pool, a pg Client. */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface CatalogueSize {
  courses: number;
  modules: number;
  lessons: number;
}

export interface GeneratedCatalogue extends CatalogueSize {
  ms: number;
}

const TOPICS = [
  'Product Research',
  'Keyword Research',
  'Listing Optimization',
  'PPC Campaigns',
  'Sponsored Brands',
  'Inventory Planning',
  'Supplier Sourcing',
  'Brand Registry',
  'Pricing Strategy',
  'Customer Reviews',
  'Wholesale Accounts',
  'Private Label',
  'Freight and Logistics',
  'FBA Fees',
  'A+ Content',
  'Product Photography',
  'Launch Strategy',
  'Profit Margins',
  'Sales Tax',
  'Seller Central',
  'Brand Storefront',
  'Packaging Design',
  'Quality Inspection',
  'Cash Flow',
  'Bundles and Variations',
  'External Traffic',
  'Email Follow-up',
  'Returns Management',
  'Account Health',
  'Trademark Filing',
  'Seasonal Demand',
  'Competitor Analysis',
  'Retail Arbitrage',
  'Coupons and Deals',
  'Influencer Outreach',
  'Inventory Forecasting',
  'Prep and Labeling',
  'International Expansion',
  'Virtual Assistants',
  'Exit Planning',
];

const VERBS = [
  'Mastering',
  'Understanding',
  'Optimizing',
  'Scaling',
  'Auditing',
  'Planning',
  'Building',
  'Testing',
  'Automating',
  'Analyzing',
  'Fixing',
  'Launching',
];

const ASPECTS = [
  'the basics',
  'common mistakes',
  'a step-by-step checklist',
  'tools we use',
  'case study',
  'numbers that matter',
  'advanced tactics',
  'templates and scripts',
  'what to do first',
  'weekly routine',
  'budget and goals',
  'red flags to avoid',
  'questions to ask',
  'real examples',
  'troubleshooting',
];

const SENTENCES = [
  'Start by writing down the one metric that tells you whether this step worked.',
  'Most new sellers skip this and pay for it later in storage fees.',
  'Open Seller Central, go to the Business Reports page and export the last 30 days.',
  'Compare your landed cost per unit with the retail price before you place a bulk order.',
  'A healthy margin after fees and advertising is usually above 25 percent.',
  'Check the monthly search volume of your main keyword before committing to a product.',
  'Ask at least three suppliers for samples and compare them side by side.',
  'Write your title for shoppers first and for the algorithm second.',
  'Keep your main image on a pure white background and fill 85 percent of the frame.',
  'Run an automatic campaign for two weeks to harvest converting search terms.',
  'Move winning search terms into an exact-match manual campaign with a higher bid.',
  'Add negative keywords for terms that spend without converting.',
  'Your advertising cost of sale should stay below your break-even ACoS.',
  'Plan inventory so you never run out during the fourth quarter.',
  'Reorder when your stock covers fewer days than your supplier lead time plus shipping.',
  'Register your trademark early; Brand Registry unlocks A+ Content and Sponsored Brands.',
  'Reply to every negative review through the proper channels and fix the root cause.',
  'Bundles can lift the average order value without a new supplier.',
  'Track your cash conversion cycle: money leaves when you pay the factory and returns weeks later.',
  'Use a freight forwarder who handles customs clearance and delivery to the fulfillment center.',
  'Inspect a random sample of every production run before it ships.',
  'Label every carton exactly as the shipment plan says, or the warehouse may refuse it.',
  'Wholesale accounts start with a professional email and a clear reseller certificate.',
  'Brands respond better when you show how you will protect their pricing.',
  'Calculate the fulfillment fee from the packaged dimensions, not the product itself.',
  'Seasonal products need a plan for the months after the peak.',
  'Lightning deals and coupons work best once you have a handful of reviews.',
  'External traffic from social media can boost ranking when it converts well.',
  'Document every repeatable task so a virtual assistant can take it over.',
  'Review your account health dashboard every week and act on warnings the same day.',
  'Test one change at a time so you know what moved the numbers.',
  'Keep a simple spreadsheet of every product idea with its score and notes.',
  'Avoid categories that need approval until your account is established.',
  'Product photography sells: invest in lifestyle images and an infographic.',
  'Write bullet points that answer the questions buyers ask in reviews of competitors.',
  'International marketplaces can double sales once the home market is stable.',
  'A clear exit plan starts with clean books and documented processes.',
  'Returns are part of the business: read the reasons and improve the listing.',
  'Sales tax rules differ by state; marketplace facilitator laws cover most of it.',
  'Keep enough cash aside for two inventory orders and a month of advertising.',
];

const LIST_ITEMS = [
  'Check the fees',
  'Order samples',
  'Compare three suppliers',
  'Write the listing draft',
  'Shoot the main image',
  'Set the launch price',
  'Create the automatic campaign',
  'Review search terms weekly',
  'Plan the reorder date',
  'Ask for feedback',
  'Update the spreadsheet',
  'Book a coaching call',
];

const LESSON_BATCH_CONCURRENCY = 2;
/** Distinct verb x topic x aspect lesson titles before "(part n)" suffixes start. */
const TITLE_COMBINATIONS = VERBS.length * TOPICS.length * ASPECTS.length;

/** A literal `ARRAY['a','b']` of trusted constants above (quotes doubled). */
function sqlArray(values: string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

export async function generateCatalogue(db: Queryable, size: CatalogueSize): Promise<GeneratedCatalogue> {
  const started = Date.now();
  const topics = sqlArray(TOPICS);
  const verbs = sqlArray(VERBS);
  const aspects = sqlArray(ASPECTS);
  const sentences = sqlArray(SENTENCES);
  const items = sqlArray(LIST_ITEMS);
  const run = Date.now().toString(36);

  // Courses: mostly published and open to every role; some premium-only, some tag-gated, a few drafts.
  const courses = (await db.query(
    `INSERT INTO courses (title, description, status, slug, visible_to_basic, visible_to_premium, position)
     SELECT t.topic || ' ' || (ARRAY['Blueprint','Mastery','Bootcamp','Fundamentals','Accelerator'])[1 + i % 5]
              || CASE WHEN i > $2 THEN ' ' || (i / $2 + 1) ELSE '' END,
            'Everything about ' || lower(t.topic) || ' for Amazon sellers. ' || ($4::text[])[1 + (i * 7) % $5],
            CASE WHEN i % 20 = 0 THEN 'DRAFT' ELSE 'PUBLISHED' END,
            'bench-' || $3 || '-' || i,
            i % 10 NOT IN (3, 7),
            i % 25 <> 11,
            i
     FROM generate_series(1, $1) AS g(i)
     CROSS JOIN LATERAL (SELECT (${topics})[1 + (i - 1) % $2] AS topic) AS t
     RETURNING id`,
    [size.courses, TOPICS.length, run, SENTENCES, SENTENCES.length],
  )) as { rows: { id: number }[] };
  const courseIds = courses.rows.map((r) => r.id).sort((a, b) => a - b);
  if (courseIds.length > 0) {
    await db.query(
      `INSERT INTO course_tags (course_id, tag_id, tag_name)
       SELECT id, 9000 + id % 3, (ARRAY['Wholesale Bootcamp','Mastermind','nova'])[1 + id % 3]
       FROM unnest($1::int[]) AS u(id) WHERE id % 10 IN (3, 7)`,
      [courseIds],
    );
  }

  // Modules spread round-robin over the courses; position = their rank inside the course.
  const n = Math.max(courseIds.length, 1);
  const modules = (await db.query(
    `INSERT INTO modules (course_id, title, position, visible_to_basic, visible_to_premium)
     SELECT CASE WHEN cardinality($2::int[]) = 0 THEN NULL ELSE ($2::int[])[1 + (j - 1) % $3] END,
            'Module ' || ((j - 1) / $3 + 1) || ': ' || (${topics})[1 + j % ${TOPICS.length}]
              || ' - ' || (${aspects})[1 + (j / ${TOPICS.length}) % ${ASPECTS.length}],
            (j - 1) / $3 + 1,
            j % 17 <> 0,
            true
     FROM generate_series(1, $1) AS g(j)
     RETURNING id`,
    [size.modules, courseIds, n],
  )) as { rows: { id: number }[] };
  const moduleIds = modules.rows.map((r) => r.id).sort((a, b) => a - b);
  if (moduleIds.length > 0) {
    await db.query(
      `INSERT INTO module_tags (module_id, tag_id, tag_name)
       SELECT id, 9001, 'Mastermind' FROM unnest($1::int[]) AS u(id) WHERE id % 17 = 0`,
      [moduleIds],
    );
  }

  // Lessons: round-robin over modules; titles and markdown bodies combine the vocabularies above with
  // different strides so neighbouring lessons differ; each carries a rare code word for selective searches.
  const m = Math.max(moduleIds.length, 1);
  const batch = 12_500;
  const batches: [number, number][] = [];
  for (let from = 1; from <= size.lessons && moduleIds.length > 0; from += batch) {
    batches.push([from, Math.min(size.lessons, from + batch - 1)]);
  }
  const insertBatch = async ([from, to]: [number, number]) => {
    const result = await db.query(
      `INSERT INTO lessons (module_id, title, content, position)
       SELECT ($3::int[])[1 + (k - 1) % $4],
              (${verbs})[1 + k % ${VERBS.length}] || ' ' || (${topics})[1 + (k / ${VERBS.length}) % ${TOPICS.length}]
                || ': ' || (${aspects})[1 + (k / ${VERBS.length * TOPICS.length}) % ${ASPECTS.length}]
                || CASE WHEN k >= ${TITLE_COMBINATIONS} THEN ' (part ' || (k / ${TITLE_COMBINATIONS} + 1) || ')' ELSE '' END,
              '## ' || (${topics})[1 + (k / ${VERBS.length}) % ${TOPICS.length}] || E'\\n\\n'
                || s[1 + k % ${SENTENCES.length}] || ' ' || s[1 + (k / 3 + 7) % ${SENTENCES.length}] || E'\\n\\n'
                || '### Step by step' || E'\\n\\n'
                || '1. ' || it[1 + k % ${LIST_ITEMS.length}] || E'\\n'
                || '2. ' || it[1 + (k / 5 + 4) % ${LIST_ITEMS.length}] || E'\\n'
                || '3. ' || it[1 + (k / 17 + 8) % ${LIST_ITEMS.length}] || E'\\n\\n'
                || CASE WHEN k % 5 = 0 THEN
                     '| Metric | Target |' || E'\\n' || '| --- | --- |' || E'\\n'
                     || '| Margin | ' || (20 + k % 15) || '% |' || E'\\n' || '| ACoS | ' || (15 + k % 20) || '% |'
                     || E'\\n\\n'
                   ELSE '' END
                || '### Common mistakes' || E'\\n\\n'
                || s[1 + (k / 11 + 13) % ${SENTENCES.length}] || ' ' || s[1 + (k / 37 + 29) % ${SENTENCES.length}] || E'\\n\\n'
                || 'Reference code lesson' || k || 'x' || md5(k::text)::varchar(6) || '. '
                || 'Read more in [Seller University](https://sellercentral.amazon.com/learn).',
              (k - 1) / $4 + 1
       FROM generate_series($1::int, $2::int) AS g(k),
            (SELECT ${sentences} AS s, ${items} AS it) AS vocab`,
      [from, to, moduleIds, m],
    );
    return (result as { rowCount?: number }).rowCount ?? to - from + 1;
  };
  // Two batches at a time: with a pool they run on two connections (to_tsvector is the costly part, one core each).
  let lessons = 0;
  for (let i = 0; i < batches.length; i += LESSON_BATCH_CONCURRENCY) {
    const counts = await Promise.all(batches.slice(i, i + LESSON_BATCH_CONCURRENCY).map(insertBatch));
    lessons += counts.reduce((a, b) => a + b, 0);
  }
  await db.query(
    `INSERT INTO lesson_tags (lesson_id, tag_id, tag_name)
     SELECT id, 9002, 'nova' FROM lessons WHERE id % 97 = 0 AND module_id = ANY($1::int[])`,
    [moduleIds],
  );
  await db.query('ANALYZE courses, course_tags, modules, module_tags, lessons, lesson_tags');
  return { courses: courseIds.length, modules: moduleIds.length, lessons, ms: Date.now() - started };
}

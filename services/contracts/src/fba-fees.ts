/**
 * The Power Profit Tool's optional FBA fee helper: Amazon's US fulfilment (FBA) fee and referral fee for one unit,
 * estimated from the product's category, package dimensions (inches), weight (pounds) and sale price.
 *
 * The fee tables are data with their effective date and source (FBA_FEES_EFFECTIVE_DATE, FBA_FEES_SOURCE); the
 * calculation is pure, worked in integer cents, and explains itself (`steps`). docs/fba-fees.md describes the rules
 * with worked examples, which are the unit tests in fba-fees.test.ts. No zod here: the web imports this module (in
 * the lazily loaded helper only) and the server may.
 *
 * Covered: standard (non-dangerous) goods, with the apparel fulfilment table for Clothing. Not covered (the helper
 * says so): dangerous goods, the peak season (October to January) surcharge, storage, low-inventory, returns and
 * inbound placement fees.
 */
import { formatMoney, roundHalfAway } from './profit';

export const FBA_FEES_EFFECTIVE_DATE = '2026-01-15';
/** The effective date as sellers read it. */
export const FBA_FEES_EFFECTIVE_LABEL = 'January 15, 2026';
/**
 * Where the figures come from, in plain words for sellers. The tables were taken from Amazon's published
 * US fee schedules as quoted by public calculators and sellers' guides (docs/fba-fees.md names them).
 */
export const FBA_FEES_SOURCE =
  `Based on Amazon's US FBA fulfilment fee and referral fee rates in effect from ${FBA_FEES_EFFECTIVE_LABEL}. ` +
  'Amazon changes its fees from time to time, so check the fee pages in Seller Central before you rely on a figure.';

// ---------------------------------------------------------------------------------------------------------
// Price bands of the fulfilment fee (2026: under $10, $10 to $50, over $50)

export type FbaPriceBand = 'under10' | 'from10to50' | 'over50';
export const FBA_PRICE_BAND_LABELS: Record<FbaPriceBand, string> = {
  under10: 'under $10',
  from10to50: '$10 to $50',
  over50: 'over $50',
};

export function fbaPriceBand(priceCents: number): FbaPriceBand {
  if (priceCents < 1000) return 'under10';
  return priceCents <= 5000 ? 'from10to50' : 'over50';
}

/** A table is never empty. */
type NonEmpty<T> = readonly [T, ...T[]];

/** The first row `match` accepts, else the last one; with the row before it (if any). */
function rowFor<T>(rows: NonEmpty<T>, match: (row: T) => boolean): { row: T; previous: T | undefined } {
  const index = rows.findIndex(match);
  const at = index < 0 ? rows.length - 1 : index;
  return { row: rows[at] ?? rows[0], previous: at > 0 ? rows[at - 1] : undefined };
}

/** A fee in cents per price band: [under $10, $10 to $50, over $50]. */
type BandFees = readonly [number, number, number];
const bandIndex: Record<FbaPriceBand, 0 | 1 | 2> = { under10: 0, from10to50: 1, over50: 2 };

// ---------------------------------------------------------------------------------------------------------
// Fulfilment fee tables, cents per unit

type FeeTable = 'standard' | 'apparel';

/** Small standard, by unit weight: rows up to `maxOz` ounces. */
const SMALL_STANDARD: Record<FeeTable, NonEmpty<{ maxOz: number; fees: BandFees }>> = {
  standard: [
    { maxOz: 2, fees: [243, 332, 358] },
    { maxOz: 4, fees: [249, 342, 368] },
    { maxOz: 6, fees: [256, 345, 371] },
    { maxOz: 8, fees: [266, 354, 380] },
    { maxOz: 10, fees: [277, 368, 394] },
    { maxOz: 12, fees: [282, 378, 404] },
    { maxOz: 14, fees: [292, 391, 417] },
    { maxOz: 16, fees: [295, 396, 422] },
  ],
  apparel: [
    { maxOz: 2, fees: [262, 351, 377] },
    { maxOz: 4, fees: [264, 354, 380] },
    { maxOz: 6, fees: [268, 359, 385] },
    { maxOz: 8, fees: [281, 369, 395] },
    { maxOz: 10, fees: [300, 391, 417] },
    { maxOz: 12, fees: [310, 409, 435] },
    { maxOz: 14, fees: [320, 420, 446] },
    { maxOz: 16, fees: [330, 425, 451] },
  ],
};

/** Large standard up to 3 lb, by shipping weight: rows up to `maxOz` ounces. */
const LARGE_STANDARD: Record<FeeTable, NonEmpty<{ maxOz: number; fees: BandFees }>> = {
  standard: [
    { maxOz: 4, fees: [291, 373, 399] },
    { maxOz: 8, fees: [313, 395, 421] },
    { maxOz: 12, fees: [338, 420, 446] },
    { maxOz: 16, fees: [378, 460, 486] },
    { maxOz: 20, fees: [422, 504, 530] },
    { maxOz: 24, fees: [460, 542, 568] },
    { maxOz: 28, fees: [475, 557, 583] },
    { maxOz: 32, fees: [500, 582, 608] },
    { maxOz: 36, fees: [510, 592, 618] },
    { maxOz: 40, fees: [528, 610, 636] },
    { maxOz: 44, fees: [544, 626, 652] },
    { maxOz: 48, fees: [585, 667, 693] },
  ],
  apparel: [
    { maxOz: 4, fees: [348, 430, 456] },
    { maxOz: 8, fees: [368, 450, 476] },
    { maxOz: 12, fees: [390, 472, 498] },
    { maxOz: 16, fees: [435, 517, 543] },
    { maxOz: 20, fees: [505, 587, 613] },
    { maxOz: 24, fees: [522, 604, 630] },
    { maxOz: 28, fees: [532, 614, 640] },
    { maxOz: 32, fees: [543, 625, 651] },
    { maxOz: 36, fees: [578, 660, 686] },
    { maxOz: 40, fees: [590, 672, 698] },
    { maxOz: 44, fees: [595, 677, 703] },
    { maxOz: 48, fees: [608, 690, 716] },
  ],
};

/** A base fee plus `perStep` cents for every started `stepLb` above `aboveLb`. */
interface SteppedFee {
  base: BandFees;
  aboveLb: number;
  stepLb: number;
  perStep: number;
}

/** Large standard above 3 lb (to 20 lb). */
const LARGE_STANDARD_OVER_3LB: Record<FeeTable, SteppedFee> = {
  standard: { base: [615, 697, 723], aboveLb: 3, stepLb: 0.25, perStep: 8 },
  apparel: { base: [615, 697, 723], aboveLb: 3, stepLb: 0.5, perStep: 16 },
};

/** The bulky and extra-large tiers (the same for apparel). */
const SMALL_BULKY: SteppedFee = { base: [678, 755, 755], aboveLb: 1, stepLb: 1, perStep: 38 };
const LARGE_BULKY: SteppedFee = { base: [858, 935, 935], aboveLb: 1, stepLb: 1, perStep: 38 };
const EXTRA_LARGE: NonEmpty<{ maxLb: number; label: string; fee: SteppedFee }> = [
  { maxLb: 50, label: 'up to 50 lb', fee: { base: [2556, 2633, 2633], aboveLb: 1, stepLb: 1, perStep: 38 } },
  { maxLb: 70, label: '50+ to 70 lb', fee: { base: [3655, 3732, 3732], aboveLb: 51, stepLb: 1, perStep: 75 } },
  { maxLb: 150, label: '70+ to 150 lb', fee: { base: [5055, 5132, 5132], aboveLb: 71, stepLb: 1, perStep: 75 } },
  {
    maxLb: Number.POSITIVE_INFINITY,
    label: 'over 150 lb',
    fee: { base: [19418, 19495, 19495], aboveLb: 151, stepLb: 1, perStep: 19 },
  },
];

// ---------------------------------------------------------------------------------------------------------
// Size tiers

export type FbaSizeTier = 'small-standard' | 'large-standard' | 'small-bulky' | 'large-bulky' | 'extra-large';

export const FBA_SIZE_TIERS: Record<FbaSizeTier, { label: string; limits: string }> = {
  'small-standard': { label: 'Small standard', limits: 'at most 15 x 12 x 0.75 in and 16 oz unit weight' },
  'large-standard': { label: 'Large standard', limits: 'at most 18 x 14 x 8 in and 20 lb shipping weight' },
  'small-bulky': {
    label: 'Small bulky',
    limits: 'at most 37 x 28 x 20 in, 50 lb shipping weight, length + girth 130 in',
  },
  'large-bulky': {
    label: 'Large bulky',
    limits: 'at most 59 x 33 x 33 in, 50 lb shipping weight, length + girth 130 in',
  },
  'extra-large': { label: 'Extra-large', limits: 'beyond the large bulky limits' },
};

/** Cubic inches per pound of dimensional weight. */
export const DIMENSIONAL_DIVISOR = 139;
/** The bulky and extra-large tiers count width and height as at least this many inches in the dimensional weight. */
export const BULKY_MIN_SIDE_IN = 2;

// ---------------------------------------------------------------------------------------------------------
// Referral fee

/**
 * `flat`: one percentage. `price-band`: the whole price at the percentage of the band it falls in (bands are "up to
 * and including" a price). `portion`: each band's percentage applies to the part of the price inside that band.
 */
export type ReferralRule =
  | { kind: 'flat'; percent: number }
  | { kind: 'price-band'; bands: NonEmpty<{ upToCents: number | null; percent: number }> }
  | { kind: 'portion'; bands: NonEmpty<{ upToCents: number | null; percent: number }> };

export interface FbaCategory {
  id: string;
  label: string;
  referral: ReferralRule;
  /** The least referral fee per unit, in cents (0: none). */
  minimumCents: number;
  /** Which fulfilment table applies. */
  table: FeeTable;
}

const flat = (percent: number): ReferralRule => ({ kind: 'flat', percent });
const STANDARD_MINIMUM_CENTS = 30;

export const FBA_CATEGORIES: readonly FbaCategory[] = [
  { id: 'home-kitchen', label: 'Home & Kitchen', referral: flat(15), minimumCents: 30, table: 'standard' },
  { id: 'toys', label: 'Toys & Games', referral: flat(15), minimumCents: 30, table: 'standard' },
  { id: 'sports', label: 'Sports & Outdoors', referral: flat(15), minimumCents: 30, table: 'standard' },
  { id: 'pet', label: 'Pet Supplies', referral: flat(15), minimumCents: 30, table: 'standard' },
  { id: 'tools', label: 'Tools & Home Improvement', referral: flat(15), minimumCents: 30, table: 'standard' },
  { id: 'office', label: 'Office Products', referral: flat(15), minimumCents: 30, table: 'standard' },
  { id: 'electronics', label: 'Consumer Electronics', referral: flat(8), minimumCents: 30, table: 'standard' },
  { id: 'computers', label: 'Computers', referral: flat(8), minimumCents: 30, table: 'standard' },
  { id: 'camera', label: 'Camera & Photo', referral: flat(8), minimumCents: 30, table: 'standard' },
  { id: 'phones', label: 'Cell Phone Devices', referral: flat(8), minimumCents: 30, table: 'standard' },
  {
    id: 'electronics-accessories',
    label: 'Electronics Accessories',
    referral: {
      kind: 'portion',
      bands: [
        { upToCents: 10_000, percent: 15 },
        { upToCents: null, percent: 8 },
      ],
    },
    minimumCents: 30,
    table: 'standard',
  },
  { id: 'automotive', label: 'Automotive & Powersports', referral: flat(12), minimumCents: 30, table: 'standard' },
  { id: 'industrial', label: 'Industrial & Scientific', referral: flat(12), minimumCents: 30, table: 'standard' },
  ...(['Beauty', 'Health & Personal Care', 'Baby'] as const).map(
    (label): FbaCategory => ({
      id: label === 'Health & Personal Care' ? 'health' : label.toLowerCase(),
      label,
      referral: {
        kind: 'price-band',
        bands: [
          { upToCents: 1_000, percent: 8 },
          { upToCents: null, percent: 15 },
        ],
      },
      minimumCents: 30,
      table: 'standard',
    }),
  ),
  {
    id: 'grocery',
    label: 'Grocery & Gourmet',
    referral: {
      kind: 'price-band',
      bands: [
        { upToCents: 1_500, percent: 8 },
        { upToCents: null, percent: 15 },
      ],
    },
    minimumCents: 0,
    table: 'standard',
  },
  {
    id: 'clothing',
    label: 'Clothing & Accessories',
    referral: {
      kind: 'price-band',
      bands: [
        { upToCents: 1_500, percent: 5 },
        { upToCents: 2_000, percent: 10 },
        { upToCents: null, percent: 17 },
      ],
    },
    minimumCents: 30,
    table: 'apparel',
  },
  {
    id: 'furniture',
    label: 'Furniture',
    referral: {
      kind: 'portion',
      bands: [
        { upToCents: 20_000, percent: 15 },
        { upToCents: null, percent: 10 },
      ],
    },
    minimumCents: 30,
    table: 'standard',
  },
  {
    id: 'jewelry',
    label: 'Jewelry',
    referral: {
      kind: 'portion',
      bands: [
        { upToCents: 25_000, percent: 20 },
        { upToCents: null, percent: 5 },
      ],
    },
    minimumCents: 30,
    table: 'standard',
  },
  {
    id: 'other',
    label: 'Everything else',
    referral: flat(15),
    minimumCents: STANDARD_MINIMUM_CENTS,
    table: 'standard',
  },
];

export const findFbaCategory = (id: string): FbaCategory | undefined => FBA_CATEGORIES.find((c) => c.id === id);

const percentText = (percent: number) => `${percent}%`;

/** `cents x percent / 100` for a whole-number percentage, kept exact (in hundredths of a cent). */
const hundredths = (cents: number, percent: number) => cents * percent;

export interface ReferralFee {
  cents: number;
  /** How it was found, one line per part (e.g. '15% of the first $100.00 = $15.00'). */
  parts: string[];
}

/** The referral fee for one unit sold at `priceCents` (the item price; Amazon adds shipping and gift wrap). */
export function referralFee(category: FbaCategory, priceCents: number): ReferralFee {
  const rule = category.referral;
  const parts: string[] = [];
  let exact = 0;
  const money = (cents: number) => formatMoney(cents / 100);
  if (rule.kind === 'flat') {
    exact = hundredths(priceCents, rule.percent);
    parts.push(`${percentText(rule.percent)} of ${money(priceCents)} = ${money(roundHalfAway(exact / 100))}`);
  } else if (rule.kind === 'price-band') {
    const band = rowFor(rule.bands, (b) => b.upToCents === null || priceCents <= b.upToCents).row;
    exact = hundredths(priceCents, band.percent);
    const where = band.upToCents === null ? 'above the last threshold' : `at most ${money(band.upToCents)}`;
    parts.push(
      `${percentText(band.percent)} of ${money(priceCents)} (the whole price, ${where}) = ${money(roundHalfAway(exact / 100))}`,
    );
  } else {
    let from = 0;
    for (const band of rule.bands) {
      if (priceCents <= from) break;
      const to = band.upToCents === null ? priceCents : Math.min(priceCents, band.upToCents);
      const portion = to - from;
      const fee = hundredths(portion, band.percent);
      exact += fee;
      const which = from === 0 ? `the first ${money(portion)}` : `the ${money(portion)} above ${money(from)}`;
      parts.push(`${percentText(band.percent)} of ${which} = ${money(fee / 100)}`);
      if (band.upToCents === null) break;
      from = band.upToCents;
    }
  }
  let cents = roundHalfAway(exact / 100);
  if (rule.kind === 'portion' && parts.length > 1) parts.push(`together ${money(cents)}`);
  if (cents < category.minimumCents) {
    parts.push(`below the ${money(category.minimumCents)} minimum, so ${money(category.minimumCents)}`);
    cents = category.minimumCents;
  }
  return { cents, parts };
}

// ---------------------------------------------------------------------------------------------------------
// The estimate

export interface FbaInput {
  categoryId: string;
  /** Package dimensions in inches, in any order. */
  length: number;
  width: number;
  height: number;
  /** Unit (package) weight in pounds. */
  weightLb: number;
  /** The item's sale price in dollars (the product's Amazon retail price). */
  price: number;
}

export interface FbaEstimate {
  category: FbaCategory;
  sizeTier: FbaSizeTier;
  sizeTierLabel: string;
  /** Longest, median and shortest side (inches). */
  sides: [number, number, number];
  /** Longest side + 2 x (median + shortest), inches. */
  lengthPlusGirth: number;
  /** Dimensional weight used for the tier (bulky tiers count width and height as at least 2 in), pounds. */
  dimensionalWeightLb: number;
  /** The weight the fulfilment fee is charged on, pounds. */
  shippingWeightLb: number;
  weightBasis: 'unit weight' | 'dimensional weight';
  priceBand: FbaPriceBand;
  /** Dollars per unit. */
  fulfilmentFee: number;
  referralFee: number;
  total: number;
  /** How the fees were found, in order, in seller terms. */
  steps: string[];
}

const EPS = 1e-9;
/** Number of started steps of `stepLb` above `aboveLb`. */
const stepsAbove = (weightLb: number, aboveLb: number, stepLb: number) =>
  Math.max(0, Math.ceil((weightLb - aboveLb) / stepLb - EPS));

/** Pounds with 2 decimals, and ounces too under a pound ('0.38 lb (6 oz)'). */
const lb = (value: number) => {
  const text = `${(Math.round(value * 100) / 100).toFixed(2)} lb`;
  return value < 1 ? `${text} (${Number((value * 16).toFixed(2))} oz)` : text;
};
const inches = (value: number) => `${Number(value.toFixed(2))}`;

function stepped(fee: SteppedFee, band: FbaPriceBand, weightLb: number): { cents: number; text: string } {
  const base = fee.base[bandIndex[band]];
  const count = stepsAbove(weightLb, fee.aboveLb, fee.stepLb);
  const cents = base + count * fee.perStep;
  const step = fee.stepLb === 1 ? 'lb' : `${fee.stepLb * 16} oz`;
  const text =
    count === 0
      ? formatMoney(base / 100)
      : `${formatMoney(base / 100)} + ${count} x ${formatMoney(fee.perStep / 100)} (each started ${step} above ${fee.aboveLb} lb) = ${formatMoney(cents / 100)}`;
  return { cents, text };
}

/** Whether each input is usable: a field error per field (empty when all are). */
export function fbaInputErrors(
  input: Partial<Record<keyof FbaInput, unknown>>,
): Partial<Record<keyof FbaInput, string>> {
  const errors: Partial<Record<keyof FbaInput, string>> = {};
  if (typeof input.categoryId !== 'string' || !findFbaCategory(input.categoryId))
    errors.categoryId = 'Choose a category';
  for (const [key, max] of [
    ['length', 1000],
    ['width', 1000],
    ['height', 1000],
    ['weightLb', 5000],
  ] as const) {
    const value = input[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) errors[key] = 'Must be a number';
    else if (value <= 0) errors[key] = 'Must be more than 0';
    else if (value > max) errors[key] = `Must be at most ${max.toLocaleString('en-US')}`;
  }
  const price = input.price;
  if (typeof price !== 'number' || !Number.isFinite(price)) errors.price = 'Must be a number';
  else if (price < 0) errors.price = 'Cannot be negative';
  return errors;
}

/** Amazon's FBA fulfilment fee and referral fee for one unit. Throws a RangeError for input fbaInputErrors refuses. */
export function estimateFbaFees(input: FbaInput): FbaEstimate {
  const invalid = fbaInputErrors(input);
  if (Object.keys(invalid).length > 0) throw new RangeError(`Invalid FBA input: ${JSON.stringify(invalid)}`);
  const category = findFbaCategory(input.categoryId) as FbaCategory;
  const priceCents = roundHalfAway(Number((input.price * 100).toFixed(6)));
  const band = fbaPriceBand(priceCents);
  const sides = [input.length, input.width, input.height].sort((a, b) => b - a) as [number, number, number];
  const [longest, median, shortest] = sides;
  const lengthPlusGirth = longest + 2 * (median + shortest);
  const unit = input.weightLb;
  const steps: string[] = [
    `Sides sorted: ${inches(longest)} x ${inches(median)} x ${inches(shortest)} in, unit weight ${lb(unit)}.`,
  ];

  let tier: FbaSizeTier;
  let dimensional = (longest * median * shortest) / DIMENSIONAL_DIVISOR;
  let shipping = unit;
  let basis: FbaEstimate['weightBasis'] = 'unit weight';
  const fits = (l: number, m: number, s: number) => longest <= l + EPS && median <= m + EPS && shortest <= s + EPS;

  if (fits(15, 12, 0.75) && unit * 16 <= 16 + EPS) {
    tier = 'small-standard';
    steps.push(`Small standard: ${FBA_SIZE_TIERS['small-standard'].limits}; charged on the unit weight.`);
  } else {
    const greater = (dim: number) => {
      dimensional = dim;
      shipping = Math.max(unit, dim);
      basis = dim > unit ? 'dimensional weight' : 'unit weight';
    };
    greater(dimensional);
    if (fits(18, 14, 8) && shipping <= 20 + EPS) {
      tier = 'large-standard';
      steps.push(
        `Dimensional weight ${inches(longest)} x ${inches(median)} x ${inches(shortest)} / ${DIMENSIONAL_DIVISOR} = ${lb(dimensional)}; shipping weight is the greater of unit and dimensional weight: ${lb(shipping)}.`,
      );
      steps.push(`Large standard: ${FBA_SIZE_TIERS['large-standard'].limits}.`);
    } else {
      const m = Math.max(median, BULKY_MIN_SIDE_IN);
      const s = Math.max(shortest, BULKY_MIN_SIDE_IN);
      greater((longest * m * s) / DIMENSIONAL_DIVISOR);
      steps.push(
        `Dimensional weight ${inches(longest)} x ${inches(m)} x ${inches(s)} / ${DIMENSIONAL_DIVISOR} = ${lb(dimensional)} (width and height count as at least ${BULKY_MIN_SIDE_IN} in); shipping weight is the greater of unit and dimensional weight: ${lb(shipping)}. Length + girth ${inches(lengthPlusGirth)} in.`,
      );
      const bulkyWeight = shipping <= 50 + EPS && lengthPlusGirth <= 130 + EPS;
      if (bulkyWeight && fits(37, 28, 20)) tier = 'small-bulky';
      else if (bulkyWeight && fits(59, 33, 33)) tier = 'large-bulky';
      else tier = 'extra-large';
      steps.push(`${FBA_SIZE_TIERS[tier].label}: ${FBA_SIZE_TIERS[tier].limits}.`);
    }
  }

  // Fulfilment fee.
  const priceBandText = `price ${FBA_PRICE_BAND_LABELS[band]}`;
  let fulfilment: number;
  const table = category.table;
  const tableText = table === 'apparel' ? ' (apparel table)' : '';
  if (tier === 'small-standard' || (tier === 'large-standard' && shipping <= 3 + EPS)) {
    const rows = tier === 'small-standard' ? SMALL_STANDARD[table] : LARGE_STANDARD[table];
    const oz = shipping * 16;
    const { row, previous } = rowFor(rows, (r) => oz <= r.maxOz + EPS);
    const from = previous?.maxOz ?? 0;
    fulfilment = row.fees[bandIndex[band]];
    const range =
      from === 0 ? `up to ${weightText(row.maxOz)}` : `over ${weightText(from)} to ${weightText(row.maxOz)}`;
    steps.push(
      `Fulfilment fee${tableText}: ${FBA_SIZE_TIERS[tier].label} ${range}, ${priceBandText}: ${formatMoney(fulfilment / 100)}.`,
    );
  } else {
    let fee: SteppedFee;
    let range: string;
    if (tier === 'large-standard') {
      fee = LARGE_STANDARD_OVER_3LB[table];
      range = '3+ to 20 lb';
    } else if (tier === 'small-bulky') {
      fee = SMALL_BULKY;
      range = 'up to 50 lb';
    } else if (tier === 'large-bulky') {
      fee = LARGE_BULKY;
      range = 'up to 50 lb';
    } else {
      const { row } = rowFor(EXTRA_LARGE, (r) => shipping <= r.maxLb + EPS);
      fee = row.fee;
      range = row.label;
    }
    const result = stepped(fee, band, shipping);
    fulfilment = result.cents;
    steps.push(
      `Fulfilment fee${tier === 'large-standard' ? tableText : ''}: ${FBA_SIZE_TIERS[tier].label} ${range}, ${priceBandText}: ${result.text}.`,
    );
  }

  const referral = referralFee(category, priceCents);
  steps.push(`Referral fee (${category.label}): ${referral.parts.join('; ')}.`);
  const total = fulfilment + referral.cents;
  steps.push(
    `Amazon fees per unit: ${formatMoney(fulfilment / 100)} + ${formatMoney(referral.cents / 100)} = ${formatMoney(total / 100)}.`,
  );

  return {
    category,
    sizeTier: tier,
    sizeTierLabel: FBA_SIZE_TIERS[tier].label,
    sides,
    lengthPlusGirth,
    dimensionalWeightLb: dimensional,
    shippingWeightLb: shipping,
    weightBasis: basis,
    priceBand: band,
    fulfilmentFee: fulfilment / 100,
    referralFee: referral.cents / 100,
    total: total / 100,
    steps,
  };
}

/** 4 -> '4 oz', 16 -> '1 lb', 20 -> '1.25 lb'. */
function weightText(oz: number): string {
  return oz < 16 ? `${oz} oz` : `${oz / 16} lb`;
}

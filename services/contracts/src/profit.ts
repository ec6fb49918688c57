/**
 * The Power Profit Tool's numbers, written once: the tools service computes every figure it returns with these
 * functions and the web uses the same ones for the Additional Fees conversions (spec part 2 §3, §4, §5, §9).
 * Each formula is defined in seller terms, with worked examples, in docs/profit-formulas.md; the examples are the
 * unit tests in profit.test.ts.
 *
 * Money is worked in integer cents: every input is turned into cents once (rounded half away from zero), every
 * product of money and a percentage is rounded to the cent at once, and per-unit figures are rounded before they
 * are multiplied by a number of units (so "per unit x units" on the screen adds up exactly). Percentages are
 * rounded to 2 decimals. Dollars go back out as numbers with at most 2 decimals.
 */

// ---------------------------------------------------------------------------------------------------------
// Constants (spec §9)

export const ADDITIONAL_FEES_TYPES = ['percentage', 'dollar'] as const;
export type AdditionalFeesType = (typeof ADDITIONAL_FEES_TYPES)[number];
export const DEFAULT_ADDITIONAL_FEES_TYPE: AdditionalFeesType = 'percentage';
/** Additional fees per unit, as a percentage of the Amazon retail price. */
export const DEFAULT_ADDITIONAL_FEES_PERCENT = 25;
export const MAX_ADDITIONAL_FEES_PERCENT = 50;
/** A dollar value converting to this percentage or more becomes MAX_ADDITIONAL_FEES_PERCENT. */
export const ADDITIONAL_FEES_SNAP_PERCENT = 49.99;
/** Under this percentage the screen suggests more. */
export const SUGGESTED_MIN_ADDITIONAL_FEES_PERCENT = 25;
export const ADDITIONAL_FEES_HINT = 'We suggest a minimum of 25% of your Amazon retail price.';
/** The Planning tab's month. */
export const DAYS_PER_MONTH = 30;

// ---------------------------------------------------------------------------------------------------------
// Rounding

/** Rounds half away from zero, so -2.5 and 2.5 round alike (Math.round rounds -2.5 to -2). */
export function roundHalfAway(value: number): number {
  const rounded = Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
  return value < 0 ? -rounded || 0 : rounded;
}

/** Dollars (any number of decimals) to whole cents. 0.1 + 0.2 dollars is 30 cents, not 30.000000000000004. */
export const toCents = (dollars: number): number => roundHalfAway(Number((dollars * 100).toFixed(6)));
export const toDollars = (cents: number): number => cents / 100 || 0;
/** A number rounded to 2 decimals (percentages, dollars). */
export const round2 = (value: number): number => roundHalfAway(Number((value * 100).toFixed(6))) / 100 || 0;
/** `cents x percent / 100`, rounded to the cent. */
export const percentOfCents = (cents: number, percent: number): number =>
  roundHalfAway((cents * roundHalfAway(Number((percent * 100).toFixed(6)))) / 10_000);

// ---------------------------------------------------------------------------------------------------------
// Additional fees (spec §4, §5, §9)

/** The dollar ceiling of the additional fees: half the retail price. */
export const maxAdditionalFeesDollars = (retailPrice: number): number =>
  toDollars(Math.floor(toCents(retailPrice) / 2));

/** Percentage of the retail price to dollars per unit (2 decimals). */
export function additionalFeesPercentToDollars(percent: number, retailPrice: number): number {
  return toDollars(percentOfCents(toCents(retailPrice), percent));
}

/**
 * Dollars per unit to a percentage of the retail price (2 decimals), capped: at or above 49.99 it is 50. With no
 * retail price there is nothing to take a share of: 0.
 */
export function additionalFeesDollarsToPercent(dollars: number, retailPrice: number): number {
  const retail = toCents(retailPrice);
  if (retail <= 0) return 0;
  const percent = round2((toCents(dollars) / retail) * 100);
  if (percent >= ADDITIONAL_FEES_SNAP_PERCENT) return MAX_ADDITIONAL_FEES_PERCENT;
  return Math.max(0, percent);
}

/** Whether a percentage is a value the fees may take (0 to 50 inclusive). */
export const isValidAdditionalFeesPercent = (percent: number): boolean =>
  Number.isFinite(percent) && percent >= 0 && percent <= MAX_ADDITIONAL_FEES_PERCENT;

/** Whether a dollar amount is a value the fees may take (0 to half the retail price). */
export const isValidAdditionalFeesDollars = (dollars: number, retailPrice: number): boolean =>
  Number.isFinite(dollars) && dollars >= 0 && toCents(dollars) <= toCents(maxAdditionalFeesDollars(retailPrice));

/** The field error of an out-of-range percentage (the server's and the screen's). */
export const ADDITIONAL_FEES_PERCENT_RANGE = `Enter a percentage from 0 to ${MAX_ADDITIONAL_FEES_PERCENT} (of the retail price)`;

/** The field error of an out-of-range dollar amount: from $0.00 to half the retail price. */
export const additionalFeesDollarRange = (retailPrice: number): string =>
  `Enter an amount from $0.00 to ${formatMoney(maxAdditionalFeesDollars(retailPrice))} (half the retail price)`;

/**
 * Why a typed Additional Fees value cannot be used, or null when it can (an out-of-range entry is not
 * silently ignored; the field says its range and the value shown stays what it was until the entry is valid).
 */
export function additionalFeesInputError(text: string, type: AdditionalFeesType, retailPrice: number): string | null {
  if (text.trim() === '') return 'this field is required';
  const value = Number(text.trim());
  if (!Number.isFinite(value)) return 'Must be a number';
  if (type === 'percentage') return isValidAdditionalFeesPercent(value) ? null : ADDITIONAL_FEES_PERCENT_RANGE;
  return isValidAdditionalFeesDollars(value, retailPrice) ? null : additionalFeesDollarRange(retailPrice);
}

/**
 * What an input does to the shown value: an out-of-range (or non-numeric) entry leaves the previous value (the field
 * shows additionalFeesInputError meanwhile). Values are rounded to 2 decimals.
 */
export function acceptAdditionalFeesInput(
  input: number,
  previous: number,
  type: AdditionalFeesType,
  retailPrice: number,
): number {
  const valid =
    type === 'percentage' ? isValidAdditionalFeesPercent(input) : isValidAdditionalFeesDollars(input, retailPrice);
  return valid ? round2(input) : previous;
}

/** Switches the shown value to the other unit, converting it (spec §4). */
export function convertAdditionalFees(
  value: number,
  from: AdditionalFeesType,
  to: AdditionalFeesType,
  retailPrice: number,
): number {
  if (from === to) return value;
  return to === 'dollar'
    ? additionalFeesPercentToDollars(value, retailPrice)
    : additionalFeesDollarsToPercent(value, retailPrice);
}

/** The value sent to the server: always a percentage (spec §5). */
export const additionalFeesToPercent = (value: number, type: AdditionalFeesType, retailPrice: number): number =>
  type === 'percentage' ? round2(value) : additionalFeesDollarsToPercent(value, retailPrice);

/** Whether the 'We suggest a minimum of 25%...' hint shows for this percentage. */
export const showsAdditionalFeesHint = (percent: number): boolean => percent < SUGGESTED_MIN_ADDITIONAL_FEES_PERCENT;

// ---------------------------------------------------------------------------------------------------------
// The product's figures (spec §3)

/** What the seller enters (dollars and percentages as numbers). */
export interface ProfitInputs {
  /** Units in the bulk (manufacturing) order. */
  units: number;
  /** Manufacturing cost per unit. */
  costPerUnit: number;
  /** Shipping and customs per unit. */
  shippingCost: number;
  /** Amazon fulfilment (FBA) and referral fees per unit. */
  amazonFees: number;
  amazonRetailPrice: number;
  /** Additional fees per unit, as a percentage of the retail price. */
  additionalFees: number;
  promotionUnitsPerDay: number;
  /** Percentage off during the promotion. */
  promotionPercentage: number;
  promotionDays: number;
  dailyAdvertisingCost: number;
  /** Advertising campaign spend and the sales it brought (dollars). */
  spend: number;
  sales: number;
  /** Units expected to sell per month. */
  projectedUnits: number;
}

/** Every computed field of the Product entity (dollars with 2 decimals; percentages with 2 decimals). */
export interface ProfitFigures {
  promotionCost: number;
  promotionRevenue: number;
  ACOSBreakEven: number;
  /** null when there were no sales to divide by. */
  campaignACOS: number | null;
  monthlyGross: number;
  monthlyProfit: number;
  potentialProfit: number;
  profitMargin: number;
  totalAdditionalFees: number;
  totalEstimatedProfitPerUnit: number;
  totalEstimatedBulkOrderProfit: number;
  totalCost: number;
  totalManufacturingShippingCustomsCost: number;
  totalCostPerUnit: number;
  totalAmazonFees: number;
  amazonNet: number;
  netProfitPerUnit: number;
}

/** A share of the retail price in percent (2 decimals); 0 when the price is 0 (a free product has no margin). */
const shareOfRetail = (cents: number, retailCents: number): number =>
  retailCents === 0 ? 0 : round2((cents / retailCents) * 100);

export function computeProfit(input: ProfitInputs): ProfitFigures {
  const units = input.units;
  const retail = toCents(input.amazonRetailPrice);

  // Per unit.
  const costPerUnit = toCents(input.costPerUnit) + toCents(input.shippingCost);
  const additionalFees = percentOfCents(retail, input.additionalFees);
  const amazonFees = toCents(input.amazonFees) + additionalFees;
  const amazonNet = retail - amazonFees;
  const netPerUnit = amazonNet - costPerUnit;

  // The bulk order.
  const landedOrder = units * costPerUnit;
  const totalCost = units * (costPerUnit + amazonFees);
  const bulkProfit = units * netPerUnit;

  // Promotion.
  const promotionUnits = input.promotionUnitsPerDay * input.promotionDays;
  const discountPerUnit = percentOfCents(retail, input.promotionPercentage);
  const promotionCost = promotionUnits * discountPerUnit;
  const promotionRevenue = promotionUnits * (retail - discountPerUnit);

  // Advertising.
  const spend = toCents(input.spend);
  const sales = toCents(input.sales);

  // Planning.
  const monthlyGross = input.projectedUnits * retail;
  const monthlyProfit = input.projectedUnits * netPerUnit - DAYS_PER_MONTH * toCents(input.dailyAdvertisingCost);

  return {
    promotionCost: toDollars(promotionCost),
    promotionRevenue: toDollars(promotionRevenue),
    ACOSBreakEven: shareOfRetail(netPerUnit, retail),
    campaignACOS: sales === 0 ? null : round2((spend / sales) * 100),
    monthlyGross: toDollars(monthlyGross),
    monthlyProfit: toDollars(monthlyProfit),
    potentialProfit: toDollars(netPerUnit),
    profitMargin: shareOfRetail(netPerUnit, retail),
    totalAdditionalFees: toDollars(additionalFees),
    totalEstimatedProfitPerUnit: toDollars(netPerUnit),
    totalEstimatedBulkOrderProfit: toDollars(bulkProfit),
    totalCost: toDollars(totalCost),
    totalManufacturingShippingCustomsCost: toDollars(landedOrder),
    totalCostPerUnit: toDollars(costPerUnit),
    totalAmazonFees: toDollars(amazonFees),
    amazonNet: toDollars(amazonNet),
    netProfitPerUnit: toDollars(netPerUnit),
  };
}

/** Money as the screens show it: 2 decimals, thousands separated ($1,234.50; -$3.20). */
export function formatMoney(dollars: number): string {
  const text = Math.abs(dollars).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return dollars < 0 ? `-$${text}` : `$${text}`;
}

/** A percentage with 2 decimals (12.50%); a dash when there is none (campaign ACoS without sales). */
export const formatPercent = (percent: number | null): string => (percent === null ? '—' : `${percent.toFixed(2)}%`);

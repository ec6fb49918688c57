/** The worked examples of docs/profit-formulas.md, one test each, and the Additional Fees rules. */
import { describe, expect, it } from '@jest/globals';
import {
  ADDITIONAL_FEES_PERCENT_RANGE,
  acceptAdditionalFeesInput,
  additionalFeesDollarsToPercent,
  additionalFeesInputError,
  additionalFeesPercentToDollars,
  additionalFeesToPercent,
  computeProfit,
  convertAdditionalFees,
  formatMoney,
  formatPercent,
  isValidAdditionalFeesDollars,
  isValidAdditionalFeesPercent,
  maxAdditionalFeesDollars,
  type ProfitInputs,
  percentOfCents,
  roundHalfAway,
  showsAdditionalFeesHint,
  toCents,
} from './profit';

/** Example A of the doc: a $29.99 garlic press. */
const garlicPress: ProfitInputs = {
  units: 1000,
  costPerUnit: 4.2,
  shippingCost: 1.3,
  amazonFees: 7.85,
  amazonRetailPrice: 29.99,
  additionalFees: 25,
  promotionUnitsPerDay: 20,
  promotionPercentage: 95,
  promotionDays: 7,
  dailyAdvertisingCost: 15,
  spend: 450,
  sales: 1800,
  projectedUnits: 300,
};

describe('rounding', () => {
  it('rounds half away from zero, in cents', () => {
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundHalfAway(-0.4)).toBe(0);
    expect(Object.is(roundHalfAway(-0.4), -0)).toBe(false);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(29.99)).toBe(2999);
    expect(percentOfCents(2999, 25)).toBe(750); // 749.75
    expect(percentOfCents(2999, 95)).toBe(2849); // 2849.05
    expect(percentOfCents(1000, 12.345)).toBe(124); // 12.345 % is taken as 12.35 %: 123.5 cents of $10
  });
});

describe('example A: a $29.99 garlic press, 1,000 units', () => {
  const f = computeProfit(garlicPress);

  it('per unit: landed cost, fees, Amazon net, profit and margin', () => {
    expect(f.totalCostPerUnit).toBe(5.5);
    expect(f.totalAdditionalFees).toBe(7.5);
    expect(f.totalAmazonFees).toBe(15.35);
    expect(f.amazonNet).toBe(14.64);
    expect(f.netProfitPerUnit).toBe(9.14);
    expect(f.totalEstimatedProfitPerUnit).toBe(9.14);
    expect(f.potentialProfit).toBe(9.14);
    expect(f.profitMargin).toBe(30.48);
  });

  it('the bulk order', () => {
    expect(f.totalManufacturingShippingCustomsCost).toBe(5500);
    expect(f.totalCost).toBe(20850);
    expect(f.totalEstimatedBulkOrderProfit).toBe(9140);
  });

  it('promotion: 140 units at 95 % off', () => {
    expect(f.promotionCost).toBe(3988.6);
    expect(f.promotionRevenue).toBe(210);
  });

  it('advertising: break-even and campaign ACoS', () => {
    expect(f.ACOSBreakEven).toBe(30.48);
    expect(f.campaignACOS).toBe(25);
  });

  it('planning: 300 units a month and $15 a day of advertising', () => {
    expect(f.monthlyGross).toBe(8997);
    expect(f.monthlyProfit).toBe(2292);
  });
});

describe('edge cases', () => {
  it('example B: zero units (nothing ordered yet) keeps the per-unit figures and zeroes the order', () => {
    const f = computeProfit({ ...garlicPress, units: 0 });
    expect(f.netProfitPerUnit).toBe(9.14);
    expect(f.totalManufacturingShippingCustomsCost).toBe(0);
    expect(f.totalCost).toBe(0);
    expect(f.totalEstimatedBulkOrderProfit).toBe(0);
  });

  it('example C: zero sales leaves campaign ACoS undefined (null), zero spend and sales too', () => {
    expect(computeProfit({ ...garlicPress, sales: 0 }).campaignACOS).toBeNull();
    expect(computeProfit({ ...garlicPress, sales: 0, spend: 0 }).campaignACOS).toBeNull();
    expect(computeProfit({ ...garlicPress, spend: 0 }).campaignACOS).toBe(0);
  });

  it('example D: a free product (retail $0) loses its costs and fees; margins are 0, not a division by zero', () => {
    const f = computeProfit({ ...garlicPress, amazonRetailPrice: 0 });
    expect(f.totalAdditionalFees).toBe(0);
    expect(f.totalAmazonFees).toBe(7.85);
    expect(f.amazonNet).toBe(-7.85);
    expect(f.netProfitPerUnit).toBe(-13.35);
    expect(f.profitMargin).toBe(0);
    expect(f.ACOSBreakEven).toBe(0);
    expect(f.promotionCost).toBe(0);
    expect(f.promotionRevenue).toBe(0);
    expect(f.monthlyGross).toBe(0);
    expect(f.monthlyProfit).toBe(-4455); // 300 x -13.35 - 30 x 15
  });

  it('example E: negative profit: a $10 item that costs $8 landed', () => {
    const f = computeProfit({
      ...garlicPress,
      units: 500,
      costPerUnit: 6,
      shippingCost: 2,
      amazonFees: 4,
      amazonRetailPrice: 10,
    });
    expect(f.totalAdditionalFees).toBe(2.5);
    expect(f.totalAmazonFees).toBe(6.5);
    expect(f.amazonNet).toBe(3.5);
    expect(f.netProfitPerUnit).toBe(-4.5);
    expect(f.profitMargin).toBe(-45);
    expect(f.ACOSBreakEven).toBe(-45);
    expect(f.totalEstimatedBulkOrderProfit).toBe(-2250);
    expect(formatMoney(f.netProfitPerUnit)).toBe('-$4.50');
  });

  it('everything zero is all zeros (a fresh product)', () => {
    const zero = Object.fromEntries(Object.keys(garlicPress).map((k) => [k, 0])) as unknown as ProfitInputs;
    const f = computeProfit(zero);
    for (const [key, value] of Object.entries(f)) {
      if (key === 'campaignACOS') expect(value).toBeNull();
      else expect(Object.is(value, 0)).toBe(true);
    }
  });
});

describe('additional fees', () => {
  it('percentage to dollars and back (example F: $29.99 at 25 %)', () => {
    expect(additionalFeesPercentToDollars(25, 29.99)).toBe(7.5);
    expect(additionalFeesDollarsToPercent(7.5, 29.99)).toBe(25.01);
    expect(additionalFeesDollarsToPercent(5, 20)).toBe(25);
    expect(convertAdditionalFees(25, 'percentage', 'dollar', 20)).toBe(5);
    expect(convertAdditionalFees(5, 'dollar', 'percentage', 20)).toBe(25);
    expect(convertAdditionalFees(12, 'dollar', 'dollar', 20)).toBe(12);
  });

  it('snaps dollar values at or above 49.99 % to 50 %', () => {
    expect(additionalFeesDollarsToPercent(9.99, 20)).toBe(49.95);
    expect(additionalFeesDollarsToPercent(9.998, 20)).toBe(50); // $10.00 after rounding to the cent
    expect(additionalFeesDollarsToPercent(49.99, 100)).toBe(50);
    expect(additionalFeesDollarsToPercent(49.98, 100)).toBe(49.98);
    expect(additionalFeesDollarsToPercent(50, 100)).toBe(50);
    expect(additionalFeesDollarsToPercent(5, 0)).toBe(0);
  });

  it('percentage 0 to 50 inclusive; dollars 0 to half the retail price', () => {
    expect(isValidAdditionalFeesPercent(0)).toBe(true);
    expect(isValidAdditionalFeesPercent(50)).toBe(true);
    expect(isValidAdditionalFeesPercent(50.01)).toBe(false);
    expect(isValidAdditionalFeesPercent(-1)).toBe(false);
    expect(isValidAdditionalFeesPercent(Number.NaN)).toBe(false);
    expect(maxAdditionalFeesDollars(29.99)).toBe(14.99);
    expect(isValidAdditionalFeesDollars(14.99, 29.99)).toBe(true);
    expect(isValidAdditionalFeesDollars(15, 29.99)).toBe(false);
    expect(isValidAdditionalFeesDollars(0, 0)).toBe(true);
    expect(isValidAdditionalFeesDollars(0.01, 0)).toBe(false);
  });

  it('ignores out-of-range input and keeps the previous value', () => {
    expect(acceptAdditionalFeesInput(80, 25, 'percentage', 20)).toBe(25);
    expect(acceptAdditionalFeesInput(-3, 25, 'percentage', 20)).toBe(25);
    expect(acceptAdditionalFeesInput(30.456, 25, 'percentage', 20)).toBe(30.46);
    expect(acceptAdditionalFeesInput(11, 5, 'dollar', 20)).toBe(5);
    expect(acceptAdditionalFeesInput(10, 5, 'dollar', 20)).toBe(10);
  });

  it('says the allowed range of an out-of-range entry', () => {
    expect(additionalFeesInputError('60', 'percentage', 25)).toBe(ADDITIONAL_FEES_PERCENT_RANGE);
    expect(additionalFeesInputError('-1', 'percentage', 25)).toBe(ADDITIONAL_FEES_PERCENT_RANGE);
    expect(additionalFeesInputError('50', 'percentage', 25)).toBeNull();
    expect(additionalFeesInputError('20', 'dollar', 25)).toBe(
      'Enter an amount from $0.00 to $12.50 (half the retail price)',
    );
    expect(additionalFeesInputError('12.50', 'dollar', 25)).toBeNull();
    expect(additionalFeesInputError('abc', 'dollar', 25)).toBe('Must be a number');
    expect(additionalFeesInputError(' ', 'percentage', 25)).toBe('this field is required');
  });

  it('sends a percentage whatever the unit shown', () => {
    expect(additionalFeesToPercent(30, 'percentage', 20)).toBe(30);
    expect(additionalFeesToPercent(6, 'dollar', 20)).toBe(30);
    expect(additionalFeesToPercent(10, 'dollar', 20)).toBe(50);
  });

  it('hints under 25 %', () => {
    expect(showsAdditionalFeesHint(24.99)).toBe(true);
    expect(showsAdditionalFeesHint(25)).toBe(false);
  });
});

describe('formatting', () => {
  it('money with 2 decimals and percentages', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatPercent(30.48)).toBe('30.48%');
    expect(formatPercent(null)).toBe('—');
  });
});

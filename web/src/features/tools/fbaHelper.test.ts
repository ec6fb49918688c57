/** The FBA fee helper's form: only typed-in fields get errors; the estimate comes once everything is usable. */
import { describe, expect, it } from '@jest/globals';
import { EMPTY_FBA_VALUES, evaluate } from './fbaHelper';

const garlicPress = {
  categoryId: 'home-kitchen',
  length: '10',
  width: '4',
  height: '2.5',
  weight: '0.6',
  weightUnit: 'lb',
} as const;

describe('the FBA fee helper form', () => {
  it('shows no errors and no estimate while empty', () => {
    expect(evaluate(EMPTY_FBA_VALUES, '')).toEqual({ estimate: null, errors: {} });
  });

  it('names the typed fields that are unusable', () => {
    const { estimate, errors } = evaluate({ ...garlicPress, length: 'ten', height: '-1', weight: '' }, 'abc');
    expect(estimate).toBeNull();
    expect(errors).toEqual({ length: 'Must be a number', height: 'Must be more than 0', price: 'Must be a number' });
  });

  it('estimates from the form values and the retail price, in pounds or ounces', () => {
    const pounds = evaluate(garlicPress, '29.99').estimate;
    expect(pounds).toMatchObject({ sizeTier: 'large-standard', fulfilmentFee: 4.2, referralFee: 4.5, total: 8.7 });
    const ounces = evaluate({ ...garlicPress, weight: '9.6', weightUnit: 'oz' }, '29.99').estimate;
    expect(ounces?.total).toBe(8.7);
    expect(evaluate({ ...garlicPress, categoryId: '' }, '29.99').estimate).toBeNull();
  });
});

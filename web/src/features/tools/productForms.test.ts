import { describe, expect, it } from '@jest/globals';
import { checkFields, initialValues } from './productForms';

describe('product form checks', () => {
  it('requires the title and the five numbers; refuses text, negatives and fractions of units', () => {
    const values = initialValues(null);
    expect(checkFields('product', values)).toEqual({
      title: 'This field is required',
      units: 'This field is required',
      costPerUnit: 'This field is required',
      shippingCost: 'This field is required',
      amazonFees: 'This field is required',
      amazonRetailPrice: 'This field is required',
    });
    expect(
      checkFields('product', {
        ...values,
        title: 'Mug',
        units: '2.5',
        costPerUnit: 'abc',
        shippingCost: '-1',
        amazonFees: '3',
        amazonRetailPrice: '12',
      }),
    ).toEqual({ units: 'Must be a whole number', costPerUnit: 'Must be a number', shippingCost: 'Cannot be negative' });
  });

  it('leaves the optional metrics optional, but checks what is entered', () => {
    const values = initialValues(null);
    expect(checkFields('promotion', values)).toEqual({});
    expect(checkFields('promotion', { ...values, promotionPercentage: '120' })).toEqual({
      promotionPercentage: 'Must be at most 100',
    });
  });
});

describe('initialValues', () => {
  it('shows money with 2 decimals', () => {
    const values = initialValues({ title: 'Mug', costPerUnit: 4.2, units: 10, promotionPercentage: 95 } as never);
    expect(values).toMatchObject({ title: 'Mug', costPerUnit: '4.20', units: '10', promotionPercentage: '95' });
  });
});

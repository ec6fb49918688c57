import { describe, expect, it } from '@jest/globals';
import { dollarsToCents } from '@rainmakers/contracts';
import { offerOf, type SellableResource } from './offer';

const base: SellableResource = {
  id: 1,
  title: 'T',
  visibility: 'For Sale',
  hidden: false,
  price: '19.99',
  purchaseUrl: null,
};

describe('dollarsToCents', () => {
  it('converts two-decimal prices exactly', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('0.10')).toBe(10);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('1000')).toBe(100000);
    expect(dollarsToCents(4.35)).toBe(435);
  });
  it('refuses what is not an amount', () => {
    expect(() => dollarsToCents('-1')).toThrow();
    expect(() => dollarsToCents('1.234')).toThrow();
  });
});

describe('offerOf', () => {
  it('sells For Sale and For Sale Premium resources', () => {
    expect(offerOf(base)).toEqual({ id: 1, title: 'T', forSale: true, priceCents: 1999, purchaseUrl: null });
    expect(offerOf({ ...base, visibility: 'For Sale Premium' }).forSale).toBe(true);
  });
  it('does not sell free, included or hidden resources', () => {
    expect(offerOf({ ...base, visibility: 'Free' })).toMatchObject({ forSale: false, priceCents: null });
    expect(offerOf({ ...base, visibility: 'Included with Premium' }).forSale).toBe(false);
    expect(offerOf({ ...base, hidden: true })).toMatchObject({ forSale: false, priceCents: null });
  });
  it('has no price when sold through the purchase URL only', () => {
    expect(offerOf({ ...base, price: null, purchaseUrl: 'https://x.example' })).toMatchObject({
      forSale: true,
      priceCents: null,
      purchaseUrl: 'https://x.example',
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import { browserScript, parseStripeForm } from './stripe-stand-in';

describe('Stripe stand-in', () => {
  it('reads Stripe’s form encoding into nested objects', () => {
    expect(
      parseStripeForm(
        'amount=1999&metadata[userId]=5&automatic_payment_methods[enabled]=true&automatic_payment_methods[allow_redirects]=never&expand[0]=customer',
      ),
    ).toEqual({
      amount: '1999',
      metadata: { userId: '5' },
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      expand: { 0: 'customer' },
    });
  });

  it('serves a browser script that defines window.Stripe with the calls the web uses', () => {
    const script = browserScript('http://127.0.0.1:4191');
    for (const call of ['createPaymentMethod', 'handleNextAction', 'confirmCardPayment', 'elements', 'createToken']) {
      expect(script).toContain(`StripeStandIn.prototype.${call} =`);
    }
    // The script is valid JavaScript.
    expect(() => new Function(script)).not.toThrow();
  });
});

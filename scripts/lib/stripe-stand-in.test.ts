import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { browserScript, parseStripeForm, STAND_IN_SECRET_KEY, startStripeStandIn } from './stripe-stand-in';

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

  it('gives browsers its public address when it differs from the listening one (docker-compose)', async () => {
    const standIn = await startStripeStandIn({ webhookSecret: 'whsec_x', publicUrl: 'http://localhost:4191/' });
    try {
      expect(standIn.url).toBe(`http://127.0.0.1:${standIn.port}`);
      expect(standIn.scriptUrl).toBe('http://localhost:4191/v3/stand-in.js');
      const script = await (await fetch(`${standIn.url}/v3/stand-in.js`)).text();
      expect(script).toContain('"http://localhost:4191"');
      const sdk = new Stripe(STAND_IN_SECRET_KEY, { host: '127.0.0.1', port: standIn.port, protocol: 'http' });
      const customer = await sdk.customers.create({ email: 'portal@example.com' });
      const portal = await sdk.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://x/' });
      expect(portal.url.startsWith('http://localhost:4191/portal/')).toBe(true);
    } finally {
      await standIn.stop();
    }
  });

  it('keeps its objects across a restart (npm start keeps them under the data directory)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stripe-stand-in-'));
    const stateFile = path.join(dir, 'stripe', 'state.json');
    try {
      const first = await startStripeStandIn({ webhookSecret: 'whsec_x', stateFile });
      const sdk = (port: number) => new Stripe(STAND_IN_SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http' });
      const customer = await sdk(first.port).customers.create({ email: 'kept@example.com' });
      await first.stop();
      const second = await startStripeStandIn({ webhookSecret: 'whsec_x', stateFile });
      try {
        const again = await sdk(second.port).customers.retrieve(customer.id);
        expect(again).toMatchObject({ id: customer.id, email: 'kept@example.com' });
        // New ids never repeat old ones.
        const other = await sdk(second.port).customers.create({ email: 'new@example.com' });
        expect(other.id).not.toBe(customer.id);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

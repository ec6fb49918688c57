/**
 * Receipts and links through the running stack: a purchase sends exactly one receipt
 * (item, amount, date, the card's last four digits, a link that opens it) even when Stripe delivers its webhooks
 * again; e-mailed links always use PUBLIC_URL, whatever address the person came from (docs/decisions.md "One e-mail
 * layout"); the billing portal's return follows a listed address, never a foreign one.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@rainmakers/kit/testing';
import Stripe from 'stripe';
import { createGatewaySession } from '../../scripts/lib/gateway-session';
import { listMail, readMail, stackInfo } from '../support/stack-client';
import { closeSystemResources, eventBusDrained, query, signUp } from '../support/system';

jest.setTimeout(120_000);

const port = () => new URL(stackInfo().gatewayUrl).port;
/** The other loopback address of this machine, listed in PUBLIC_URLS by the stack (scripts/lib/stack.ts). */
const otherAddress = () => `http://localhost:${port()}`;

/** A session that acts as a browser on `origin` (its Host and Origin), signed in as the person. */
async function sessionFrom(person: { email: string; password: string }, headers: Record<string, string>) {
  const session = createGatewaySession(stackInfo().gatewayUrl, { headers });
  await session.post('/api/auth/signin', { email: person.email, password: person.password });
  return session;
}

let resourceId: number;

beforeAll(async () => {
  const [resource] = await query<{ id: number }>(
    'resources',
    `INSERT INTO resources (title, description, type, visibility, url, price, hidden, published_at)
     VALUES ('Receipt test guide', 'A paid guide', 'Article', 'For Sale', null, '49.00', false, now() - interval '1 minute')
     RETURNING id`,
  );
  resourceId = resource?.id as number;
});

afterAll(closeSystemResources);

describe('receipt e-mail', () => {
  it('is sent once per purchase, with item, amount, date, card and a link on PUBLIC_URL', async () => {
    const buyer = await signUp('receipt-buyer');
    const session = await sessionFrom(buyer, { origin: otherAddress() });
    const since = new Date();
    const intent = await session.post<{ paymentIntentId: string; status: string }>(
      '/api/stripe/create-payment-intent',
      {
        userId: buyer.id,
        resourceId,
        paymentMethodId: 'pm_card_visa',
      },
    );
    expect(intent.status).toBe('succeeded');
    const mail = await readMail(buyer.email, { subject: 'Your receipt', since });
    expect(mail.subject).toBe('Your receipt: Receipt test guide');
    expect(mail.text).toContain('Item: Receipt test guide');
    expect(mail.text).toContain('Amount: $49.00');
    expect(mail.text).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(mail.text).toContain('Card: ending in 4242');
    // Bought on another listed address: the link still uses PUBLIC_URL.
    expect(mail.text).toContain(`Open it: ${stackInfo().publicUrl.replace(/\/$/, '')}/resources?id=${resourceId}`);

    // Stripe delivers the intent's events again (same ids), twice: nothing more is sent.
    const standIn = `http://127.0.0.1:${stackInfo().ports.stripe}`;
    for (let i = 0; i < 2; i += 1) {
      const answer = await fetch(`${standIn}/_stand-in/redeliver`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ objectId: intent.paymentIntentId }),
      });
      expect(((await answer.json()) as { redelivered: string[] }).redelivered.length).toBeGreaterThan(0);
    }
    await eventBusDrained(20_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const receipts = (await listMail(buyer.email)).filter((m) => m.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);
    const [row] = await query<{ n: string }>(
      'billing',
      'SELECT count(*) AS n FROM purchases WHERE payment_intent_id = $1',
      [intent.paymentIntentId],
    );
    expect(Number(row?.n)).toBe(1);
  });
});

describe('links follow an allowed address only', () => {
  it('a password reset link uses PUBLIC_URL, from a listed address and from a foreign one', async () => {
    const person = await signUp('links-person');
    const listed = createGatewaySession(stackInfo().gatewayUrl, {
      headers: { origin: otherAddress() },
    });
    let since = new Date();
    await listed.post('/api/auth/forgot-password', { email: person.email });
    const fromListed = await readMail(person.email, { subject: /password/i, since });
    expect(fromListed.text).toContain(`${stackInfo().publicUrl.replace(/\/$/, '')}/reset-password/`);

    // A foreign address (here as the Referer, the Origin a browser may leave out) is never used.
    const foreign = createGatewaySession(stackInfo().gatewayUrl, { headers: { referer: 'https://evil.example/x' } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    since = new Date();
    await foreign.post('/api/auth/forgot-password', { email: person.email });
    const fromForeign = await readMail(person.email, { subject: /password/i, since });
    expect(fromForeign.text).not.toContain('evil.example');
    expect(fromForeign.text).toContain(`${stackInfo().publicUrl.replace(/\/$/, '')}/reset-password/`);
  });

  it("the billing portal's return address follows the listed address, never a foreign one", async () => {
    const standIn = `http://127.0.0.1:${stackInfo().ports.stripe}`;
    const member = await signUp('portal-member');
    const stripe = new Stripe('sk_test_stand_in', {
      host: '127.0.0.1',
      port: stackInfo().ports.stripe,
      protocol: 'http',
    });
    const customer = await stripe.customers.create({ email: member.email, metadata: { userId: String(member.id) } });
    await fetch(`${standIn}/_stand-in/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer: customer.id, status: 'active' }),
    });
    await waitFor(
      async () => {
        const [row] = await query<{ customer_id: string }>(
          'billing',
          'SELECT customer_id FROM customers WHERE customer_id = $1 AND user_id = $2',
          [customer.id, member.id],
        );
        return row ?? null;
      },
      { what: "billing to know the member's customer" },
    );
    const returnUrlOf = async (headers: Record<string, string>) => {
      const session = await sessionFrom(member, headers);
      const opened = await session.post<{ url: string }>(`/api/stripe/create-customer-portal/${customer.id}`);
      const state = (await (await fetch(`${standIn}/_stand-in/state`)).json()) as {
        portalSessions: Record<string, { url: string; return_url: string | null }>;
      };
      return Object.values(state.portalSessions).find((s) => s.url === opened.url)?.return_url;
    };
    expect(await returnUrlOf({ origin: otherAddress() })).toBe(`${otherAddress()}/`);
    expect(await returnUrlOf({ referer: 'https://evil.example/' })).toBe(
      `${stackInfo().publicUrl.replace(/\/$/, '')}/`,
    );
  });
});

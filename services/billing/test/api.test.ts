/**
 * The signed-in side of /api/stripe: the customer portal (Fix), purchases (success, decline, 3-D Secure, a repeated
 * click, bad input), the sync with Stripe over several pages, and who may call what.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PaymentIntentAnswer, StripeSyncAnswer } from '@rainmakers/contracts';
import { sql } from '@rainmakers/kit';
import { ALL_ROLES, buildActor, waitFor } from '@rainmakers/kit/testing';
import { createSubscription, customerFor, type Harness, insertResource, startHarness } from './helpers';

describe('billing API', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  const intentsOf = async (userId: number, resourceId: number) => {
    const state = (await (await fetch(`${h.standIn.url}/_stand-in/state`)).json()) as {
      paymentIntents: Record<string, { metadata: Record<string, string>; status: string; amount: number }>;
    };
    return Object.values(state.paymentIntents).filter(
      (i) => i.metadata.userId === String(userId) && i.metadata.resourceId === String(resourceId),
    );
  };
  const purchasesOf = async (userId: number, resourceId: number) =>
    (await h.published('billing.purchase-completed')).filter(
      (e) => e.data.userId === userId && e.data.resourceId === resourceId,
    );

  describe('customer portal', () => {
    it('answers a portal url for the person’s own customer, and for any customer to an admin', async () => {
      const customer = await customerFor(h, h.actors.basic);
      const own = await h.api.post<{ url: string }>(h.actors.basic, `/api/stripe/create-customer-portal/${customer}`);
      expect(own.status).toBe(200);
      expect(own.body.url).toMatch(new RegExp(`^${h.standIn.url}/portal/bps_`));
      const page = await fetch(own.body.url);
      expect(await page.text()).toContain('Billing portal');
      const admin = await h.api.post<{ url: string }>(h.actors.admin, `/api/stripe/create-customer-portal/${customer}`);
      expect(admin.status).toBe(200);
    });

    it('hides someone else’s, unknown and malformed customer ids (404), refuses visitors (401)', async () => {
      const customer = await customerFor(h, h.actors.premium);
      for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
        const other = await h.api.post(
          h.actors[role === 'premium' ? 'basic' : role],
          `/api/stripe/create-customer-portal/${customer}`,
        );
        expect(other.status).toBe(404);
      }
      expect((await h.api.post(h.actors.admin, '/api/stripe/create-customer-portal/cus_unknown123')).status).toBe(404);
      expect((await h.api.post(h.actors.basic, '/api/stripe/create-customer-portal/cus_unknown123')).status).toBe(404);
      expect((await h.api.post(h.actors.admin, '/api/stripe/create-customer-portal/not-a-customer')).status).toBe(404);
      expect((await h.api.post(null, `/api/stripe/create-customer-portal/${customer}`)).status).toBe(401);
    });
  });

  describe('purchases', () => {
    const buy = (actor = h.actors.basic, body: Record<string, unknown> = {}) =>
      h.api.post<PaymentIntentAnswer & { error?: string; errors?: Record<string, string> }>(
        actor,
        '/api/stripe/create-payment-intent',
        { userId: actor.userId, paymentMethodId: 'pm_card_visa', ...body },
      );

    it('charges the price resources sets and publishes billing.purchase-completed once', async () => {
      const resourceId = await insertResource(h, { title: 'Sourcing Masterclass', price: '49.50' });
      const answer = await buy(h.actors.basic, { resourceId });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: 'succeeded', resourceId, clientSecret: null });
      const intents = await intentsOf(h.actors.basic.userId, resourceId);
      expect(intents.map((i) => [i.amount, i.status])).toEqual([[4950, 'succeeded']]);
      // The stand-in's payment_intent.succeeded webhook arrives too: still one purchase.
      await h.standIn.settled();
      const events = await purchasesOf(h.actors.basic.userId, resourceId);
      expect(events.map((e) => e.data)).toEqual([
        expect.objectContaining({
          paymentIntentId: answer.body.paymentIntentId,
          resourceTitle: 'Sourcing Masterclass',
          amountCents: 4950,
          currency: 'usd',
        }),
      ]);
      // Bought: a second purchase is refused.
      expect((await buy(h.actors.basic, { resourceId })).status).toBe(409);
    });

    it('a repeated click never charges twice', async () => {
      const resourceId = await insertResource(h, { price: '10.00' });
      const [a, b] = await Promise.all([buy(h.actors.coach, { resourceId }), buy(h.actors.coach, { resourceId })]);
      const ok = [a, b].filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of [a, b]) expect([200, 409]).toContain(r.status);
      expect(new Set(ok.map((r) => r.body.paymentIntentId)).size).toBe(1);
      expect(await intentsOf(h.actors.coach.userId, resourceId)).toHaveLength(1);
      await h.standIn.settled();
      expect(await purchasesOf(h.actors.coach.userId, resourceId)).toHaveLength(1);
    });

    it('two purchases of one resource at once (two tabs, two cards) charge once', async () => {
      const resourceId = await insertResource(h, { price: '12.00' });
      const answers = await Promise.all([
        buy(h.actors.admin, { resourceId, paymentMethodId: 'pm_card_visa' }),
        buy(h.actors.admin, { resourceId, paymentMethodId: 'pm_card_mastercard' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await intentsOf(h.actors.admin.userId, resourceId)).filter((i) => i.status === 'succeeded')).toHaveLength(
        1,
      );
      await h.standIn.settled();
      expect(await purchasesOf(h.actors.admin.userId, resourceId)).toHaveLength(1);
    });

    it('a declined card answers 400 with the card’s message; nothing is recorded as bought', async () => {
      const resourceId = await insertResource(h, { price: '10.00' });
      const answer = await buy(h.actors.premium, { resourceId, paymentMethodId: 'pm_card_chargeDeclined' });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('Your card was declined.');
      expect(answer.body.errors).toEqual({ paymentMethodId: 'Your card was declined.' });
      await h.standIn.settled();
      expect(await purchasesOf(h.actors.premium.userId, resourceId)).toEqual([]);
      // Another card then works.
      expect((await buy(h.actors.premium, { resourceId })).body.status).toBe('succeeded');
    });

    it('3-D Secure: requires_action with the client secret, then succeeded once authenticated', async () => {
      const resourceId = await insertResource(h, { price: '25.00' });
      const first = await buy(h.actors['course only'], {
        resourceId,
        paymentMethodId: 'pm_card_threeDSecure2Required',
      });
      expect(first.status).toBe(200);
      expect(first.body.status).toBe('requires_action');
      expect(first.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
      expect(await purchasesOf(h.actors['course only'].userId, resourceId)).toEqual([]);
      const check = `/api/stripe/payment-intent/${first.body.paymentIntentId}`;
      expect((await h.api.get<PaymentIntentAnswer>(h.actors['course only'], check)).body.status).toBe(
        'requires_action',
      );
      // What the browser's handleNextAction does with the stand-in's 3-D Secure page.
      const authenticated = await fetch(
        `${h.standIn.url}/browser/payment_intents/${first.body.paymentIntentId}/authenticate`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client_secret: first.body.clientSecret, outcome: 'complete' }),
        },
      );
      expect(authenticated.status).toBe(200);
      const after = await h.api.get<PaymentIntentAnswer>(h.actors['course only'], check);
      expect(after.body).toMatchObject({ status: 'succeeded', resourceId });
      await h.standIn.settled();
      expect(await purchasesOf(h.actors['course only'].userId, resourceId)).toHaveLength(1);
      // Somebody else's payment is hidden.
      expect((await h.api.get(h.actors.admin, check)).status).toBe(404);
      expect((await h.api.get(h.actors.basic, '/api/stripe/payment-intent/pi_unknown')).status).toBe(404);
    });

    it('refuses bad input with a clear 4xx and charges nothing', async () => {
      const forSale = await insertResource(h, { price: '10.00' });
      const free = await insertResource(h, { visibility: 'Free', price: null });
      const included = await insertResource(h, { visibility: 'Included with Premium', price: '5.00' });
      const hidden = await insertResource(h, { hidden: true });
      const external = await insertResource(h, { price: null, purchaseUrl: 'https://shop.example.com/x' });
      const actor = h.actors.basic;
      const cases: Array<[string, Record<string, unknown>, number, Record<string, string> | string]> = [
        [
          'someone else',
          { resourceId: forSale, userId: h.actors.premium.userId },
          403,
          'You can only buy resources for yourself',
        ],
        ['free', { resourceId: free }, 400, { resourceId: 'This resource is not for sale' }],
        ['included with premium', { resourceId: included }, 400, { resourceId: 'This resource is not for sale' }],
        ['hidden', { resourceId: hidden }, 400, { resourceId: 'This resource is not for sale' }],
        ['sold elsewhere', { resourceId: external }, 400, { resourceId: 'This resource is not for sale' }],
        ['unknown resource', { resourceId: 99_999_999 }, 404, ''],
        ['price from the client', { resourceId: forSale, price: 1 }, 400, { price: 'The price is set by the server' }],
        [
          'amount from the client',
          { resourceId: forSale, amount: 1 },
          400,
          { amount: 'The price is set by the server' },
        ],
        [
          'no payment method',
          { resourceId: forSale, paymentMethodId: undefined },
          400,
          { paymentMethodId: 'Please enter a card' },
        ],
        [
          'empty payment method',
          { resourceId: forSale, paymentMethodId: '' },
          400,
          { paymentMethodId: 'Please enter a card' },
        ],
        [
          'not a payment method',
          { resourceId: forSale, paymentMethodId: 'tok_visa' },
          400,
          { paymentMethodId: 'Not a payment method' },
        ],
        [
          'unknown payment method',
          { resourceId: forSale, paymentMethodId: 'pm_nope' },
          400,
          { paymentMethodId: 'Not a payment method' },
        ],
        ['text resource id', { resourceId: 'one' }, 400, ''],
      ];
      for (const [name, body, status, expected] of cases) {
        const answer = await buy(actor, body);
        expect({ name, status: answer.status }).toEqual({ name, status });
        if (typeof expected === 'string' && expected) expect(answer.body.error).toBe(expected);
        if (typeof expected === 'object') expect(answer.body.errors).toMatchObject(expected);
      }
      for (const id of [forSale, free, included, hidden, external]) {
        expect((await intentsOf(actor.userId, id)).filter((i) => i.status === 'succeeded')).toEqual([]);
      }
    });
  });

  describe('a closed account', () => {
    const customerGone = async (id: string) => (await h.stripe.customers.retrieve(id)).deleted === true;

    it('ends her membership at Stripe: the customer deleted, its subscription canceled; a redelivery is harmless', async () => {
      const person = buildActor('premium', { userId: 9_100 + Math.floor(Math.random() * 800) });
      const customer = await customerFor(h, person);
      const subscription = await createSubscription(h, customer, 'active', { sendEvent: false });
      await h.deliver('users.user-deleted', { id: person.userId });
      await waitFor(() => customerGone(customer), { what: 'her customer deleted at Stripe' });
      const state = (await (await fetch(`${h.standIn.url}/_stand-in/state`)).json()) as {
        subscriptions: Record<string, { status: string }>;
      };
      expect(state.subscriptions[subscription.id]?.status).toBe('canceled');
      // The same event again (a redelivery): her customer is already gone, which counts as done, and the next
      // deletion behind it is handled.
      await h.deliver('users.user-deleted', { id: person.userId });
      const next = buildActor('basic', { userId: person.userId + 1 });
      const nextCustomer = await customerFor(h, next);
      await h.deliver('users.user-deleted', { id: next.userId });
      await waitFor(() => customerGone(nextCustomer), { what: 'the next deletion handled' });
    });
  });

  describe('sync with Stripe', () => {
    it('pages through every subscription and reconciles each customer (admins)', async () => {
      const customers: string[] = [];
      const statuses = ['active', 'past_due', 'unpaid', 'canceled', 'active', 'trialing', 'incomplete'];
      for (const [i, status] of statuses.entries()) {
        const actor = { ...h.actors.basic, userId: 9000 + i };
        const customer = await customerFor(h, actor, { link: false });
        await createSubscription(h, customer, status, { sendEvent: false });
        customers.push(customer);
      }
      // One customer with two subscriptions: the running one counts.
      await createSubscription(h, customers[3] as string, 'active', { sendEvent: false });

      const started = await h.api.post<StripeSyncAnswer>(h.actors.admin, '/api/stripe/sync?pageSize=3');
      expect(started.status).toBe(202);
      const jobId = started.body.data.jobId;
      const done = await waitFor(async () => {
        const answer = await h.api.get<StripeSyncAnswer>(h.actors.admin, `/api/stripe/sync/${jobId}`);
        return answer.body.data.state === 'completed' ? answer.body.data : null;
      });
      expect(done.summary.done).toBe(true);
      expect(done.summary.subscriptions).toBeGreaterThanOrEqual(8);
      expect(done.summary.pages).toBeGreaterThanOrEqual(3);
      expect(done.summary.customers).toBeGreaterThanOrEqual(7);
      expect(done.summary.changed).toBeGreaterThanOrEqual(7);
      const published = await h.published('billing.subscription-changed');
      const last = (customer: string) => published.filter((e) => e.data.stripeCustomerId === customer).at(-1)?.data;
      expect(customers.map((c) => last(c)?.status)).toEqual([
        'active',
        'past_due',
        'unpaid',
        'active',
        'active',
        'trialing',
        'incomplete',
      ]);
      expect(last(customers[1] as string)?.userId).toBe(9001);
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers WHERE status_known`.execute(
        h.billing.database.db,
      );
      expect(rows.rows[0]?.n).toBeGreaterThanOrEqual(7);
      // The job table (users) hears of the run as it is queued, as it starts, after every page, and as it ends,
      // with who asked and the counts; the start's answer names where its status is.
      expect(started.body.data.statusUrl).toBe(`/api/user/jobs/stripe-sync:${jobId}`);
      const recorded = (await h.published('billing.sync-recorded')).filter((e) => e.data.jobId === String(jobId));
      const states = recorded.map((e) => e.data.state);
      expect(states[0]).toBe('queued');
      expect(states.at(-1)).toBe('completed');
      expect(states.slice(1, -1)).toEqual(Array.from({ length: states.length - 2 }, () => 'running'));
      // The start, then one after each of the (at least 3) pages.
      expect(states.length - 2).toBeGreaterThanOrEqual(1 + done.summary.pages);
      const pagesSeen = recorded.map((e) => Number(e.data.counts.pages));
      expect(pagesSeen).toEqual([...pagesSeen].sort((a, b) => a - b));
      expect(recorded.at(-1)?.data).toMatchObject({
        actorId: h.actors.admin.userId,
        counts: { pages: done.summary.pages, customers: done.summary.customers, changed: done.summary.changed },
      });
      expect(Date.parse(recorded.at(-1)?.data.finishedAt ?? '')).not.toBeNaN();

      // A second run changes nothing.
      const again = await h.api.post<StripeSyncAnswer>(h.actors.admin, '/api/stripe/sync');
      const second = await waitFor(async () => {
        const answer = await h.api.get<StripeSyncAnswer>(h.actors.admin, `/api/stripe/sync/${again.body.data.jobId}`);
        return answer.body.data.state === 'completed' ? answer.body.data : null;
      });
      expect(second.summary.changed).toBe(0);
    });

    it('an unknown job is 404', async () => {
      expect((await h.api.get(h.actors.admin, '/api/stripe/sync/999999')).status).toBe(404);
      expect((await h.api.get(h.actors.admin, '/api/stripe/sync/bad id')).status).toBe(404);
    });
  });

  describe('authorization matrix', () => {
    it.each(ALL_ROLES)('%s', async (role) => {
      const actor = h.actors[role];
      const admin = role === 'admin';
      expect((await h.api.post(actor, '/api/stripe/sync')).status).toBe(admin ? 202 : 403);
      expect((await h.api.get(actor, '/api/stripe/sync/999999')).status).toBe(admin ? 404 : 403);
      expect((await h.api.get(actor, '/api/stripe/config')).status).toBe(200);
      const own = await customerFor(h, actor);
      expect((await h.api.post(actor, `/api/stripe/create-customer-portal/${own}`)).status).toBe(200);
      const someone = { ...actor, userId: actor.userId + 100_000 };
      const other = await customerFor(h, someone);
      expect((await h.api.post(actor, `/api/stripe/create-customer-portal/${other}`)).status).toBe(admin ? 200 : 404);
      const resourceId = await insertResource(h, { price: '3.00' });
      const forOther = await h.api.post(actor, '/api/stripe/create-payment-intent', {
        userId: someone.userId,
        resourceId,
        paymentMethodId: 'pm_card_visa',
      });
      expect(forOther.status).toBe(403);
    });

    it('anonymous: every signed-in call is 401, the webhook needs only its signature', async () => {
      for (const [method, path] of [
        ['POST', '/api/stripe/sync'],
        ['GET', '/api/stripe/sync/1'],
        ['GET', '/api/stripe/config'],
        ['POST', '/api/stripe/create-customer-portal/cus_1'],
        ['POST', '/api/stripe/create-payment-intent'],
        ['GET', '/api/stripe/payment-intent/pi_1'],
      ] as const) {
        const status = (await h.api.call(null, method, path, method === 'GET' ? undefined : {})).status;
        expect({ path, status }).toEqual({ path, status: 401 });
      }
      expect((await h.api.call(null, 'POST', '/api/stripe/webhook', {})).status).toBe(400);
    });
  });
});

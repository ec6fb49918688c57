/** POST /api/stripe/webhook: signatures over the raw body, each event once, the current subscription over order. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from '@rainmakers/kit';
import { eventually, waitFor } from '@rainmakers/kit/testing';
import {
  createSubscription,
  customerFor,
  eventBody,
  type Harness,
  setSubscriptionStatus,
  startHarness,
} from './helpers';

describe('stripe webhook', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  const recorded = async (id: string) =>
    (await sql<{ id: string }>`SELECT id FROM stripe_events WHERE id = ${id}`.execute(h.billing.database.db)).rows
      .length;
  const statusesOf = async (customer: string) =>
    (await h.published('billing.subscription-changed'))
      .filter((e) => e.data.stripeCustomerId === customer)
      .map((e) => e.data.status);

  it('a signed subscription event publishes the status Stripe holds, for the person tied to the customer', async () => {
    const customer = await customerFor(h, h.actors.premium);
    const subscription = await createSubscription(h, customer, 'active', { sendEvent: false });
    const status = await h.webhook(
      eventBody('customer.subscription.updated', { id: subscription.id, object: 'subscription', customer }),
    );
    expect(status).toBe(200);
    const events = (await h.published('billing.subscription-changed')).filter(
      (e) => e.data.stripeCustomerId === customer,
    );
    expect(events.map((e) => e.data)).toEqual([
      {
        userId: h.actors.premium.userId,
        stripeCustomerId: customer,
        subscriptionId: subscription.id,
        status: 'active',
        monthlyAmountCents: 9700,
        currency: 'usd',
      },
    ]);
  });

  it('the stand-in delivers signed webhooks the way Stripe does: past_due, then paid', async () => {
    const customer = await customerFor(h, h.actors.basic);
    const subscription = await createSubscription(h, customer, 'active');
    await setSubscriptionStatus(h, subscription.id, 'past_due');
    await eventually(async () => expect((await statusesOf(customer)).at(-1)).toBe('past_due'));
    await setSubscriptionStatus(h, subscription.id, 'active');
    await eventually(async () => expect((await statusesOf(customer)).at(-1)).toBe('active'));
    expect(h.standIn.deliveries.filter((d) => d.status !== 200)).toEqual([]);
  });

  it('refuses a bad, tampered, stale or missing signature with 400 and records nothing', async () => {
    const customer = await customerFor(h, h.actors.coach);
    const before = await statusesOf(customer);
    const id = 'evt_bad_signature_1';
    const body = eventBody('customer.subscription.updated', { id: 'sub_x', customer }, id);
    expect(await h.webhook(body, { secret: 'whsec_someone_else' })).toBe(400);
    expect(await h.webhook(body, { signature: null })).toBe(400);
    expect(await h.webhook(body, { signature: 't=1,v1=deadbeef' })).toBe(400);
    expect(await h.webhook(body, { timestamp: Math.floor(Date.now() / 1000) - 600 })).toBe(400);
    // Signed, then changed on the way.
    const signed = new (await import('stripe')).default('sk_test_x').webhooks.generateTestHeaderString({
      payload: body,
      secret: h.webhookSecret,
    });
    expect(await h.webhook(body.replace('customer.subscription.updated', 'invoice.paid'), { signature: signed })).toBe(
      400,
    );
    expect(await recorded(id)).toBe(0);
    expect(await statusesOf(customer)).toEqual(before);
    // The same body, properly signed, is then accepted: nothing was remembered from the refusals.
    expect(await h.webhook(body)).toBe(200);
    expect(await recorded(id)).toBe(1);
  });

  it('applies a replayed event once', async () => {
    const customer = await customerFor(h, h.actors['course only']);
    await createSubscription(h, customer, 'past_due', { sendEvent: false });
    const body = eventBody('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer }, 'evt_replayed_1');
    const answers = await Promise.all([h.webhook(body), h.webhook(body)]);
    expect(answers).toEqual([200, 200]);
    expect(await h.webhook(body)).toBe(200);
    expect(await statusesOf(customer)).toEqual(['past_due']);
    expect(await recorded('evt_replayed_1')).toBe(1);
  });

  it('out of order: a late past_due event after the payment still publishes the current active status', async () => {
    const customer = await customerFor(h, h.actors.admin);
    const subscription = await createSubscription(h, customer, 'active', { sendEvent: false });
    // Stripe's events, delivered newest first: the one saying active, then the older one saying past_due.
    const newer = eventBody('customer.subscription.updated', { id: subscription.id, customer, status: 'active' });
    const older = eventBody('customer.subscription.updated', { id: subscription.id, customer, status: 'past_due' });
    expect(await h.webhook(newer)).toBe(200);
    expect(await h.webhook(older)).toBe(200);
    expect(await statusesOf(customer)).toEqual(['active', 'active']);
  });

  it('events of one customer arriving together are reconciled one after the other: the last word is Stripe’s now', async () => {
    const customer = await customerFor(h, h.actors.basic);
    const subscription = await createSubscription(h, customer, 'past_due', { sendEvent: false });
    const control = (path: string, body?: unknown) =>
      fetch(`${h.standIn.url}/_stand-in/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then((r) => r.json() as Promise<{ answered?: string[] }>);
    const listsSoFar = async () =>
      ((await control('answered')).answered ?? []).filter((c) => c === 'GET /v1/subscriptions').length;
    const before = await listsSoFar();
    // The first event's read of Stripe (past_due) reaches billing late...
    await control('slow', { path: '/v1/subscriptions', ms: 700 });
    const first = h.webhook(eventBody('invoice.payment_failed', { id: 'in_late', customer }));
    await waitFor(async () => ((await listsSoFar()) > before ? true : null));
    // ...while the payment goes through and its event arrives: its read says active.
    await setSubscriptionStatus(h, subscription.id, 'active', { sendEvent: false });
    const second = h.webhook(eventBody('invoice.paid', { id: 'in_late', customer }));
    expect(await Promise.all([first, second])).toEqual([200, 200]);
    expect(await statusesOf(customer)).toEqual(['past_due', 'active']);
  });

  it('acknowledges events about objects Stripe does not know with 2xx, records them once', async () => {
    const unknownIntent = eventBody(
      'payment_intent.succeeded',
      { id: 'pi_does_not_exist', object: 'payment_intent' },
      'evt_unknown_intent',
    );
    const emptyIntent = eventBody('payment_intent.succeeded', {}, 'evt_empty_intent');
    const unknownCustomer = eventBody(
      'customer.subscription.deleted',
      { id: 'sub_does_not_exist', object: 'subscription', customer: 'cus_does_not_exist' },
      'evt_unknown_customer',
    );
    for (const [body, id] of [
      [unknownIntent, 'evt_unknown_intent'],
      [emptyIntent, 'evt_empty_intent'],
      [unknownCustomer, 'evt_unknown_customer'],
    ] as const) {
      const first = await h.webhook(body);
      expect([id, first]).toEqual([id, 200]);
      expect(await recorded(id)).toBe(1);
      // Stripe's redelivery is answered the same way, and nothing is published for it.
      expect(await h.webhook(body)).toBe(200);
    }
    expect(
      (await h.published('billing.subscription-changed')).filter(
        (e) => e.data.stripeCustomerId === 'cus_does_not_exist',
      ),
    ).toEqual([]);
    expect(
      (await h.published('billing.purchase-completed')).filter((e) => e.data.paymentIntentId === 'pi_does_not_exist'),
    ).toEqual([]);
  });

  it('refuses a signature timestamped more than 5 minutes ahead, and accepts a little clock skew', async () => {
    const customer = await customerFor(h, h.actors.admin);
    const id = 'evt_from_the_future';
    const body = eventBody('customer.subscription.updated', { id: 'sub_future', customer }, id);
    const now = Math.floor(Date.now() / 1000);
    expect(await h.webhook(body, { timestamp: now + 600 })).toBe(400);
    expect(await h.webhook(body, { timestamp: now + 3600 * 24 * 365 })).toBe(400);
    expect(await recorded(id)).toBe(0);
    expect(await h.webhook(body, { timestamp: now + 60 })).toBe(200);
    expect(await recorded(id)).toBe(1);
  });

  it('records events it has nothing to do for, and answers them once', async () => {
    const body = eventBody('charge.refunded', { id: 'ch_1', object: 'charge' }, 'evt_ignored_1');
    expect(await h.webhook(body)).toBe(200);
    expect(await h.webhook(body)).toBe(200);
    expect(await recorded('evt_ignored_1')).toBe(1);
  });

  it('a customer billing has no person for is published with the userId from its Stripe metadata', async () => {
    const customer = await customerFor(h, h.actors.premium, { link: false });
    // customerFor gave the customer metadata userId of the premium actor but did not tell billing through users.
    await createSubscription(h, customer, 'unpaid', { sendEvent: false });
    expect(await h.webhook(eventBody('customer.subscription.created', { id: 'sub', customer }))).toBe(200);
    const events = (await h.published('billing.subscription-changed')).filter(
      (e) => e.data.stripeCustomerId === customer,
    );
    expect(events.map((e) => [e.data.userId, e.data.status])).toEqual([[h.actors.premium.userId, 'unpaid']]);
  });
});

/** What users takes from billing: a person's subscription status and the resources they bought. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventData, User } from '@rainmakers/contracts';
import { createLogger, createRedis, EventConsumer, RedisStreamsTransport } from '@rainmakers/kit';
import { createTestRedis, testInfra, waitFor } from '@rainmakers/kit/testing';
import { createUser, type Harness, startHarness } from './helpers';

describe('billing events', () => {
  let h: Harness;
  let listener: EventConsumer;
  const changes: Array<EventData<'users.user-changed'>> = [];
  const { redis } = createTestRedis();
  const busRedis = createRedis(testInfra().redisUrl, 'users-billing-test');
  let transport: RedisStreamsTransport;

  beforeAll(async () => {
    h = await startHarness();
    transport = new RedisStreamsTransport({ redis: busRedis, prefix: h.users.redisPrefix });
    listener = new EventConsumer({
      redis,
      prefix: h.users.redisPrefix,
      group: 'users-billing-test-listener',
      logger: createLogger('test', 'silent'),
      blockMs: 100,
      handlers: {
        'users.user-changed': (data) => {
          changes.push(data);
        },
      },
    });
    await listener.start();
  });
  afterAll(async () => {
    await listener.stop();
    await transport.close();
    await busRedis.quit();
    await h.stop();
    await redis.quit();
  });

  const deliver = async <T extends 'billing.subscription-changed' | 'billing.purchase-completed'>(
    type: T,
    data: EventData<T>,
    id = randomUUID(),
  ) => {
    await transport.append([{ id, type, occurredAt: new Date().toISOString(), data }]);
    return id;
  };
  const read = async (id: number) => (await h.api.get<{ user: User }>(h.admin, `/api/user/${id}`)).body.user;

  it('stores the status and customer id, by userId or else by customer id, and tells the gateway', async () => {
    const person = await createUser(h, { fullName: 'Pay Late' });
    await deliver('billing.subscription-changed', {
      userId: person.id,
      stripeCustomerId: 'cus_paylate',
      subscriptionId: 'sub_1',
      status: 'past_due',
    });
    await waitFor(async () => ((await read(person.id)).stripeStatus === 'past_due' ? true : null));
    expect((await read(person.id)).stripeCustomerId).toBe('cus_paylate');
    await waitFor(() => changes.find((c) => c.id === person.id && c.stripeStatus === 'past_due') ?? null);

    // No userId (a customer billing could not tie): matched by the customer id users holds.
    await deliver('billing.subscription-changed', {
      userId: null,
      stripeCustomerId: 'cus_paylate',
      subscriptionId: 'sub_1',
      status: 'active',
    });
    await waitFor(async () => ((await read(person.id)).stripeStatus === 'active' ? true : null));
    await waitFor(() => changes.find((c) => c.id === person.id && c.stripeStatus === 'active') ?? null);
  });

  it('applies a redelivered event once and leaves an unchanged person alone', async () => {
    const person = await createUser(h, { fullName: 'Steady Payer' });
    const data = { userId: person.id, stripeCustomerId: 'cus_steady', subscriptionId: 'sub_2', status: 'active' };
    const id = await deliver('billing.subscription-changed', data);
    await waitFor(async () => ((await read(person.id)).stripeStatus === 'active' ? true : null));
    await deliver('billing.subscription-changed', data, id);
    await deliver('billing.subscription-changed', data);
    const marker = await createUser(h, { fullName: 'Marker' });
    await deliver('billing.subscription-changed', { ...data, userId: marker.id, stripeCustomerId: 'cus_marker' });
    await waitFor(() => changes.find((c) => c.id === marker.id && c.stripeStatus === 'active') ?? null);
    expect(changes.filter((c) => c.id === person.id && c.stripeStatus === 'active')).toHaveLength(1);
  });

  it('adds a bought resource to the person’s Resources once', async () => {
    const person = await createUser(h, { fullName: 'Buyer' });
    const purchase = {
      paymentIntentId: 'pi_1',
      userId: person.id,
      resourceId: 77,
      resourceTitle: 'Supplier List',
      amountCents: 1999,
      currency: 'usd',
      purchasedAt: new Date().toISOString(),
    };
    await deliver('billing.purchase-completed', purchase);
    await deliver('billing.purchase-completed', purchase);
    await waitFor(async () => ((await read(person.id)).Resources.length > 0 ? true : null));
    expect((await read(person.id)).Resources).toEqual([{ id: 77, title: 'Supplier List' }]);
    await waitFor(() => changes.find((c) => c.id === person.id && c.resources.length === 1) ?? null);
  });
});

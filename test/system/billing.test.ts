/**
 * Billing over the running stack: the local Stripe stand-in sends signed webhooks through the gateway to billing,
 * billing publishes billing.subscription-changed, users updates the person and publishes users.user-changed, and
 * the gateway blocks (402 SUBSCRIPTION_BLOCKED) or lets the person back in. Also: a users process killed while the
 * event waits for it loses nothing, and a purchase makes the resource the buyer's.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import type { EventData } from '@rainmakers/contracts';
import { SUBSCRIPTION_BLOCKED } from '@rainmakers/contracts';
import { eventStreamKey } from '@rainmakers/kit';
import { waitFor } from '@rainmakers/kit/testing';
import Stripe from 'stripe';
import { pidListeningOn, processState } from '../support/processes';
import { type GatewaySession, stackInfo } from '../support/stack-client';
import { closeSystemResources, eventBusDrained, query, redis, signUp } from '../support/system';

jest.setTimeout(90_000);

const standInUrl = () => `http://127.0.0.1:${stackInfo().ports.stripe}`;
const stripe = () => {
  const url = new URL(standInUrl());
  return new Stripe('sk_test_stand_in', { host: url.hostname, port: url.port, protocol: 'http' });
};

async function control(path: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const response = await fetch(`${standInUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

/** A member with a stand-in customer and an active subscription, as billing and users know them. */
async function subscribedMember(label: string) {
  const member = await signUp(label);
  const customer = await stripe().customers.create({ email: member.email, metadata: { userId: String(member.id) } });
  const subscription = await control('/_stand-in/subscriptions', { customer: customer.id, status: 'active' });
  await waitFor(async () => {
    const [row] = await query<{ stripe_status: string | null; stripe_customer_id: string | null }>(
      'users',
      'SELECT stripe_status, stripe_customer_id FROM users WHERE id = $1',
      [member.id],
    );
    return row?.stripe_status === 'active' && row.stripe_customer_id === customer.id ? row : null;
  });
  return { ...member, customerId: customer.id, subscriptionId: subscription.id };
}

const ownRecord = (member: { session: GatewaySession; id: number }) =>
  member.session.request('GET', `/api/user/${member.id}`);

/** Polls the member's own record every 20 ms; resolves with the time it took to answer `status`. */
async function msUntil(member: { session: GatewaySession; id: number }, status: number, since: number) {
  await waitFor(async () => ((await ownRecord(member)).status === status ? true : null), {
    intervalMs: 20,
    what: `GET /api/user/${member.id} to answer ${status}`,
  });
  return Date.now() - since;
}

afterAll(async () => {
  await closeSystemResources();
});

describe('subscription status from Stripe webhooks', () => {
  it('a signed customer.subscription.updated to past_due makes the next call 402; active lifts it, within a second', async () => {
    const member = await subscribedMember('webhook-blocked');
    expect((await ownRecord(member)).status).toBe(200);

    // Timed from a quiet bus: the seconds an earlier file's burst of events takes to drain are not this path's.
    await eventBusDrained();
    // The stand-in answers once its signed webhook has been delivered (through the gateway) and answered by billing.
    const blockedAt = Date.now();
    await control(`/_stand-in/subscriptions/${member.subscriptionId}`, { status: 'past_due' });
    const toBlock = await msUntil(member, 402, blockedAt);
    const blocked = await ownRecord(member);
    expect(blocked.body).toMatchObject({ code: SUBSCRIPTION_BLOCKED });
    // The session check and the portal stay open to a blocked person.
    expect((await member.session.request('GET', '/api/auth/me')).status).toBe(200);
    const portal = await member.session.request<{ url: string }>(
      'POST',
      `/api/stripe/create-customer-portal/${member.customerId}`,
    );
    expect(portal.status).toBe(200);
    expect(portal.body.url).toContain('/portal/');

    const paidAt = Date.now();
    await control(`/_stand-in/subscriptions/${member.subscriptionId}`, { status: 'active' });
    const toUnblock = await msUntil(member, 200, paidAt);
    console.log(`gateway learned: blocked after ${toBlock} ms, unblocked after ${toUnblock} ms`);
    expect(toBlock).toBeLessThan(1000);
    expect(toUnblock).toBeLessThan(1000);
  });

  it('paying the open invoice in the stand-in portal lets a blocked member back in', async () => {
    const member = await subscribedMember('portal-payer');
    await control(`/_stand-in/subscriptions/${member.subscriptionId}`, { status: 'past_due' });
    await msUntil(member, 402, Date.now());
    const { url } = (
      await member.session.request<{ url: string }>('POST', `/api/stripe/create-customer-portal/${member.customerId}`)
    ).body;
    const page = await (await fetch(url)).text();
    const action = /action="([^"]+\/pay\/[^"]+)"/.exec(page)?.[1];
    expect(action).toBeDefined();
    const paid = await fetch(new URL(action as string, url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await msUntil(member, 200, Date.now());
  });

  it('a SIGKILLed users process between the webhook and the users update loses nothing', async () => {
    const member = await subscribedMember('killed-consumer');
    const usersPort = stackInfo().ports.users;
    const pid = await pidListeningOn(usersPort);
    // users cannot consume while stopped: the webhook is accepted and billing's event waits on the stream.
    process.kill(pid, 'SIGSTOP');
    try {
      // The signal is delivered asynchronously: the state reads 'R' for a moment after kill() returns.
      await waitFor(async () => ((await processState(pid)) === 'T' ? true : null), { what: 'users stopped' });
      await control(`/_stand-in/subscriptions/${member.subscriptionId}`, { status: 'unpaid' });
      const key = eventStreamKey(stackInfo().redisPrefix, 'billing.subscription-changed');
      await waitFor(async () => {
        const entries = await redis().xrevrange(key, '+', '-', 'COUNT', 50);
        return entries.some(([, fields]) => {
          const envelope = JSON.parse(fields[fields.indexOf('envelope') + 1] ?? '{}') as {
            data: EventData<'billing.subscription-changed'>;
          };
          return envelope.data.userId === member.id && envelope.data.status === 'unpaid';
        })
          ? true
          : null;
      });
      const [before] = await query<{ stripe_status: string }>(
        'users',
        'SELECT stripe_status FROM users WHERE id = $1',
        [member.id],
      );
      expect(before?.stripe_status).toBe('active');
    } finally {
      process.kill(pid, 'SIGKILL');
    }
    // The stack restarts users; the pending event is delivered to the new process and applied once.
    await waitFor(async () => {
      const next = await pidListeningOn(usersPort).catch(() => undefined);
      return next !== undefined && next !== pid ? next : null;
    });
    await waitFor(async () => {
      const [row] = await query<{ stripe_status: string }>('users', 'SELECT stripe_status FROM users WHERE id = $1', [
        member.id,
      ]);
      return row?.stripe_status === 'unpaid' ? true : null;
    });
    await msUntil(member, 402, Date.now());
    // Let the member back in for whoever runs after.
    await control(`/_stand-in/subscriptions/${member.subscriptionId}`, { status: 'active' });
    await msUntil(member, 200, Date.now());
  });
});

describe('purchases through the stand-in', () => {
  it('a purchase makes the resource the buyer’s: in their Resources, not in anyone else’s', async () => {
    const [resource] = await query<{ id: number; title: string }>(
      'resources',
      `INSERT INTO resources (title, description, type, visibility, url, price, hidden, published_at)
       VALUES ('System test upgrade', 'Paid upgrade', 'Link', 'For Sale', 'https://example.com/upgrade', '12.00', false,
         now() - interval '1 minute')
       RETURNING id, title`,
    );
    const id = resource?.id as number;
    const buyer = await signUp('buyer');
    const other = await signUp('not-buyer');
    const answer = await buyer.session.post<{ status: string }>('/api/stripe/create-payment-intent', {
      userId: buyer.id,
      resourceId: id,
      paymentMethodId: 'pm_card_visa',
    });
    expect(answer.status).toBe('succeeded');
    await waitFor(async () => {
      const me = await buyer.session.get<{ currentUser: { Resources: Array<{ id: number }> } }>('/api/auth/me');
      return me.currentUser.Resources.some((r) => r.id === id) ? true : null;
    });
    const otherMe = await other.session.get<{ currentUser: { Resources: Array<{ id: number }> } }>('/api/auth/me');
    expect(otherMe.currentUser.Resources.some((r) => r.id === id)).toBe(false);
    // Someone else's purchase on their behalf is refused.
    const forOther = await other.session.request('POST', '/api/stripe/create-payment-intent', {
      userId: buyer.id,
      resourceId: id,
      paymentMethodId: 'pm_card_visa',
    });
    expect(forOther.status).toBe(403);
  });
});

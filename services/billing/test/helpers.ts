/**
 * The billing service under test with what it talks to, all real: the Stripe stand-in the project runs (the SDK
 * points at it; the same component `npm start` uses), the real resources service (its offer endpoint), Redis
 * streams to read billing's events from and to deliver users' events to billing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Actor, EventData, EventEnvelope, EventType, Role } from '@rainmakers/contracts';
import { createRedis, eventStreamKey, RedisStreamsTransport, sql } from '@rainmakers/kit';
import { buildActor, client, testInfra, userChangedEvent, waitFor } from '@rainmakers/kit/testing';
import { type StartedResources, startForTest as startResources } from '@rainmakers/resources/testing';
import Stripe from 'stripe';
import { type StripeStandIn, startStripeStandIn } from '../../../scripts/lib/stripe-stand-in';
import { type RunningBilling, startForTest } from '../src/testing';

export interface Harness {
  billing: RunningBilling;
  resources: StartedResources;
  standIn: StripeStandIn;
  /** The SDK on the stand-in, as billing uses it (to create customers, read state). */
  stripe: Stripe;
  api: ReturnType<typeof client>;
  actors: Record<Role, Actor>;
  webhookSecret: string;
  /** Appends an event to the bus billing consumes (as users' relay would). */
  deliver<T extends EventType>(type: T, data: EventData<T>): Promise<void>;
  /** billing's published events of a type so far (after flushing its outbox). */
  published<T extends EventType>(type: T): Promise<Array<EventEnvelope<EventData<T>>>>;
  /** Posts a webhook body to billing, signed with the endpoint secret (or with `secret`, or not at all). */
  webhook(
    payload: string,
    options?: { secret?: string; timestamp?: number; signature?: string | null },
  ): Promise<number>;
  stop(): Promise<void>;
}

let nextUser = 5000;

export async function startHarness(): Promise<Harness> {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const standIn = await startStripeStandIn({ webhookSecret, maxRetries: 0 });
  const resources = await startResources();
  const billing = await startForTest({
    stripeApiUrl: standIn.url,
    webhookSecret,
    resourcesAddr: resources.url,
  });
  standIn.setWebhookUrl(`${billing.url}/api/stripe/webhook`);
  const redis = createRedis(testInfra().redisUrl, 'billing-test-bus');
  const transport = new RedisStreamsTransport({ redis, prefix: billing.redisPrefix });
  const stripe = new Stripe('sk_test_stand_in', { host: standIn.host, port: standIn.port, protocol: 'http' });
  const actors = Object.fromEntries(
    (['admin', 'coach', 'premium', 'course only', 'basic'] as const).map((role) => [
      role,
      buildActor(role, { userId: nextUser++ }),
    ]),
  ) as Record<Role, Actor>;
  const signer = new Stripe('sk_test_x');
  return {
    billing,
    resources,
    standIn,
    stripe,
    api: client(billing.url),
    actors,
    webhookSecret,
    async deliver(type, data) {
      await transport.append([{ id: randomUUID(), type, occurredAt: new Date().toISOString(), data }]);
    },
    async published(type) {
      await billing.flushEvents();
      const entries = (await redis.xrange(eventStreamKey(billing.redisPrefix, type), '-', '+')) as Array<
        [string, string[]]
      >;
      return entries.map(([, fields]) => {
        const index = fields.indexOf('envelope');
        return JSON.parse(fields[index + 1] ?? fields[1] ?? '{}');
      });
    },
    async webhook(payload, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.signature !== null) {
        headers['stripe-signature'] =
          options.signature ??
          signer.webhooks.generateTestHeaderString({
            payload,
            secret: options.secret ?? webhookSecret,
            ...(options.timestamp ? { timestamp: options.timestamp } : {}),
          });
      }
      const response = await fetch(`${billing.url}/api/stripe/webhook`, { method: 'POST', headers, body: payload });
      await response.arrayBuffer();
      return response.status;
    },
    async stop() {
      await transport.close();
      await redis.quit();
      await billing.stop();
      await resources.stop();
      await standIn.stop();
    },
  };
}

/** A customer in the stand-in tied to `userId` (as users tells billing, through users.user-changed). */
export async function customerFor(h: Harness, actor: Actor, options: { link?: boolean } = {}): Promise<string> {
  const customer = await h.stripe.customers.create({
    email: `u${actor.userId}@example.com`,
    metadata: { userId: String(actor.userId) },
  });
  if (options.link !== false) {
    await h.deliver(
      'users.user-changed',
      userChangedEvent({
        id: actor.userId,
        email: `u${actor.userId}@example.com`,
        fullName: 'Test Person',
        role: actor.role,
        stripeCustomerId: customer.id,
        version: Date.now(),
      }),
    );
    await waitFor(async () => {
      const rows = await sql<{
        user_id: number;
      }>`SELECT user_id FROM customers WHERE customer_id = ${customer.id}`.execute(h.billing.database.db);
      return rows.rows[0]?.user_id === actor.userId ? true : null;
    });
  }
  return customer.id;
}

/** A subscription made in the stand-in (its control call); sends its webhooks unless `sendEvent` is false. */
export async function createSubscription(
  h: Harness,
  customer: string,
  status: string,
  options: { sendEvent?: boolean; created?: number } = {},
): Promise<{ id: string }> {
  const response = await fetch(`${h.standIn.url}/_stand-in/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer, status, ...options }),
  });
  return (await response.json()) as { id: string };
}

export async function setSubscriptionStatus(
  h: Harness,
  id: string,
  status: string,
  options: { sendEvent?: boolean } = {},
): Promise<void> {
  const response = await fetch(`${h.standIn.url}/_stand-in/subscriptions/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status, ...options }),
  });
  await response.arrayBuffer();
}

/** A resource written straight into the resources service's table. */
export async function insertResource(
  h: Harness,
  seed: { title?: string; visibility?: string; price?: string | null; hidden?: boolean; purchaseUrl?: string | null },
): Promise<number> {
  const title = seed.title ?? `Resource ${randomUUID().slice(0, 8)}`;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO resources (title, description, cover_photo_url, type, visibility, content, url, purchase_url, price,
      hidden, published_at)
    VALUES (${title}, 'A resource', NULL, 'Link', ${seed.visibility ?? 'For Sale'}, NULL, 'https://example.com/r',
      ${seed.purchaseUrl ?? null}, ${seed.price === undefined ? '19.99' : seed.price}, ${seed.hidden ?? false},
      now() - interval '1 minute')
    RETURNING id`.execute(h.resources.database.db);
  return rows[0]?.id as number;
}

/** A Stripe event body as Stripe sends it. */
export function eventBody(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** The resources service under test, callers for every role, and rows written straight into its tables. */
import { randomUUID } from 'node:crypto';
import type { Actor, EventData, Role } from '@rainmakers/contracts';
import { createRedis, RedisStreamsTransport } from '@rainmakers/kit';
import { buildActor, client, testInfra } from '@rainmakers/kit/testing';
import type { ResourceType, ResourceVisibility } from '../src/store/schema';
import { type StartedResources, startForTest } from '../src/testing';

export interface Harness {
  service: StartedResources;
  api: ReturnType<typeof client>;
  actors: Record<Role, Actor>;
  /** Appends an event to the bus the service consumes (as billing's relay would). */
  deliver<T extends 'billing.purchase-completed' | 'users.tag-renamed' | 'users.user-deleted'>(
    type: T,
    data: EventData<T>,
    id?: string,
  ): Promise<string>;
  stop(): Promise<void>;
}

let nextUser = 100;

export async function startHarness(): Promise<Harness> {
  const service = await startForTest();
  const redis = createRedis(testInfra().redisUrl, 'resources-test-bus');
  const transport = new RedisStreamsTransport({ redis, prefix: service.redisPrefix });
  const actors = Object.fromEntries(
    (['admin', 'coach', 'premium', 'course only', 'basic'] as const).map((role) => [
      role,
      buildActor(role, { userId: nextUser++ }),
    ]),
  ) as Record<Role, Actor>;
  return {
    service,
    api: client(service.url),
    actors,
    async deliver(type, data, id = randomUUID()) {
      await transport.append([{ id, type, occurredAt: new Date().toISOString(), data }]);
      return id;
    },
    async stop() {
      await transport.close();
      await redis.quit();
      await service.stop();
    },
  };
}

export interface ResourceSeed {
  title?: string;
  description?: string;
  type?: ResourceType;
  visibility?: ResourceVisibility;
  url?: string | null;
  content?: string | null;
  purchaseUrl?: string | null;
  price?: string | null;
  hidden?: boolean;
  publishedAt?: Date | null;
  tags?: { id: number; name: string }[];
  categoryIds?: number[];
}

/** A resource written straight into the table (the API's own writes are tested through the API). */
export async function insertResource(h: Harness, seed: ResourceSeed = {}): Promise<number> {
  const db = h.service.database.db;
  const row = await db
    .insertInto('resources')
    .values({
      title: seed.title ?? `Resource ${randomUUID().slice(0, 8)}`,
      description: seed.description ?? 'A resource',
      cover_photo_url: null,
      type: seed.type ?? 'Link',
      visibility: seed.visibility ?? 'Free',
      content: seed.content ?? null,
      url: seed.url === undefined ? 'https://example.com/r' : seed.url,
      purchase_url: seed.purchaseUrl ?? null,
      price: seed.price ?? null,
      hidden: seed.hidden ?? false,
      published_at: seed.publishedAt === undefined ? new Date(Date.now() - 60_000) : seed.publishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const tag of seed.tags ?? []) {
    await db.insertInto('resource_tags').values({ resource_id: row.id, tag_id: tag.id, tag_name: tag.name }).execute();
  }
  for (const categoryId of seed.categoryIds ?? []) {
    await db.insertInto('resource_category_links').values({ resource_id: row.id, category_id: categoryId }).execute();
  }
  return row.id;
}

export async function insertPurchase(h: Harness, userId: number, resourceId: number): Promise<void> {
  await h.service.database.db
    .insertInto('resource_purchases')
    .values({
      payment_intent_id: `pi_${randomUUID()}`,
      user_id: userId,
      resource_id: resourceId,
      resource_title: 'Bought',
      amount_cents: 100,
      currency: 'usd',
      purchased_at: new Date().toISOString(),
    })
    .execute();
}

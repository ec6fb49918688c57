/**
 * Shared set-up of the tools service tests: the real service on a throwaway database, callers of every role, a
 * "users side" that publishes users.* events on the same bus, and product fixtures.
 */
import type { Actor, EventData, EventType, ProductBody, Role } from '@rainmakers/contracts';
import { createLogger, createRedis, OutboxRelay, publishEvent } from '@rainmakers/kit';
import { buildActor, client, createTestDatabase, testInfra } from '@rainmakers/kit/testing';
import type { ToolsDatabase } from '../src/store/schema';
import { MIGRATIONS_DIR, type RunningTools, type StartToolsOptions, startForTest } from '../src/testing';

export type Api = ReturnType<typeof client>;

export interface Harness {
  service: RunningTools;
  api: Api;
  as(role: Role, overrides?: Partial<Actor>): Actor;
  /** Publishes an event as the users service would (through an outbox of its own). */
  publish<T extends EventType>(type: T, data: EventData<T>): Promise<void>;
  stop(): Promise<void>;
}

export async function startHarness(options: StartToolsOptions = {}): Promise<Harness> {
  const service = await startForTest(options);
  const usersDb = await createTestDatabase<ToolsDatabase>(MIGRATIONS_DIR, 'users_side');
  const redis = createRedis(testInfra().redisUrl, 'users-side');
  const relay = new OutboxRelay({
    db: usersDb.db,
    redis,
    prefix: service.redisPrefix,
    logger: createLogger('users-side', 'silent'),
  });
  return {
    service,
    api: client(service.url),
    as: (role, overrides = {}) => buildActor(role, overrides),
    async publish(type, data) {
      await publishEvent(usersDb.db, type, data);
      await relay.flush();
    },
    async stop() {
      await relay.stop();
      redis.disconnect();
      await usersDb.drop();
      await service.stop();
    },
  };
}

/** Example A of docs/profit-formulas.md, as the form sends it. */
export const garlicPress = {
  title: 'Garlic press',
  description: 'Stainless, dishwasher safe',
  units: 1000,
  costPerUnit: 4.2,
  shippingCost: 1.3,
  amazonFees: 7.85,
  amazonRetailPrice: 29.99,
  additionalFees: 25,
  promotionUnitsPerDay: 20,
  promotionPercentage: 95,
  promotionDays: 7,
  dailyAdvertisingCost: 15,
  spend: 450,
  sales: 1800,
  projectedUnits: 300,
};

export async function createProduct(
  h: Harness,
  as: Actor,
  fields: Record<string, unknown> = {},
  typeAdditionalFees = 'percentage',
): Promise<ProductBody> {
  const res = await h.api.post<{ product: ProductBody }>(as, '/api/product/upsert', {
    product: { ...garlicPress, ...fields },
    typeAdditionalFees,
  });
  if (res.status !== 201) throw new Error(`product upsert failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product;
}

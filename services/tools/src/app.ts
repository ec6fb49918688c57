import { createApp, type Logger, type ReadinessCheck, type ServiceRuntime } from '@rainmakers/kit';
import type { Config } from './config';
import type { ToolsDeps } from './deps';
import { createEventConsumer } from './events';
import { productRoutes } from './routes/products';
import type { ToolsDatabase } from './store/schema';

export interface AppDeps extends ToolsDeps {
  logger: Logger;
  internalTokenSecret: string;
  readiness: ReadinessCheck[];
}

/** The tools service's HTTP API: the Power Profit Tool (spec part 2 §7). */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'tools', logger, internalTokenSecret, readiness }, (app) => {
    app.use('/api/product', productRoutes(deps));
  });
}

/** Wires the app and its background tasks (the users.user-deleted consumer) from a service runtime. */
export function buildService(runtime: ServiceRuntime<ToolsDatabase>, config: Config) {
  const db = runtime.database.db;
  const consumer = createEventConsumer({
    db,
    redis: runtime.redis,
    prefix: config.REDIS_PREFIX,
    logger: runtime.logger,
    reclaimIdleMs: config.EVENT_RECLAIM_IDLE_MS,
  });
  const app = buildApp({
    logger: runtime.logger,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness: runtime.readiness,
    db,
  });
  return { app, consumer, background: [consumer] };
}

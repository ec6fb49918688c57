import { createApp, type Logger, type ReadinessCheck, type ServiceRuntime, type Storage } from '@rainmakers/kit';
import type { Config } from './config';
import { createEventConsumer } from './events';
import { bannerRoutes } from './routes/banners';
import { internalRoutes } from './routes/internal';
import { resourceRoutes } from './routes/resources';
import { uploadRoutes } from './routes/uploads';
import type { ResourcesDb } from './store/db';
import type { ResourcesDatabase } from './store/schema';

export interface AppDeps {
  logger: Logger;
  internalTokenSecret: string;
  /** PostgreSQL and Redis checks; the bucket's check is added here. */
  readiness: ReadinessCheck[];
  storage: Storage;
  uploadMaxBytes: number;
  db: ResourcesDb;
}

/** Image uploads, the resource marketplace, dashboard banners, and billing's offer lookup. */
export function buildApp(deps: AppDeps) {
  const readiness = [...deps.readiness, { name: 's3', check: () => deps.storage.check() }];
  return createApp(
    { name: 'resources', logger: deps.logger, internalTokenSecret: deps.internalTokenSecret, readiness },
    (app) => {
      app.use('/upload', uploadRoutes({ storage: deps.storage, maxBytes: deps.uploadMaxBytes }));
      app.use('/api/resource', resourceRoutes({ db: deps.db }));
      app.use('/api/dashboard-banner', bannerRoutes({ db: deps.db }));
      app.use(internalRoutes({ db: deps.db }));
    },
  );
}

/** Wires the app and its background task (the billing.purchase-completed / users.tag-renamed consumer). */
export function buildService(runtime: ServiceRuntime<ResourcesDatabase>, config: Config, storage: Storage) {
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
    readiness: runtime.readiness,
    storage,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
    db,
  });
  return { app, consumer, background: [consumer] };
}

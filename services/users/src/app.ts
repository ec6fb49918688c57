import {
  type BackgroundTask,
  createApp,
  type Logger,
  OutboxRelay,
  type ReadinessCheck,
  type ServiceRuntime,
} from '@rainmakers/kit';
import { createBillingConsumer } from './billing-events';
import { type CredentialsClient, createCredentialsClient } from './clients/auth';
import type { Config } from './config';
import type { EventNotifier } from './events';
import { type JobFiles, jobFilesFromConfig } from './import-files';
import {
  type BulkUpdateQueue,
  createBulkUpdateQueue,
  createImportQueue,
  createUserWorkers,
  type ImportQueue,
} from './jobs';
import { auditRoutes } from './routes/audit';
import { exportRoutes } from './routes/exports';
import { importRoutes } from './routes/imports';
import { internalRoutes } from './routes/internal';
import { tagRoutes } from './routes/tags';
import { userRoutes } from './routes/users';
import type { Schema } from './store/schema';
import type { UsersDb } from './store/users';

export interface AppDeps {
  logger: Logger;
  internalTokenSecret: string;
  readiness: ReadinessCheck[];
  db: UsersDb;
  credentials: CredentialsClient;
  events: EventNotifier;
  imports: ImportQueue;
  bulkUpdates: BulkUpdateQueue;
  importMaxBytes: number;
  files: JobFiles;
}

/** The users service's HTTP API: people, tags, and the internal API auth calls. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'users', logger, internalTokenSecret, readiness }, (app) => {
    app.use(internalRoutes(deps));
    app.use(auditRoutes(deps));
    app.use(exportRoutes(deps));
    app.use(importRoutes(deps));
    app.use(userRoutes(deps));
    app.use(tagRoutes(deps));
  });
}

/**
 * Wires the app and its background tasks from a running service's runtime: the outbox relay, and the job workers
 * (user-import, user-bulk-update) when they run in this process (tests; `npm start` and production run worker.ts).
 */
export function buildService(runtime: ServiceRuntime<Schema>, config: Config) {
  const relay = new OutboxRelay({
    db: runtime.database.db,
    redis: runtime.redis,
    prefix: config.REDIS_PREFIX,
    logger: runtime.logger,
  });
  const files = jobFilesFromConfig(config);
  const app = buildApp({
    logger: runtime.logger,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness: runtime.readiness,
    db: runtime.database.db,
    credentials: createCredentialsClient({ baseUrl: config.AUTH_SERVICE_ADDR, secret: config.INTERNAL_TOKEN_SECRET }),
    events: relay,
    imports: createImportQueue(runtime.redis, config.REDIS_PREFIX),
    bulkUpdates: createBulkUpdateQueue(runtime.redis, config.REDIS_PREFIX),
    importMaxBytes: config.IMPORT_MAX_BYTES,
    files,
  });
  const background: BackgroundTask[] = [
    relay,
    createBillingConsumer({
      db: runtime.database.db,
      redis: runtime.redis,
      prefix: config.REDIS_PREFIX,
      logger: runtime.logger,
      relay,
      reclaimIdleMs: config.EVENT_RECLAIM_IDLE_MS,
    }),
  ];
  if (config.RUN_WORKERS_IN_PROCESS) {
    background.push(
      ...createUserWorkers(
        { db: runtime.database.db, events: relay, files },
        runtime.redis,
        config.REDIS_PREFIX,
        runtime.logger,
      ),
    );
  }
  return { app, relay, background };
}

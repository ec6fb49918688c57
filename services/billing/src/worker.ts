/**
 * The billing worker process: runs the stripe-sync jobs. It runs beside the HTTP process (`npm start` supervises it
 * as billing-worker; the billing-worker Deployment in k8s and Helm), which then leaves the jobs alone
 * (RUN_WORKERS_IN_PROCESS=false). It has an outbox relay of its own, so the events of reconciled customers go out
 * while it works. With HEALTH_PORT set it answers GET /healthz and GET /readyz there.
 */
import {
  closeServer,
  createDatabase,
  createLogger,
  createRedis,
  OutboxRelay,
  SERVICE_DATABASE_OPTIONS,
  serveWorkerHealth,
  shutdownOnSignals,
} from '@rainmakers/kit';
import { loadWorkerConfig } from './config';
import { createSyncWorker } from './jobs';
import type { Schema } from './store/schema';
import { createStripe } from './stripe';

const config = loadWorkerConfig();
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
if (!config.DATABASE_URL) throw new Error('billing-worker: DATABASE_URL is required');
const database = createDatabase<Schema>(config.DATABASE_URL, SERVICE_DATABASE_OPTIONS);
const redis = createRedis(config.REDIS_URL, config.SERVICE_NAME);
const relay = new OutboxRelay({ db: database.db, redis, prefix: config.REDIS_PREFIX, logger });
const worker = createSyncWorker(
  { db: database.db, events: relay, stripe: createStripe(config), logger },
  redis,
  config.REDIS_PREFIX,
  logger,
);
await relay.start();
await worker.start();
const health = await serveWorkerHealth({ port: config.HEALTH_PORT, host: config.HOST, redis });
logger.info({ healthPort: config.HEALTH_PORT ?? null }, 'billing worker started (stripe-sync)');
shutdownOnSignals(logger, [
  () => worker.stop(),
  () => relay.stop(),
  () => redis.quit(),
  () => database.close(),
  () => (health ? closeServer(health) : undefined),
]);

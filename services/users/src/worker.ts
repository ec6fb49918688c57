/**
 * The users worker process: runs the user-import jobs. Run it beside the HTTP process in production
 * (RUN_WORKERS_IN_PROCESS=false there; the users-worker Deployment); in development main.ts runs the same worker
 * in-process. It has an outbox relay of its own, so the events of imported people go out while it works.
 */
import {
  createDatabase,
  createLogger,
  createRedis,
  OutboxRelay,
  SERVICE_DATABASE_OPTIONS,
  shutdownOnSignals,
} from '@rainmakers/kit';
import { loadWorkerConfig } from './config';
import { createImportWorker } from './jobs';
import type { Schema } from './store/schema';

const config = loadWorkerConfig();
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
if (!config.DATABASE_URL) throw new Error('users-worker: DATABASE_URL is required');
const database = createDatabase<Schema>(config.DATABASE_URL, SERVICE_DATABASE_OPTIONS);
const redis = createRedis(config.REDIS_URL, config.SERVICE_NAME);
const relay = new OutboxRelay({ db: database.db, redis, prefix: config.REDIS_PREFIX, logger });
const worker = createImportWorker({ db: database.db, events: relay }, redis, config.REDIS_PREFIX, logger);
await relay.start();
await worker.start();
logger.info('users worker started (user-import)');
shutdownOnSignals(logger, [() => worker.stop(), () => relay.stop(), () => redis.quit(), () => database.close()]);

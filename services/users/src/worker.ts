/**
 * The users worker process: runs the user-import and user-bulk-update jobs. It runs beside the HTTP process
 * (`npm start` supervises it as users-worker; the users-worker Deployment in k8s and Helm), which then leaves the
 * jobs alone (RUN_WORKERS_IN_PROCESS=false). It has an outbox relay of its own, so the events of imported and
 * updated people go out while it works. It serves no API; with HEALTH_PORT set it answers GET /healthz and
 * GET /readyz there (the stack's launcher waits on /readyz, and finds the process by that port).
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
import { jobFilesFromConfig } from './import-files';
import { createUserWorkers } from './jobs';
import type { Schema } from './store/schema';

const config = loadWorkerConfig();
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
if (!config.DATABASE_URL) throw new Error('users-worker: DATABASE_URL is required');
const database = createDatabase<Schema>(config.DATABASE_URL, SERVICE_DATABASE_OPTIONS);
const redis = createRedis(config.REDIS_URL, config.SERVICE_NAME);
const relay = new OutboxRelay({ db: database.db, redis, prefix: config.REDIS_PREFIX, logger });
const workers = createUserWorkers(
  { db: database.db, events: relay, files: jobFilesFromConfig(config) },
  redis,
  config.REDIS_PREFIX,
  logger,
);
await relay.start();
for (const worker of workers) worker.start();

const health = await serveWorkerHealth({ port: config.HEALTH_PORT, host: config.HOST, redis });
logger.info({ healthPort: config.HEALTH_PORT ?? null }, 'users worker started (user-import, user-bulk-update)');
shutdownOnSignals(logger, [
  () => database.close(),
  () => redis.quit(),
  () => relay.stop(),
  () => Promise.all(workers.map((w) => w.stop())),
  () => (health ? closeServer(health) : undefined),
]);

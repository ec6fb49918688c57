/**
 * The auth worker process: sends the queued e-mails (send-mail). Run it beside the HTTP process in production
 * (RUN_WORKERS_IN_PROCESS=false there); in development main.ts runs the same worker in-process.
 */
import { createLogger, createRedis, shutdownOnSignals } from '@rainmakers/kit';
import { loadWorkerConfig } from './config';
import { mailWorker } from './runtime';

const config = loadWorkerConfig();
const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
const redis = createRedis(config.REDIS_URL, config.SERVICE_NAME);
const worker = mailWorker(config, redis, logger);
await worker.start();
logger.info('auth worker started (send-mail)');
shutdownOnSignals(logger, [() => redis.quit(), () => worker.stop()]);

/**
 * The billing worker process: runs the stripe-sync jobs. It runs beside the HTTP process (`npm start` supervises it
 * as billing-worker; the billing-worker Deployment in k8s and Helm), which then leaves the jobs alone
 * (RUN_WORKERS_IN_PROCESS=false). The kit's runWorker gives it an outbox relay of its own (the events of reconciled
 * customers go out while it works), GET /healthz and GET /readyz on HEALTH_PORT, and the shutdown order: the job
 * in flight finishes before Redis and PostgreSQL close.
 */
import { runWorker } from '@rainmakers/kit';
import { loadWorkerConfig } from './config';
import { createSyncWorker } from './jobs';
import type { Schema } from './store/schema';
import { createStripe } from './stripe';

const config = loadWorkerConfig();

await runWorker<Schema>({
  config,
  jobs: 'stripe-sync',
  build: ({ database, relay, redis, logger }) => [
    createSyncWorker(
      { db: database.db, events: relay, stripe: createStripe(config), logger },
      redis,
      config.REDIS_PREFIX,
      logger,
    ),
  ],
});

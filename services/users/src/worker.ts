/**
 * The users worker process: runs the user-import and user-bulk-update jobs. It runs beside the HTTP process
 * (`npm start` supervises it as users-worker; the users-worker Deployment in k8s and Helm), which then leaves the
 * jobs alone (RUN_WORKERS_IN_PROCESS=false). The kit's runWorker gives it an outbox relay of its own (the events of
 * imported and updated people go out while it works), GET /healthz and GET /readyz on HEALTH_PORT (the stack's
 * launcher waits on /readyz, and finds the process by that port), and the shutdown order: jobs in flight first.
 */
import { runWorker } from '@rainmakers/kit';
import { loadWorkerConfig } from './config';
import { jobFilesFromConfig } from './import-files';
import { createUserWorkers } from './jobs';
import type { Schema } from './store/schema';

const config = loadWorkerConfig();

await runWorker<Schema>({
  config,
  jobs: 'user-import, user-bulk-update',
  build: ({ database, relay, redis, logger }) =>
    createUserWorkers(
      { db: database.db, events: relay, files: jobFilesFromConfig(config) },
      redis,
      config.REDIS_PREFIX,
      logger,
    ),
});

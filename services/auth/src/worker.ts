/**
 * The auth worker process: sends the queued e-mails (send-mail). Run it beside the HTTP process in production
 * (RUN_WORKERS_IN_PROCESS=false there); in development the service runs the same worker in-process. The kit's
 * runWorker gives it GET /healthz and GET /readyz (Redis) on HEALTH_PORT, and stops the worker (its mail in
 * flight sent) before Redis closes.
 */
import { mailWorkerFor, runWorker } from '@rainmakers/kit';
import { loadWorkerConfig } from './config';

const config = loadWorkerConfig();

await runWorker({
  config,
  jobs: 'send-mail',
  database: false,
  build: ({ redis, logger }) => [mailWorkerFor(config, redis, logger)],
});

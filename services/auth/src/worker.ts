/**
 * The auth worker process: sends the queued e-mails (send-mail) of every service. Run it beside the HTTP process
 * in production (RUN_WORKERS_IN_PROCESS=false there); in development the service runs the same worker in-process.
 * The kit's runWorker gives it GET /healthz and GET /readyz (Redis) on HEALTH_PORT, and stops the worker (its mail
 * in flight sent) before Redis closes.
 */
import { service } from './service';

await service.runWorker();

/**
 * The billing worker process: runs the stripe-sync jobs. It runs beside the HTTP process (`npm start` supervises it
 * as billing-worker; the billing-worker Deployment in k8s and Helm), which then leaves the jobs alone
 * (RUN_WORKERS_IN_PROCESS=false). The kit's runWorker gives it an outbox relay of its own (the events of reconciled
 * customers go out while it works), GET /healthz and GET /readyz on HEALTH_PORT, and the shutdown order: the job
 * in flight finishes before Redis and PostgreSQL close.
 */
import { service } from './service';

await service.runWorker();

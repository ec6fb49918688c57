/**
 * The users worker process: runs the user-import and user-bulk-update jobs. It runs beside the HTTP process
 * (`npm start` supervises it as users-worker; the users-worker Deployment in k8s and Helm), which then leaves the
 * jobs alone (RUN_WORKERS_IN_PROCESS=false). The kit's runWorker gives it an outbox relay of its own (the events of
 * imported and updated people go out while it works), GET /healthz and GET /readyz on HEALTH_PORT (the stack's
 * launcher waits on /readyz, and finds the process by that port), and the shutdown order: jobs in flight first.
 */
import { service } from './service';

await service.runWorker();

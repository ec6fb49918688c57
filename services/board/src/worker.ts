/**
 * The board worker process: runs the board-reminders job (due-date reminders) when the HTTP process leaves it
 * (RUN_WORKERS_IN_PROCESS=false). The deployments run it in the board's HTTP pods instead; this entry is for a
 * worker Deployment should the sweep ever need one.
 */
import { service } from './service';

await service.runWorker();

/**
 * The courses worker process: runs the course-releases job (telling members a dripped module opened) when the HTTP
 * process leaves it (RUN_WORKERS_IN_PROCESS=false). The deployments run it in the courses' HTTP pods instead; this
 * entry is for a worker Deployment should the sweep ever need one.
 */
import { service } from './service';

await service.runWorker();

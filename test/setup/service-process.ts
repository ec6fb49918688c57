/**
 * Service tests run the services inside the jest worker, next to the test's own work (building a 20 MB upload,
 * parsing answers) and on a machine another worker shares. The event-loop delay that load shedding reads
 * (kit overload.ts) is then the test process's, not the service's: shedding on it would answer a test's request
 * 503 for work the test itself did. Shedding by delay is covered by kit's overload tests with explicit bounds;
 * every other bound (requests in flight, the pool wait) stays as configured.
 */
import { configureLoadShedding } from '@rainmakers/kit';

configureLoadShedding({ maxEventLoopDelayMs: 0 });

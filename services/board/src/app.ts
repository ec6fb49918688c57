import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { boardRoutes } from './routes/board';
import { internalRoutes } from './routes/internal';
import { liveRoutes } from './routes/live';
import { notificationRoutes } from './routes/notifications';

/** The board service's HTTP API: Move the Needle (spec part 1 §7 "Board") and its live stream. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenKeys, readiness } = deps;
  return createApp({ name: 'board', logger, internalTokenKeys, readiness }, (app) => {
    app.use('/internal', internalRoutes(deps));
    app.use('/api/move-the-needle', liveRoutes(deps));
    app.use('/api/move-the-needle', boardRoutes(deps));
    app.use('/api/notifications', notificationRoutes(deps));
  });
}

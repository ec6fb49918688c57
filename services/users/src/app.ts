import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { analyticsRoutes } from './routes/analytics';
import { auditRoutes } from './routes/audit';
import { broadcastRoutes, broadcastSettingsRoutes, unsubscribeRoutes } from './routes/broadcasts';
import { communityRoutes } from './routes/community';
import { exportRoutes } from './routes/exports';
import { importRoutes } from './routes/imports';
import { internalRoutes } from './routes/internal';
import { jobRoutes } from './routes/jobs';
import { overviewRoutes } from './routes/overview';
import { tagRoutes } from './routes/tags';
import { userRoutes, userV2Routes } from './routes/users';

/** The users service's HTTP API: people, tags, the analytics overview, and the internal API auth calls. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenKeys, readiness } = deps;
  return createApp({ name: 'users', logger, internalTokenKeys, readiness }, (app) => {
    app.use('/internal', internalRoutes(deps));
    app.use('/api/analytics', analyticsRoutes(deps));
    app.use('/api/user', auditRoutes(deps));
    app.use('/api/user', exportRoutes(deps));
    app.use('/api/user', importRoutes(deps));
    app.use('/api/user', jobRoutes(deps));
    app.use('/api/user', overviewRoutes(deps));
    app.use('/api/user', communityRoutes(deps));
    app.use('/api/user', broadcastSettingsRoutes(deps));
    app.use('/api/user', userRoutes(deps));
    app.use('/api/v2/user', userV2Routes(deps));
    app.use('/api/tag', tagRoutes(deps));
    app.use('/api/broadcast', broadcastRoutes(deps));
    app.use('/api/unsubscribe', unsubscribeRoutes(deps));
  });
}

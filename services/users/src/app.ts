import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { auditRoutes } from './routes/audit';
import { communityRoutes } from './routes/community';
import { exportRoutes } from './routes/exports';
import { importRoutes } from './routes/imports';
import { internalRoutes } from './routes/internal';
import { jobRoutes } from './routes/jobs';
import { overviewRoutes } from './routes/overview';
import { tagRoutes } from './routes/tags';
import { userRoutes, userV2Routes } from './routes/users';

/** The users service's HTTP API: people, tags, and the internal API auth calls. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'users', logger, internalTokenSecret, readiness }, (app) => {
    app.use('/internal', internalRoutes(deps));
    app.use('/api/user', auditRoutes(deps));
    app.use('/api/user', exportRoutes(deps));
    app.use('/api/user', importRoutes(deps));
    app.use('/api/user', jobRoutes(deps));
    app.use('/api/user', overviewRoutes(deps));
    app.use('/api/user', communityRoutes(deps));
    app.use('/api/user', userRoutes(deps));
    app.use('/api/v2/user', userV2Routes(deps));
    app.use('/api/tag', tagRoutes(deps));
  });
}

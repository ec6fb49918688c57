import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { auditRoutes } from './routes/audit';
import { exportRoutes } from './routes/exports';
import { importRoutes } from './routes/imports';
import { internalRoutes } from './routes/internal';
import { tagRoutes } from './routes/tags';
import { userRoutes } from './routes/users';

/** The users service's HTTP API: people, tags, and the internal API auth calls. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'users', logger, internalTokenSecret, readiness }, (app) => {
    app.use(internalRoutes(deps));
    app.use(auditRoutes(deps));
    app.use(exportRoutes(deps));
    app.use(importRoutes(deps));
    app.use(userRoutes(deps));
    app.use(tagRoutes(deps));
  });
}

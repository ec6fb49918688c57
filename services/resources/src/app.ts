import { createApp } from '@rainmakers/kit';
import type { AppDeps } from './deps';
import { bannerRoutes } from './routes/banners';
import { internalRoutes } from './routes/internal';
import { resourceRoutes } from './routes/resources';
import { siteContentRoutes } from './routes/site-content';
import { uploadRoutes } from './routes/uploads';

/** Image uploads, the resource marketplace, dashboard banners, and billing's offer lookup. */
export function buildApp(deps: AppDeps) {
  const readiness = [...deps.readiness, { name: 's3', check: () => deps.storage.check() }];
  return createApp(
    { name: 'resources', logger: deps.logger, internalTokenKeys: deps.internalTokenKeys, readiness },
    (app) => {
      app.use('/internal', internalRoutes({ db: deps.db }));
      app.use('/upload', uploadRoutes({ storage: deps.storage, maxBytes: deps.uploadMaxBytes }));
      app.use('/api/resource', resourceRoutes({ db: deps.db, events: deps.events }));
      app.use('/api/dashboard-banner', bannerRoutes({ db: deps.db, events: deps.events }));
      app.use('/api/site-content', siteContentRoutes({ db: deps.db, events: deps.events }));
    },
  );
}

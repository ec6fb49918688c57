import { createApp, type Logger, type ReadinessCheck, type Storage } from '@rainmakers/kit';
import { uploadRoutes } from './routes/uploads';

export interface AppDeps {
  logger: Logger;
  internalTokenSecret: string;
  /** PostgreSQL and Redis checks; the bucket's check is added here. */
  readiness: ReadinessCheck[];
  storage: Storage;
  uploadMaxBytes: number;
}

/** Image uploads; the resources, categories, purchases and dashboard-banner API arrives with its issue. */
export function buildApp(deps: AppDeps) {
  const readiness = [...deps.readiness, { name: 's3', check: () => deps.storage.check() }];
  return createApp(
    { name: 'resources', logger: deps.logger, internalTokenSecret: deps.internalTokenSecret, readiness },
    (app) => {
      app.use('/upload', uploadRoutes({ storage: deps.storage, maxBytes: deps.uploadMaxBytes }));
    },
  );
}

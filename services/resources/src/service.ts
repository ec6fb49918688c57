import { fileURLToPath } from 'node:url';
import { defineService, internalTokenKeys } from '@rainmakers/kit';
import { buildApp } from './app';
import { settings } from './config';
import type { AppDeps } from './deps';
import { createEventConsumer } from './events';
import { storageFromConfig } from './storage';
import type { ResourcesDatabase } from './store/schema';

/** The resources service, declared once: main.ts, testing.ts and the layout check read this. */
export const service = defineService<ResourcesDatabase>()({
  config: settings,
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  // audit.recorded (staff actions).
  outbox: true,
  deps: async ({ config, logger, database, readiness, relay }): Promise<AppDeps> => {
    const storage = storageFromConfig(config);
    // Creates the bucket on local S3 servers (s3rver, MinIO); on AWS the bucket exists and this only checks it.
    await storage.ensureBucket();
    return {
      logger,
      readiness,
      storage,
      internalTokenKeys: internalTokenKeys(config),
      uploadMaxBytes: config.UPLOAD_MAX_BYTES,
      db: database.db,
      events: relay,
    };
  },
  app: buildApp,
  consumers: (_deps, wiring) => [createEventConsumer(wiring)],
});

import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { buildApp } from './app';
import { loadServiceConfig } from './config';
import { storageFromConfig } from './storage';

const config = loadServiceConfig();
const storage = storageFromConfig(config);

await runService({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: async ({ logger, readiness }) => {
    // Creates the bucket on local S3 servers (s3rver, MinIO); on AWS the bucket exists and this only checks it.
    await storage.ensureBucket();
    return {
      app: buildApp({
        logger,
        readiness,
        storage,
        internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
        uploadMaxBytes: config.UPLOAD_MAX_BYTES,
      }),
    };
  },
});

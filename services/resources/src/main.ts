import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { loadServiceConfig } from './config';
import { buildService } from './service';
import { storageFromConfig } from './storage';
import type { ResourcesDatabase } from './store/schema';

const config = loadServiceConfig();
const storage = storageFromConfig(config);

await runService<ResourcesDatabase>({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: async (runtime) => {
    // Creates the bucket on local S3 servers (s3rver, MinIO); on AWS the bucket exists and this only checks it.
    await storage.ensureBucket();
    return buildService(runtime, config, storage);
  },
});

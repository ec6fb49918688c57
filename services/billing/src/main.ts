import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { buildService } from './app';
import { loadServiceConfig } from './config';
import type { Schema } from './store/schema';

const config = loadServiceConfig();

await runService<Schema>({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: (runtime) => buildService(runtime, config),
});

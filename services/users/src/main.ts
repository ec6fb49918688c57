import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { loadServiceConfig } from './config';
import { buildService } from './service';
import type { Schema } from './store/schema';

const config = loadServiceConfig();

await runService<Schema>({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: (runtime) => buildService(runtime, config),
});

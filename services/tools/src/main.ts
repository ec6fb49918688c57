import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { loadServiceConfig } from './config';
import { buildService } from './service';
import type { ToolsDatabase } from './store/schema';

const config = loadServiceConfig();

await runService<ToolsDatabase>({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: (runtime) => buildService(runtime, config),
});

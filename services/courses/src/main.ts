import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { loadServiceConfig } from './config';
import { buildService } from './service';
import type { CoursesDatabase } from './store/schema';

const config = loadServiceConfig();

await runService<CoursesDatabase>({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: (runtime) => buildService(runtime, config),
});

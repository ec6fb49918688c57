import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { loadServiceConfig } from './config';
import { buildService } from './service';
import type { AuthSchema } from './store/schema';

const config = loadServiceConfig();

await runService<AuthSchema>({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: (runtime) => buildService(runtime, config),
});

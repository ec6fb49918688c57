import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { loadServiceConfig } from './config';
import { assemble } from './runtime';
import type { AuthSchema } from './store/schema';

const config = loadServiceConfig();

await runService<AuthSchema>({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: ({ logger, database, redis, readiness }) => {
    const { app, background } = assemble({ config, logger, db: database.db, redis, readiness });
    return { app, background };
  },
});

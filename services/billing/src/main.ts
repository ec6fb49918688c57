import { fileURLToPath } from 'node:url';
import { runService } from '@rainmakers/kit';
import { buildApp } from './app';
import { loadServiceConfig } from './config';

const config = loadServiceConfig();

await runService({
  config,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  build: ({ logger, readiness }) => ({
    app: buildApp({ logger, readiness, internalTokenSecret: config.INTERNAL_TOKEN_SECRET }),
  }),
});

/** `node --import tsx src/migrate.ts`: applies the migrations once (the Helm hook Job / Kubernetes Job). */
import { fileURLToPath } from 'node:url';
import { createLogger, migrateOnly } from '@rainmakers/kit';
import { loadServiceConfig } from './config';

const config = loadServiceConfig();
const logger = createLogger(`${config.SERVICE_NAME}-migrate`, config.LOG_LEVEL);
if (!config.DATABASE_URL) {
  logger.fatal('DATABASE_URL is required');
  process.exit(1);
}
const applied = await migrateOnly(config.DATABASE_URL, fileURLToPath(new URL('../migrations', import.meta.url)));
logger.info({ applied }, applied.length > 0 ? 'migrations applied' : 'database is up to date');

/** `node --import tsx src/migrate.ts`: applies the migrations once (the Helm hook Job / Kubernetes Job). */
import { fileURLToPath } from 'node:url';
import { runMigrateCommand } from '@rainmakers/kit';

await runMigrateCommand('courses', fileURLToPath(new URL('../migrations', import.meta.url)));

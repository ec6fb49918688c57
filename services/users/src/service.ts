import { fileURLToPath } from 'node:url';
import { defineService, publicAddresses } from '@rainmakers/kit';
import { buildApp } from './app';
import { createCredentialsClient } from './clients/auth';
import { settings } from './config';
import type { AppDeps } from './deps';
import { createBillingConsumer, createStaffConsumer } from './events';
import { jobFilesFromConfig } from './import-files';
import { createBulkUpdateQueue, createImportQueue, createUserWorkers } from './jobs';
import type { Schema } from './store/schema';

/**
 * The users service, declared once: main.ts, worker.ts, testing.ts and the layout check read this. Its job workers
 * (user-import, user-bulk-update) run in worker.ts's process (`npm start`, production) or in this one
 * (RUN_WORKERS_IN_PROCESS: tests). Receipt e-mails only go on the shared send-mail queue: auth's worker sends all
 * mail, with its SMTP settings (docs/decisions.md "One service definition").
 */
export const service = defineService<Schema>()({
  config: settings,
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  // users.user-changed, users.user-deleted, users.tag-renamed, users.user-invited.
  outbox: true,
  deps: ({ config, logger, database, redis, readiness, relay, mail }): AppDeps => ({
    logger,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness,
    db: database.db,
    credentials: createCredentialsClient({ baseUrl: config.AUTH_SERVICE_ADDR, secret: config.INTERNAL_TOKEN_SECRET }),
    events: relay,
    imports: createImportQueue(redis, config.REDIS_PREFIX),
    bulkUpdates: createBulkUpdateQueue(redis, config.REDIS_PREFIX),
    importMaxBytes: config.IMPORT_MAX_BYTES,
    invitationsPerDay: config.INVITATIONS_PER_PERSON_PER_DAY,
    files: jobFilesFromConfig(config),
    mail: mail(),
    publicUrls: publicAddresses(config),
  }),
  app: buildApp,
  consumers: (deps, wiring) => [
    createBillingConsumer({
      ...wiring,
      relay: deps.events,
      receipts: { mail: deps.mail, publicUrls: deps.publicUrls },
    }),
    createStaffConsumer(wiring),
  ],
  workers: {
    jobs: 'user-import, user-bulk-update',
    build: ({ config, logger, redis, database, relay }) =>
      createUserWorkers(
        { db: database.db, events: relay, files: jobFilesFromConfig(config) },
        redis,
        config.REDIS_PREFIX,
        logger,
      ),
  },
});

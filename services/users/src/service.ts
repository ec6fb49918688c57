import { fileURLToPath } from 'node:url';
import { createMailSender, defineService, internalTokenKeys, mailPublicUrl } from '@rainmakers/kit';
import { buildApp } from './app';
import { createCredentialsClient } from './clients/auth';
import { createAnalyticsBackfill } from './commands/analytics';
import { settings } from './config';
import type { AppDeps } from './deps';
import { createAnalyticsConsumer, createBillingConsumer, createStaffConsumer } from './events';
import { jobFilesFromConfig } from './import-files';
import { createBroadcastQueue, createBulkUpdateQueue, createImportQueue, createUserWorkers } from './jobs';
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
    internalTokenKeys: internalTokenKeys(config),
    readiness,
    db: database.db,
    credentials: createCredentialsClient({ baseUrl: config.AUTH_SERVICE_ADDR, secret: config.INTERNAL_TOKEN_SECRET }),
    events: relay,
    imports: createImportQueue(redis, config.REDIS_PREFIX),
    bulkUpdates: createBulkUpdateQueue(redis, config.REDIS_PREFIX),
    broadcasts: createBroadcastQueue(redis, config.REDIS_PREFIX),
    unsubscribeKeys: internalTokenKeys(config),
    importMaxBytes: config.IMPORT_MAX_BYTES,
    invitationsPerDay: config.INVITATIONS_PER_PERSON_PER_DAY,
    files: jobFilesFromConfig(config),
    mail: mail(),
    publicUrl: mailPublicUrl(config),
    analyticsCurrency: config.ANALYTICS_CURRENCY,
  }),
  app: buildApp,
  consumers: (deps, wiring) => [
    createBillingConsumer({
      ...wiring,
      relay: deps.events,
      receipts: { mail: deps.mail, publicUrl: deps.publicUrl },
    }),
    createStaffConsumer(wiring),
    createAnalyticsConsumer(wiring),
  ],
  // The analytics' one-time backfill from the users table (a marker keeps it to once).
  tasks: (deps) => [createAnalyticsBackfill(deps)],
  workers: {
    jobs: 'user-import, user-bulk-update, broadcast',
    build: ({ config, logger, redis, database, relay }) => {
      // A broadcast's copies go on the shared send-mail queue (auth's worker sends them in the one layout).
      const mail = createMailSender(redis, config.REDIS_PREFIX);
      return [
        ...createUserWorkers(
          { db: database.db, events: relay, files: jobFilesFromConfig(config) },
          redis,
          config.REDIS_PREFIX,
          logger,
          {
            mail,
            publicUrl: mailPublicUrl(config),
            unsubscribeKeys: internalTokenKeys(config),
            perMinute: config.BROADCAST_PER_MINUTE,
          },
        ),
        mail,
      ];
    },
  },
});

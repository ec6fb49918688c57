import {
  type BackgroundTask,
  consumerWiring,
  createMailSender,
  OutboxRelay,
  publicAddresses,
  type ServiceRuntime,
} from '@rainmakers/kit';
import { buildApp } from './app';
import { createBillingConsumer } from './billing-events';
import { createCredentialsClient } from './clients/auth';
import type { Config } from './config';
import { jobFilesFromConfig } from './import-files';
import { createBulkUpdateQueue, createImportQueue, createUserWorkers } from './jobs';
import { createStaffConsumer } from './staff-events';
import type { Schema } from './store/schema';

/**
 * Wires the app and its background tasks from a running service's runtime: the outbox relay, the billing
 * consumer, and the job workers (user-import, user-bulk-update) when they run in this process (tests; `npm start`
 * and production run worker.ts).
 */
export function buildService(runtime: ServiceRuntime<Schema>, config: Config) {
  const relay = new OutboxRelay({
    db: runtime.database.db,
    redis: runtime.redis,
    prefix: config.REDIS_PREFIX,
    logger: runtime.logger,
  });
  const files = jobFilesFromConfig(config);
  // Receipt e-mails only go on the shared send-mail queue: auth owns sending mail (its worker, in its
  // process in development, auth-worker in production). A second worker here would take jobs with its own SMTP
  // settings, and fail and delay them wherever those differ from auth's.
  const mail = createMailSender(runtime.redis, config.REDIS_PREFIX);
  const app = buildApp({
    logger: runtime.logger,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness: runtime.readiness,
    db: runtime.database.db,
    credentials: createCredentialsClient({ baseUrl: config.AUTH_SERVICE_ADDR, secret: config.INTERNAL_TOKEN_SECRET }),
    events: relay,
    imports: createImportQueue(runtime.redis, config.REDIS_PREFIX),
    bulkUpdates: createBulkUpdateQueue(runtime.redis, config.REDIS_PREFIX),
    importMaxBytes: config.IMPORT_MAX_BYTES,
    invitationsPerDay: config.INVITATIONS_PER_PERSON_PER_DAY,
    files,
  });
  const background: BackgroundTask[] = [
    relay,
    createBillingConsumer({
      ...consumerWiring(runtime, config),
      relay,
      receipts: { mail, publicUrls: publicAddresses(config) },
    }),
    mail,
    createStaffConsumer(consumerWiring(runtime, config)),
  ];
  if (config.RUN_WORKERS_IN_PROCESS) {
    background.push(
      ...createUserWorkers(
        { db: runtime.database.db, events: relay, files },
        runtime.redis,
        config.REDIS_PREFIX,
        runtime.logger,
      ),
    );
  }
  return { app, relay, files, background };
}

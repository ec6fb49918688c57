import type { Logger, MailSender, ReadinessCheck } from '@rainmakers/kit';
import type { CredentialsClient } from './clients/auth';
import type { EventNotifier } from './events';
import type { JobFiles } from './import-files';
import type { BulkUpdateQueue, ImportQueue } from './jobs';
import type { UsersDb } from './store/users';

/** What the app, its routes and commands work with (service.ts builds it). */
export interface AppDeps {
  logger: Logger;
  internalTokenSecret: string;
  readiness: ReadinessCheck[];
  db: UsersDb;
  credentials: CredentialsClient;
  events: EventNotifier;
  imports: ImportQueue;
  bulkUpdates: BulkUpdateQueue;
  importMaxBytes: number;
  /** INVITATIONS_PER_PERSON_PER_DAY. */
  invitationsPerDay: number;
  files: JobFiles;
  /** The shared send-mail queue (receipts). */
  mail: MailSender;
  /** PUBLIC_URL first, then PUBLIC_URLS (the receipts' links). */
  publicUrls: string[];
}

import type { Logger, MailSender, ReadinessCheck, SecretKeys } from '@rainmakers/kit';
import type { CredentialsClient } from './clients/auth';
import type { EventNotifier } from './events';
import type { JobFiles } from './import-files';
import type { BroadcastJobQueue, BulkUpdateQueue, ImportQueue } from './jobs';
import type { UsersDb } from './store/users';

/** What the app, its routes and commands work with (service.ts builds it). */
export interface AppDeps {
  logger: Logger;
  internalTokenKeys: SecretKeys;
  readiness: ReadinessCheck[];
  db: UsersDb;
  credentials: CredentialsClient;
  events: EventNotifier;
  imports: ImportQueue;
  bulkUpdates: BulkUpdateQueue;
  /** The broadcast queue (its worker mails the recipients: commands/broadcasts). */
  broadcasts: BroadcastJobQueue;
  /**
   * Signs and checks unsubscribe tokens: the internal-token secret (and its previous key during a rotation), under
   * a purpose of its own (domain/broadcasts).
   */
  unsubscribeKeys: SecretKeys;
  importMaxBytes: number;
  /** INVITATIONS_PER_PERSON_PER_DAY. */
  invitationsPerDay: number;
  files: JobFiles;
  /** The shared send-mail queue (receipts). */
  mail: MailSender;
  /** The one address e-mailed links use (kit mailPublicUrl: PUBLIC_URL): receipts, broadcasts' unsubscribe. */
  publicUrl: string;
  /** ANALYTICS_CURRENCY: the currency of the analytics' MRR. */
  analyticsCurrency: string;
}

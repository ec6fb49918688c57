import type { EventNudger, Logger, ReadinessCheck, SecretKeys, Storage } from '@rainmakers/kit';
import type { ResourcesDb } from './store/db';

/** What the app and its routes work with (service.ts builds it). */
export interface AppDeps {
  logger: Logger;
  internalTokenKeys: SecretKeys;
  /** PostgreSQL and Redis checks; the bucket's check is added by the app. */
  readiness: ReadinessCheck[];
  storage: Storage;
  uploadMaxBytes: number;
  db: ResourcesDb;
  /** The outbox relay (staff actions go to the audit log as audit.recorded). */
  events: EventNudger | null;
}

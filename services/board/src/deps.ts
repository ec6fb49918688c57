import type { EventNudger, Logger, MailSender, ReadinessCheck, SecretKeys } from '@rainmakers/kit';
import type { BoardChanges, RedisBoardChanges } from './live';
import type { BoardDb } from './store/db';

/** What routes and commands work with. */
export interface BoardDeps {
  db: BoardDb;
  /** The outbox relay: nudged after a commit that wrote events. */
  events: EventNudger;
  /** Tells the people watching a board (SSE) that it changed, after each commit. */
  changes: BoardChanges;
}

/** What the app is built with (service.ts builds it). */
export interface AppDeps extends BoardDeps {
  logger: Logger;
  internalTokenKeys: SecretKeys;
  readiness: ReadinessCheck[];
  live: RedisBoardChanges;
  heartbeatMs: number;
  /** The shared send-mail queue (mention e-mails). */
  mail: MailSender;
  /** PUBLIC_URL: the links in mention e-mails. */
  publicUrl: string;
}

import type { Logger, MailSender, ReadinessCheck, SecretKeys } from '@rainmakers/kit';
import type { AiClient } from './ai';
import type { ToolsDb } from './store/db';

/** What routes and commands work with. */
export interface ToolsDeps {
  db: ToolsDb;
  /** The shared send-mail queue (the qualifier's results e-mail). */
  mail: MailSender;
  ai: AiClient;
  /** The endpoint is a stand-in giving sample answers (AI_DEMO): the toolkit says it is a demo. */
  aiDemo?: boolean;
  /** The model of each assistant (AI_MODEL unless AI_MODELS names another). */
  modelFor(assistant: string): string;
  /** Results e-mails of the qualifier per person per day (QUALIFIER_SENDS_PER_DAY; 10 when left out). */
  qualifierSendsPerDay?: number;
}

/** What the app is built with (service.ts builds it). */
export interface AppDeps extends ToolsDeps {
  logger: Logger;
  internalTokenKeys: SecretKeys;
  readiness: ReadinessCheck[];
}

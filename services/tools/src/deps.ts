import type { AiClient } from './ai';
import type { ToolsMailQueue } from './mail';
import type { ToolsDb } from './store/db';

/** What routes and commands work with. */
export interface ToolsDeps {
  db: ToolsDb;
  /** The shared send-mail queue (the qualifier's results e-mail). */
  mail: ToolsMailQueue;
  ai: AiClient;
  /** The model of each assistant (AI_MODEL unless AI_MODELS names another). */
  modelFor(assistant: string): string;
  /** Results e-mails of the qualifier per person per day (QUALIFIER_SENDS_PER_DAY; 10 when left out). */
  qualifierSendsPerDay?: number;
}

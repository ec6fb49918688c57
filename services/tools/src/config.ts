import { DEFAULT_PORTS } from '@rainmakers/contracts';
import { loadConfig } from '@rainmakers/kit';
import { z } from 'zod';

export const configShape = {
  SERVICE_NAME: z.string().default('tools'),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS.tools),
  /** Events left unacknowledged this long by a crashed or stuck consumer are taken over (kit reclaimIdleMs). */
  EVENT_RECLAIM_IDLE_MS: z.coerce.number().int().min(1).default(30_000),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Rainmakers <no-reply@rainmakers.local>'),
  /** Work the shared send-mail queue inside the HTTP process too (default: only in development). */
  RUN_WORKERS_IN_PROCESS: z.enum(['true', 'false']).optional(),
  /** Any OpenAI-compatible endpoint (".../v1"). Empty: the AI Toolkit says the assistants are not set up. */
  AI_BASE_URL: z.string().default(''),
  AI_API_KEY: z.string().default(''),
  /**
   * 'true' when AI_BASE_URL is a stand-in that gives sample answers (npm start and the test stacks start one when no
   * endpoint is given): the toolkit then says on the page that it is a demo.
   */
  AI_DEMO: z.enum(['true', 'false']).default('false'),
  /** The model every assistant uses, unless AI_MODELS names one for it ("curriculum-coach=gpt-4o,..."). */
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_MODELS: z.string().default(''),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Product Qualifier results e-mails one person may send in 24 hours; past it, 429 with Retry-After. */
  QUALIFIER_SENDS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
};

/** "key=model,key=model" -> map. */
export function parseModels(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of text.split(',')) {
    const [key, model] = part.split('=').map((s) => s.trim());
    if (key && model) map.set(key, model);
  }
  return map;
}

export function loadServiceConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(configShape, env);
  return {
    ...config,
    RUN_WORKERS_IN_PROCESS: config.RUN_WORKERS_IN_PROCESS
      ? config.RUN_WORKERS_IN_PROCESS === 'true'
      : config.NODE_ENV === 'development',
  };
}
export type Config = ReturnType<typeof loadServiceConfig>;

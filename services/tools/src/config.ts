import { defineServiceConfig } from '@rainmakers/kit';
import { z } from 'zod';

const shape = {
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

export const settings = defineServiceConfig({ name: 'tools', shape });
export type Config = ReturnType<typeof settings.load>;
/** Every key it reads (docs/configuration.md is checked against it). */
export const configShape = settings.shape;

/** "key=model,key=model" -> map. */
export function parseModels(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of text.split(',')) {
    const [key, model] = part.split('=').map((s) => s.trim());
    if (key && model) map.set(key, model);
  }
  return map;
}

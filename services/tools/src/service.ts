import { fileURLToPath } from 'node:url';
import { defineService, internalTokenKeys } from '@rainmakers/kit';
import { createAiClient } from './ai';
import { buildApp } from './app';
import { parseModels, settings } from './config';
import type { AppDeps } from './deps';
import { createEventConsumer } from './events';
import type { ToolsDatabase } from './store/schema';

/**
 * The tools service, declared once: main.ts, testing.ts and the layout check read this. The qualifier's results
 * e-mails only go on the shared send-mail queue; auth's worker sends them (docs/decisions.md "One service
 * definition").
 */
export const service = defineService<ToolsDatabase>()({
  config: settings,
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  // It publishes nothing: no relay polls its empty outbox.
  outbox: false,
  deps: ({ config, logger, database, readiness, mail }): AppDeps => {
    const models = parseModels(config.AI_MODELS);
    return {
      logger,
      internalTokenKeys: internalTokenKeys(config),
      readiness,
      db: database.db,
      mail: mail(),
      ai: createAiClient({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, timeoutMs: config.AI_TIMEOUT_MS }),
      aiDemo: config.AI_DEMO === 'true',
      modelFor: (assistant) => models.get(assistant) ?? config.AI_MODEL,
      qualifierSendsPerDay: config.QUALIFIER_SENDS_PER_DAY,
    };
  },
  app: buildApp,
  consumers: (_deps, wiring) => [createEventConsumer(wiring)],
});

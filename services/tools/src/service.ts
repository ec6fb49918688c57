import { type BackgroundTask, consumerWiring, type ServiceRuntime, serviceMail } from '@rainmakers/kit';
import { createAiClient } from './ai';
import { buildApp } from './app';
import { type Config, parseModels } from './config';
import { createEventConsumer } from './events';
import type { ToolsDatabase } from './store/schema';

/** Wires the app and its background tasks (users.user-deleted consumer, the mail queue, optional mail worker). */
export function buildService(runtime: ServiceRuntime<ToolsDatabase>, config: Config) {
  const { logger, redis } = runtime;
  const { mail, background: mailTasks } = serviceMail(config, redis, logger);
  const models = parseModels(config.AI_MODELS);
  const consumer = createEventConsumer(consumerWiring(runtime, config));
  const background: BackgroundTask[] = [consumer, ...mailTasks];
  const app = buildApp({
    logger,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness: runtime.readiness,
    db: runtime.database.db,
    mail,
    ai: createAiClient({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, timeoutMs: config.AI_TIMEOUT_MS }),
    aiDemo: config.AI_DEMO === 'true',
    modelFor: (assistant) => models.get(assistant) ?? config.AI_MODEL,
    qualifierSendsPerDay: config.QUALIFIER_SENDS_PER_DAY,
  });
  return { app, consumer, background };
}

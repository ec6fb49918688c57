import {
  type BackgroundTask,
  createApp,
  createMailWorkerTask,
  type Logger,
  type ReadinessCheck,
  type ServiceRuntime,
} from '@rainmakers/kit';
import { createAiClient } from './ai';
import { type Config, parseModels } from './config';
import type { ToolsDeps } from './deps';
import { createEventConsumer } from './events';
import { createToolsMailQueue } from './mail';
import { aiRoutes } from './routes/ai';
import { productRoutes } from './routes/products';
import { qualifierRoutes } from './routes/qualifier';
import type { ToolsDatabase } from './store/schema';

export interface AppDeps extends ToolsDeps {
  logger: Logger;
  internalTokenSecret: string;
  readiness: ReadinessCheck[];
}

/** The tools service's HTTP API: the Power Profit Tool, the Product Qualifier and the AI Toolkit. */
export function buildApp(deps: AppDeps) {
  const { logger, internalTokenSecret, readiness } = deps;
  return createApp({ name: 'tools', logger, internalTokenSecret, readiness }, (app) => {
    app.use('/api/product-qualifier', qualifierRoutes(deps));
    app.use('/api/product', productRoutes(deps));
    app.use('/api/ai', aiRoutes(deps));
  });
}

/** Wires the app and its background tasks (users.user-deleted consumer, optional mail worker). */
export function buildService(runtime: ServiceRuntime<ToolsDatabase>, config: Config) {
  const { logger, redis } = runtime;
  const db = runtime.database.db;
  const prefix = config.REDIS_PREFIX;
  const mail = createToolsMailQueue(redis, prefix);
  const models = parseModels(config.AI_MODELS);
  const consumer = createEventConsumer({
    db,
    redis,
    prefix,
    logger,
    reclaimIdleMs: config.EVENT_RECLAIM_IDLE_MS,
  });
  const background: BackgroundTask[] = [consumer, { start: () => {}, stop: () => mail.close() }];
  if (config.RUN_WORKERS_IN_PROCESS) {
    background.push(
      createMailWorkerTask({
        redis,
        prefix,
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        logger: logger.child({ worker: 'send-mail' }),
      }),
    );
  }
  const app = buildApp({
    logger,
    internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
    readiness: runtime.readiness,
    db,
    mail,
    ai: createAiClient({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, timeoutMs: config.AI_TIMEOUT_MS }),
    modelFor: (assistant) => models.get(assistant) ?? config.AI_MODEL,
    qualifierSendsPerDay: config.QUALIFIER_SENDS_PER_DAY,
  });
  return { app, consumer, background };
}

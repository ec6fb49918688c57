import type { Express } from 'express';
import { sql } from 'kysely';
import { z } from 'zod';
import { type BaseConfig, loadConfig, readConfigOrExit, requiredProblems } from './config';
import { createDatabase, type DatabaseHandle, ensureDatabaseExists, runMigrations, serviceDatabaseOptions } from './db';
import { configureAccessLog, type ReadinessCheck } from './http';
import { idempotencyPurgeTask } from './idempotency';
import { configureSecondFactorRule } from './internal-token';
import { startLiveness } from './liveness';
import { createLogger, type Logger } from './logger';
import { collectProcessMetrics, registerPoolMetrics } from './metrics';
import { configureLoadShedding } from './overload';
import { createRequestRedis, type Redis } from './redis';
import { closeServer, listen, shutdownOnSignals } from './service';
import { startTracing, stopTracing } from './tracing';

/** Something that runs beside the HTTP server: an outbox relay, an event consumer, a job worker. */
export interface BackgroundTask {
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceRuntime<Schema> {
  config: BaseConfig;
  logger: Logger;
  database: DatabaseHandle<Schema>;
  redis: Redis;
  /** PostgreSQL and Redis checks for /readyz. */
  readiness: ReadinessCheck[];
}

export interface ServiceDefinition<Schema> {
  config: BaseConfig;
  migrationsDir: string;
  build(runtime: ServiceRuntime<Schema>):
    | Promise<{ app: Express; background?: BackgroundTask[] }>
    | {
        app: Express;
        background?: BackgroundTask[];
      };
}

/**
 * Boots a service the same way everywhere: logger, database (created and migrated outside production,
 * where a Helm hook Job migrates), Redis, the app, its background tasks, and a clean shutdown.
 */
export async function runService<Schema>(definition: ServiceDefinition<Schema>): Promise<void> {
  const { config } = definition;
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  if (startTracing(config)) logger.info('tracing on: spans exported over OTLP');
  if (!config.DATABASE_URL) throw new Error(`${config.SERVICE_NAME}: DATABASE_URL is required`);
  if (config.NODE_ENV !== 'production') await ensureDatabaseExists(config.DATABASE_URL);
  if (config.NODE_ENV !== 'production' || process.env.MIGRATE_ON_START === 'true') {
    // On a connection of its own: migrations may run longer than any request's query limit.
    const applied = await migrateOnly(config.DATABASE_URL, definition.migrationsDir);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  }
  configureAccessLog(config.ACCESS_LOG_SAMPLE_RATE);
  configureSecondFactorRule({ requiredForCoaches: config.SECOND_FACTOR_REQUIRED_FOR_COACHES });
  collectProcessMetrics(config.SERVICE_NAME, { version: config.BUILD_VERSION, commit: config.BUILD_COMMIT });
  configureLoadShedding({
    maxEventLoopDelayMs: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxInFlight: config.OVERLOAD_MAX_IN_FLIGHT,
  });
  const database = createDatabase<Schema>(config.DATABASE_URL, {
    ...serviceDatabaseOptions(config.DATABASE_STATEMENT_TIMEOUT_MS),
    connectionTimeoutMs: config.DATABASE_POOL_WAIT_MS,
    max: config.DATABASE_POOL_MAX,
  });
  registerPoolMetrics('service', database.pool);
  const redis = createRequestRedis(config.REDIS_URL, config.SERVICE_NAME, {
    onStall: () => logger.warn('redis stopped answering; reconnecting'),
  });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const readiness = dependencyReadiness(database, redis);
  const { app, background = [] } = await definition.build({ config, logger, database, redis, readiness });
  const server = await listen(app, config.PORT, config.HOST);
  await startLiveness({ port: config.LIVENESS_PORT, host: config.HOST });
  // Every service's database holds the kit's idempotency keys: expired ones are purged beside the service.
  for (const task of [...background, idempotencyPurgeTask(database.db, logger)]) await task.start();
  logger.info({ port: config.PORT }, `${config.SERVICE_NAME} listening`);
  shutdownOnSignals(logger, [
    // Last: the spans of the work that finished during shutdown go out too.
    () => stopTracing(),
    () => redis.quit(),
    () => database.close(),
    ...background.map((task) => () => task.stop()),
    () => closeServer(server),
  ]);
}

/**
 * A service's /readyz: PostgreSQL and Redis, each answering within the kit's readiness timeout. A database the
 * watchdog finds down fails at once; a Redis that is down fails its ping within its command timeout.
 */
export function dependencyReadiness<Schema>(database: DatabaseHandle<Schema>, redis: Redis): ReadinessCheck[] {
  return [
    { name: 'postgres', check: () => sql`SELECT 1`.execute(database.db) },
    { name: 'redis', check: () => redis.ping() },
  ];
}

/** `node src/migrate.ts`: the Helm pre-upgrade hook's command. */
export async function migrateOnly(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const database = createDatabase(databaseUrl, { max: 1 });
  try {
    return await runMigrations(database.pool, migrationsDir);
  } finally {
    await database.close();
  }
}

/** The body of every service's `src/migrate.ts`: migrate the database named by DATABASE_URL, log, exit. */
export async function runMigrateCommand(service: string, migrationsDir: string): Promise<void> {
  const config = readConfigOrExit(() =>
    loadConfig(
      { SERVICE_NAME: z.string().default(service), PORT: z.coerce.number().default(0) },
      process.env,
      (_config, env) => requiredProblems(['DATABASE_URL'], env),
    ),
  );
  const logger = createLogger(`${service}-migrate`, config.LOG_LEVEL);
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
  const applied = await migrateOnly(config.DATABASE_URL, migrationsDir);
  logger.info({ applied }, applied.length > 0 ? 'migrations applied' : 'database is up to date');
}

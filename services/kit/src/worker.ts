import { createServer, type Server } from 'node:http';
import type { BackgroundTask } from './bootstrap';
import { dependencyReadiness } from './bootstrap';
import { OutboxRelay } from './bus';
import type { BaseConfig } from './config';
import { createDatabase, type DatabaseHandle, SERVICE_DATABASE_OPTIONS } from './db';
import { READINESS_TIMEOUT_MS, type ReadinessCheck } from './http';
import { configureSecondFactorRule } from './internal-token';
import { createLogger, type Logger } from './logger';
import { collectProcessMetrics, registerPoolMetrics, writeMetrics } from './metrics';
import { createRedis, type Redis } from './redis';
import { closeServer, shutdownInOrder } from './service';
import { startTracing, stopTracing } from './tracing';

/** A worker process's settings: the service's, plus the port of its health server (none: no probe). */
export type WorkerConfig = BaseConfig & { HEALTH_PORT?: number | undefined };

export interface WorkerRuntime<Schema> {
  logger: Logger;
  redis: Redis;
  /** PostgreSQL and the worker's own outbox relay (so the events its jobs write go out while it works). */
  database: DatabaseHandle<Schema>;
  relay: OutboxRelay<Schema>;
}

export interface WorkerDefinition<Schema> {
  config: WorkerConfig;
  /** What the log line names (`stripe-sync`, `send-mail`...). */
  jobs: string;
  /** false: the jobs need no PostgreSQL (the mail worker); no database, no relay. Default true. */
  database?: boolean;
  /** The job workers (BullMQ), started after the relay and stopped first on shutdown. */
  build(runtime: WorkerRuntime<Schema>): BackgroundTask[];
}

/** How long a worker may take to finish its jobs in flight on SIGTERM (Kubernetes waits 30 s by default). */
export const WORKER_SHUTDOWN_MS = 25_000;

/**
 * Boots a job worker process the same way everywhere: logger, Redis, PostgreSQL and an outbox relay (unless
 * `database: false`), the job workers, and a health server on HEALTH_PORT (GET /healthz: the process answers;
 * GET /readyz: its Redis and PostgreSQL answer, each within a second). On SIGTERM/SIGINT it shuts down in this order: the workers stop
 * taking jobs and finish the ones in flight (a job still running at the deadline is released: its lock lapses and
 * another worker takes it up), the relay sends what they wrote, then Redis and PostgreSQL close, then the probe.
 */
export async function runWorker<Schema>(definition: WorkerDefinition<Schema>): Promise<void> {
  const { config } = definition;
  const logger = createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  if (startTracing(config)) logger.info('tracing on: spans exported over OTLP');
  // Workers act for the person who queued a job: any actor they read follows the same rule as a request's.
  configureSecondFactorRule({ requiredForCoaches: config.SECOND_FACTOR_REQUIRED_FOR_COACHES });
  collectProcessMetrics(config.SERVICE_NAME, { version: config.BUILD_VERSION, commit: config.BUILD_COMMIT });
  const redis = createRedis(config.REDIS_URL, config.SERVICE_NAME);
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  let database: DatabaseHandle<Schema> | undefined;
  let relay: OutboxRelay<Schema> | undefined;
  let readiness: ReadinessCheck[] = [{ name: 'redis', check: () => redis.ping() }];
  if (definition.database !== false) {
    if (!config.DATABASE_URL) throw new Error(`${config.SERVICE_NAME}: DATABASE_URL is required`);
    database = createDatabase<Schema>(config.DATABASE_URL, {
      ...SERVICE_DATABASE_OPTIONS,
      max: config.DATABASE_POOL_MAX,
    });
    registerPoolMetrics('worker', database.pool);
    relay = new OutboxRelay<Schema>({ db: database.db, redis, prefix: config.REDIS_PREFIX, logger });
    readiness = dependencyReadiness(database, redis);
  }
  const workers = definition.build({
    logger,
    redis,
    // Only a worker declared without a database leaves these unset, and its build does not read them.
    database: database as DatabaseHandle<Schema>,
    relay: relay as OutboxRelay<Schema>,
  });
  if (relay) await relay.start();
  for (const worker of workers) await worker.start();
  const health = await serveHealth({ port: config.HEALTH_PORT, host: config.HOST, readiness });
  logger.info({ healthPort: config.HEALTH_PORT ?? null }, `${config.SERVICE_NAME} started (${definition.jobs})`);
  shutdownInOrder(
    logger,
    [
      () => Promise.all(workers.map((worker) => worker.stop())),
      () => relay?.stop(),
      () => redis.quit(),
      () => database?.close(),
      () => (health ? closeServer(health) : undefined),
      () => stopTracing(),
    ],
    WORKER_SHUTDOWN_MS,
  );
}

/**
 * A worker process's health probes (it serves no API): GET /healthz answers while the process runs, GET /readyz
 * while every check passes. The stack's launcher waits on /readyz and finds the process by this port; Kubernetes
 * probes the same paths. Returns null without a port.
 */
export async function serveHealth(options: {
  port: number | undefined;
  host: string;
  readiness: ReadinessCheck[];
}): Promise<Server | null> {
  if (!options.port) return null;
  const json = { 'content-type': 'application/json' };
  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
      writeMetrics(req, res).catch(() => res.writeHead(500).end());
      return;
    }
    if (req.method !== 'GET' || (path !== '/healthz' && path !== '/readyz')) {
      res.writeHead(404).end();
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, json).end('{"status":"ok"}');
      return;
    }
    // Each check within the kit's readiness timeout, as a service's /readyz: a frozen dependency is unready.
    const within = (check: ReadinessCheck) =>
      new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => resolve(check.name), READINESS_TIMEOUT_MS);
        timer.unref();
        check.check().then(
          () => resolve(null),
          () => resolve(check.name),
        );
      });
    Promise.all(options.readiness.map(within)).then((failed) => {
      const down = failed.filter((name) => name !== null);
      if (down.length === 0) res.writeHead(200, json).end('{"status":"ready"}');
      else res.writeHead(503, json).end(JSON.stringify({ status: `${down.join(', ')} unavailable` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return server;
}

import type { ServiceName } from '@rainmakers/contracts';
import type { Express } from 'express';
import { type BackgroundTask, runService, type ServiceRuntime } from './bootstrap';
import { type EventConsumer, OutboxRelay } from './bus';
import { type BaseConfig, readConfigOrExit, type ServiceConfigDefinition } from './config';
import { type ConsumerWiring, consumerWiring } from './consumers';
import type { DatabaseHandle } from './db';
import type { Logger } from './logger';
import { createMailSender, type MailSender } from './mail';
import type { Redis } from './redis';
import { runWorker } from './worker';

/** The settings the kit itself reads from every service's config (kit defineServiceConfig gives them all). */
export interface DefinedServiceConfig extends BaseConfig {
  RUN_WORKERS_IN_PROCESS: boolean;
  HEALTH_PORT?: number | undefined;
  OUTBOX_POLL_MS: number;
  EVENT_RECLAIM_IDLE_MS: number;
}

/** What a service's `deps` is built from: the running process's parts, made by the kit. */
export interface ServiceContext<Schema, Config extends DefinedServiceConfig> extends ServiceRuntime<Schema> {
  config: Config;
  /** The service's outbox relay (started by the kit when the definition says `outbox: true`). */
  relay: OutboxRelay<Schema>;
  /** The shared send-mail queue's sender, made on first call and closed by the kit. Auth's worker sends. */
  mail(): MailSender;
}

/** What a service's job workers are built from, in the worker process or (RUN_WORKERS_IN_PROCESS) the service's. */
export interface WorkerContext<Schema, Config extends DefinedServiceConfig> {
  config: Config;
  logger: Logger;
  redis: Redis;
  database: DatabaseHandle<Schema>;
  relay: OutboxRelay<Schema>;
}

export interface ServiceParts<Schema, Config extends DefinedServiceConfig, Deps> {
  /** src/config.ts's settings (kit defineServiceConfig): the service's name comes with them. */
  config: ServiceConfigDefinition<Config>;
  /** The migrations folder (`fileURLToPath(new URL('../migrations', import.meta.url))`). */
  migrations: string;
  /** Whether the service publishes events: its outbox relay runs beside it. */
  outbox: boolean;
  /** Everything routes, commands and consumers are given (src/deps.ts's AppDeps). */
  deps(context: ServiceContext<Schema, Config>): Deps | Promise<Deps>;
  /** The Express app (src/app.ts): its routes, with /internal mounted at `/internal`. */
  app(deps: Deps): Express;
  /** Its event consumers (src/events.ts). */
  consumers?(deps: Deps, wiring: ConsumerWiring<Schema>): EventConsumer<Schema>[];
  /** Other tasks beside the server: housekeeping, live fan-out, closing the queues its routes fill. */
  tasks?(deps: Deps): BackgroundTask[];
  /**
   * Its job workers: run by src/worker.ts in a process of their own, or in the HTTP process when
   * RUN_WORKERS_IN_PROCESS. `database: false`: the jobs need no PostgreSQL (the worker process opens none).
   */
  workers?: {
    jobs: string;
    database?: boolean;
    build(context: WorkerContext<Schema, Config>): BackgroundTask[];
  };
}

/** A running service's parts, for main.ts and the test harness. */
export interface BuiltService<Schema, Deps> {
  app: Express;
  background: BackgroundTask[];
  deps: Deps;
  relay: OutboxRelay<Schema>;
}

export interface DefinedService<Schema, Config extends DefinedServiceConfig, Deps>
  extends ServiceParts<Schema, Config, Deps> {
  name: ServiceName;
  /** The one wiring, from a runtime (runService's or the test harness's). */
  build(runtime: ServiceRuntime<Schema>, config: Config): Promise<BuiltService<Schema, Deps>>;
  /** src/main.ts: the HTTP process. */
  run(): Promise<void>;
  /** src/worker.ts: the job worker process (only services that declare workers have one). */
  runWorker(): Promise<void>;
}

/**
 * Declares a service once: its settings, migrations, deps, app, consumers, tasks and workers. main.ts, worker.ts
 * and testing.ts are one call each on the result. Curried so the schema is named and the rest inferred:
 * `defineService<Schema>()({...})`.
 */
export function defineService<Schema>() {
  return <Config extends DefinedServiceConfig, Deps>(
    parts: ServiceParts<Schema, Config, Deps>,
  ): DefinedService<Schema, Config, Deps> => {
    const name = parts.config.name;
    const build = async (runtime: ServiceRuntime<Schema>, config: Config): Promise<BuiltService<Schema, Deps>> => {
      const { logger, redis, database } = runtime;
      const relay = new OutboxRelay<Schema>({
        db: database.db,
        redis,
        prefix: config.REDIS_PREFIX,
        logger,
        pollMs: config.OUTBOX_POLL_MS,
      });
      let mail: MailSender | undefined;
      const deps = await parts.deps({
        ...runtime,
        config,
        relay,
        mail: () => {
          mail ??= createMailSender(redis, config.REDIS_PREFIX);
          return mail;
        },
      });
      const background: BackgroundTask[] = [
        ...(parts.outbox ? [relay] : []),
        ...(parts.consumers?.(deps, consumerWiring(runtime, config)) ?? []),
        ...(parts.tasks?.(deps) ?? []),
      ];
      if (mail) background.push(mail);
      if (parts.workers && config.RUN_WORKERS_IN_PROCESS) {
        background.push(...parts.workers.build({ config, logger, redis, database, relay }));
      }
      return { app: parts.app(deps), background, deps, relay };
    };
    return {
      ...parts,
      name,
      build,
      async run() {
        // Every problem of the environment at once, DATABASE_URL's too, then exit 78 (kit config.ts).
        const config = readConfigOrExit(() => parts.config.load(process.env, { required: ['DATABASE_URL'] }));
        await runService<Schema>({
          config,
          migrationsDir: parts.migrations,
          build: (runtime) => build(runtime, config),
        });
      },
      async runWorker() {
        const workers = parts.workers;
        if (!workers) throw new Error(`${name} declares no job workers`);
        const required = (workers.database ?? true) ? ['DATABASE_URL'] : [];
        const config = readConfigOrExit(() => parts.config.loadWorker(process.env, { required }));
        await runWorker<Schema>({
          config,
          jobs: workers.jobs,
          database: workers.database ?? true,
          build: (runtime) => workers.build({ ...runtime, config }),
        });
      },
    };
  };
}

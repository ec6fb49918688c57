import {
  DEFAULT_PORTS,
  localServiceAddr,
  PEERS,
  type PeerOf,
  type ServiceName,
  serviceAddrVar,
} from '@rainmakers/contracts';
import { z } from 'zod';

/** Secrets that only exist so a developer can run the product without setting anything. */
export const DEV_SECRETS = {
  INTERNAL_TOKEN_SECRET: 'dev-internal-token-secret-change-me-0000',
  SESSION_SECRET: 'dev-session-secret-change-me-000000000000',
} as const;

const secret = (name: keyof typeof DEV_SECRETS) => z.string().min(16).default(DEV_SECRETS[name]);

/** Settings every service shares. Services extend it with their own keys. */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_NAME: z.string().min(1),
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  /** Port of the liveness thread (liveness.ts); 0: any free one, which /healthz names to the gateway. */
  LIVENESS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  /** statement_timeout of every query of a service's pool, ms (0: none); routes may ask for another (db.ts). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Namespace for every Redis key, stream and queue, so environments can share one Redis. */
  REDIS_PREFIX: z.string().default('rm:'),
  INTERNAL_TOKEN_SECRET: secret('INTERNAL_TOKEN_SECRET'),
  /**
   * Coaches need a second factor too (admins always do). Read by every service and the gateway: auth asks for the
   * factor at sign-in, and every reader of an actor withholds the coach role from a session without it.
   */
  SECOND_FACTOR_REQUIRED_FOR_COACHES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** The address people reach the product at; used in e-mailed links. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /**
   * Other addresses of the same product (comma separated): e-mailed links and Stripe's return addresses
   * follow the one a request came from when it is listed (public-url.ts), else PUBLIC_URL.
   */
  PUBLIC_URLS: z.string().optional(),
  /** Load shedding (overload.ts): new requests answer 503 OVERLOADED while the event loop is this late (0: off)... */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** ...or this many requests are in flight in the process (0: off). */
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  /** Share of successful requests written to the access log, 0 to 1 (errors are always logged). */
  ACCESS_LOG_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  /** Longest a query waits for a pooled PostgreSQL connection (or for a new one to open); then 503 OVERLOADED. */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(1).default(1000),
  /**
   * Most PostgreSQL connections one process holds (plus one for the watchdog): the connection budget is this times
   * the replicas (docs/deploy.md "Sizing").
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Traces (tracing.ts): an OTLP/HTTP receiver's base URL (`<url>/v1/traces`); unset, tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The traces endpoint's full URL instead (also turns tracing on). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  /** Extra export headers, `key=value,key2=value2`. */
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  /** The spans' service.name; default SERVICE_NAME. */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /**
   * Share of new traces recorded (0 to 1; the OpenTelemetry variable, read as the ratio of a
   * `parentbased_traceidratio` sampler): a request continues its caller's decision, so a trace is whole or absent.
   */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /** The batch span processor: longest a finished span waits to be sent (ms), spans per export, spans held at most. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(1).default(5000),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: z.coerce.number().int().min(1).default(512),
  OTEL_BSP_MAX_QUEUE_SIZE: z.coerce.number().int().min(1).default(2048),
};

const baseConfigSchema = z.object(baseConfigShape);
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/**
 * Reads and validates the environment once, at boot. Nothing else in a service reads process.env.
 * In production it refuses to start on a development default secret.
 */
export function loadConfig<S extends z.ZodRawShape>(shape: S, env: Record<string, string | undefined> = process.env) {
  const schema = baseConfigSchema.extend(shape);
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if ((config as BaseConfig).NODE_ENV === 'production') assertNoDevSecrets(config as Record<string, unknown>);
  return config;
}

export function assertNoDevSecrets(config: Record<string, unknown>): void {
  const devValues = new Set<unknown>(Object.values(DEV_SECRETS));
  const offending = Object.entries(config)
    .filter(([, value]) => devValues.has(value) || (typeof value === 'string' && value.includes('change-me')))
    .map(([key]) => key);
  if (offending.length > 0) {
    throw new ConfigError(`Refusing to start in production with development secrets: ${offending.join(', ')}`);
  }
}

/**
 * Where the peers a service calls listen, from `<NAME>_SERVICE_ADDR` (contracts' topology). In production every
 * peer's address is required: a missing one refuses the start instead of calling localhost. Elsewhere a
 * missing one is the one-machine address (http://127.0.0.1:<port>).
 */
export function peerAddresses<P extends ServiceName>(
  peers: readonly P[],
  nodeEnv: BaseConfig['NODE_ENV'],
  env: Record<string, string | undefined> = process.env,
): Record<P, string> {
  const addresses = {} as Record<P, string>;
  const problems: string[] = [];
  for (const peer of peers) {
    const name = serviceAddrVar(peer);
    const value = env[name]?.trim();
    if (!value) {
      if (nodeEnv === 'production') problems.push(`  ${name}: required in production`);
      else addresses[peer] = localServiceAddr(peer);
      continue;
    }
    if (!z.string().url().safeParse(value).success || !/^https?:\/\//.test(value)) {
      problems.push(`  ${name}: not an http(s) URL`);
      continue;
    }
    addresses[peer] = value;
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return addresses;
}

/**
 * Settings every service (not the gateway) shares on top of the base, parsed here once for all seven: mail, the
 * job workers' place, the worker process's probe, the outbox relay and the event consumers.
 */
export const serviceSettingsShape = {
  /** Where the send-mail worker delivers (auth's worker; the others only queue mail). */
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Rainmakers <no-reply@rainmakers.local>'),
  /**
   * Run the service's declared job workers inside the HTTP process (default: only in development); `npm start` and
   * production run the services that have a worker process with it off.
   */
  RUN_WORKERS_IN_PROCESS: z.enum(['true', 'false']).optional(),
  /** The worker process (src/worker.ts) answers GET /healthz and /readyz on this port; none: no probe. */
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** How often the outbox relay looks for unpublished events when nobody nudges it. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(250),
  /** Events left unacknowledged this long by a crashed or stuck consumer are taken over (kit reclaimIdleMs). */
  EVENT_RECLAIM_IDLE_MS: z.coerce.number().int().min(1).default(30_000),
};

/** `USERS_SERVICE_ADDR`... for the peers a service calls (contracts' PEERS). */
export type PeerAddressSettings<N extends ServiceName> = {
  [P in PeerOf<N> as `${Uppercase<P>}_SERVICE_ADDR`]: string;
};

type Env = Record<string, string | undefined>;

function serviceShape<N extends ServiceName, S extends z.ZodRawShape>(name: N, shape: S) {
  return {
    SERVICE_NAME: z.string().default(name),
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS[name]),
    ...serviceSettingsShape,
    ...shape,
  };
}

/** The settings of service N with its own keys S, as parsed (before the service's own `derive`). */
export type ParsedServiceSettings<N extends ServiceName, S extends z.ZodRawShape> = Omit<
  ReturnType<typeof loadConfig<ReturnType<typeof serviceShape<N, S>>>>,
  'RUN_WORKERS_IN_PROCESS'
> &
  PeerAddressSettings<N> & { RUN_WORKERS_IN_PROCESS: boolean };

function parseServiceSettings<N extends ServiceName, S extends z.ZodRawShape>(
  name: N,
  shape: S,
  env: Env,
): ParsedServiceSettings<N, S> {
  const parsed = loadConfig(serviceShape(name, shape), env);
  // The shared keys' types, which the generic shape hides from the compiler here.
  const shared = parsed as unknown as BaseConfig & { RUN_WORKERS_IN_PROCESS?: 'true' | 'false' | undefined };
  const addresses = peerAddresses<ServiceName>(PEERS[name], shared.NODE_ENV, env);
  const peers = Object.fromEntries(
    Object.entries(addresses).map(([peer, address]) => [serviceAddrVar(peer as ServiceName), address]),
  );
  const runWorkers = shared.RUN_WORKERS_IN_PROCESS;
  return {
    ...parsed,
    ...peers,
    RUN_WORKERS_IN_PROCESS: runWorkers ? runWorkers === 'true' : shared.NODE_ENV === 'development',
  } as unknown as ParsedServiceSettings<N, S>;
}

/** A service's settings, declared once (src/config.ts) and read by its definition, worker and tests. */
export interface ServiceConfigDefinition<Config> {
  name: ServiceName;
  /** Every key the service reads: the base, the shared service settings and its own (docs/configuration.md). */
  shape: z.ZodRawShape;
  /** The HTTP process's settings from the environment. */
  load(env?: Env): Config;
  /** The worker process's: no PORT needed, SERVICE_NAME `<name>-worker`. */
  loadWorker(env?: Env): Config;
}

/**
 * A service's settings: the base and the shared service settings (parsed here for every service), the peers'
 * addresses, and the service's own keys; `derive` turns its own raw values into what the code reads (a flag into
 * a boolean, production-only checks).
 */
export function defineServiceConfig<
  N extends ServiceName,
  S extends z.ZodRawShape,
  Extra extends object = Record<never, never>,
>(options: {
  name: N;
  shape: S;
  derive?: (config: ParsedServiceSettings<N, S>, env: Env) => Extra;
}): ServiceConfigDefinition<Omit<ParsedServiceSettings<N, S>, keyof Extra> & Extra> {
  const { name, shape, derive } = options;
  const load = (env: Env = process.env) => {
    const config = parseServiceSettings(name, shape, env);
    const extra = derive ? derive(config, env) : ({} as Extra);
    return { ...config, ...extra } as Omit<ParsedServiceSettings<N, S>, keyof Extra> & Extra;
  };
  return {
    name,
    shape: { ...baseConfigShape, ...serviceShape(name, shape) },
    load,
    loadWorker: (env: Env = process.env) => load({ PORT: '0', ...env, SERVICE_NAME: `${name}-worker` }),
  };
}

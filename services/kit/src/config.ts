import { localServiceAddr, type ServiceName, serviceAddrVar } from '@rainmakers/contracts';
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
  /** The address people reach the product at; used in e-mailed links. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /**
   * Other addresses of the same product (comma separated; issue 21): e-mailed links and Stripe's return addresses
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

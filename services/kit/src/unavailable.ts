/**
 * A dependency that is down or frozen answers 503 SERVICE_UNAVAILABLE, fast, never a 500 after a long wait.
 * The timeouts that make it fast live with the connections (db.ts, redis.ts); this module recognises what their
 * failures look like once they reach the error handler.
 */
import { SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE } from '@rainmakers/contracts';
import { HttpError } from './errors';

export const serviceUnavailable = (message = SERVICE_UNAVAILABLE_MESSAGE) =>
  new HttpError(503, message, undefined, SERVICE_UNAVAILABLE);

/** Socket-level failures: the peer is gone, refuses, or cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that mean "the database is not there right now": class 08 (connection exception),
 * 57P01-57P03 (terminating connection: shutdown, crash, cannot connect now), 57014 (statement timeout).
 */
const PG_UNAVAILABLE = /^(08...|57P0[1-3]|57014)$/;

/** Messages of pg, pg-pool, ioredis and the kit's own watchdogs for a lost or silent connection. */
const UNAVAILABLE_MESSAGES = [
  /^timeout exceeded when trying to connect$/i,
  /^Connection terminated/i,
  /^Query read timeout$/i,
  /^Client has encountered a connection error/i,
  /^Command timed out$/i,
  /^Connection is closed\.?$/i,
  /^Stream isn't writeable/i,
  /^Reached the max retries per request limit/i,
  /^Database unavailable/i,
];

/** Whether an error means a dependency (PostgreSQL, Redis, another service) is down or not answering. */
export function isDependencyFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, name, errors, cause } = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
    // ioredis giving up on a command; an internal call or a probe aborted by its deadline.
    if (name === 'MaxRetriesPerRequestError' || name === 'TimeoutError') return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // Node reports a refused connection to a name with several addresses as an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isDependencyFailure(inner))) return true;
    current = cause;
  }
  return false;
}

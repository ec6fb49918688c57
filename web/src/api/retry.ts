/**
 * Retries of creates (calls sent with `create: true`, which carry an Idempotency-Key): the server answers a retry
 * with the same key with the first answer, so a create that was applied while its answer was lost (a 503 from
 * the gateway, a dropped connection) is never made twice. Other writes are never retried.
 *
 * Reads (TanStack queries, queryClient.ts) are retried by the query: a "busy" answer (503 or 429 with Retry-After,
 * what a gateway or service shedding load sends: docs/decisions.md "Shed at the gateway, not queue") after the
 * advised delay, up to READ_BUSY_RETRIES times, while the screen shows "busy, retrying" (layout/BusyNotice.tsx);
 * a network failure or another 5xx twice, as before; a 4xx never.
 */

/** Attempts of one create in all (the first and two retries). */
export const CREATE_ATTEMPTS = 3;
/** The longest wait between two attempts, whatever Retry-After asks. */
export const MAX_RETRY_DELAY_MS = 5_000;
const BASE_DELAY_MS = 400;

/** What an attempt ended with: a status (and the error code of its body), or 0 for a network failure. */
export interface AttemptOutcome {
  status: number;
  code?: string | undefined;
  /** The Retry-After header as sent (seconds), if any. */
  retryAfter?: string | null | undefined;
}

/** Retry-After in milliseconds (seconds or an HTTP date), or null when missing or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long to wait before attempt `attempt + 1` of a create (attempt counts from 1), or null when it must not be
 * retried: only network failures, 503, and a 409/429 that says when to come back within MAX_RETRY_DELAY_MS.
 */
export function createRetryDelay(outcome: AttemptOutcome, attempt: number, random = Math.random): number | null {
  if (attempt >= CREATE_ATTEMPTS) return null;
  const asked = retryAfterMs(outcome.retryAfter);
  const busy = outcome.status === 409 && outcome.code === 'IDEMPOTENCY_KEY_IN_PROGRESS';
  if ((busy || outcome.status === 429) && (asked === null || asked > MAX_RETRY_DELAY_MS)) return null;
  if (!busy && outcome.status !== 429 && outcome.status !== 503 && outcome.status !== 0) return null;
  if (asked !== null) return Math.min(asked, MAX_RETRY_DELAY_MS);
  // Exponential with jitter: 400-600 ms, then 800-1200 ms.
  const base = BASE_DELAY_MS * 2 ** (attempt - 1);
  return Math.min(Math.round(base * (0.75 + random() / 2)), MAX_RETRY_DELAY_MS);
}

/** A fresh key for one logical create (every retry of it sends the same one). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Old browsers on plain http: 128 random bits as hex.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Retries of a read answered "busy" (after the first attempt): about ten seconds of Retry-After: 1 with jitter. */
export const READ_BUSY_RETRIES = 6;
/** Retries of a read after a network failure or a 5xx that did not say when to come back. */
export const READ_FAILURE_RETRIES = 2;

/** What a failed read answered: its status (0: no answer) and Retry-After. */
export interface ReadFailure {
  status: number;
  retryAfter?: string | null | undefined;
}

/** A 503 or 429 that says when to come back: the server is shedding load, not failing. */
export function isBusy(failure: ReadFailure): boolean {
  return (failure.status === 503 || failure.status === 429) && retryAfterMs(failure.retryAfter) !== null;
}

/**
 * How long to wait before retrying a read that failed `failures` times so far (from 0), or null when it must not
 * be retried. Busy answers wait what Retry-After asks (at most MAX_RETRY_DELAY_MS) plus up to a quarter more, so
 * the members a server turned away do not all come back in the same millisecond.
 */
export function readRetryDelay(failure: ReadFailure, failures: number, random = Math.random): number | null {
  if (isBusy(failure)) {
    if (failures >= READ_BUSY_RETRIES) return null;
    const asked = Math.min(retryAfterMs(failure.retryAfter) ?? 0, MAX_RETRY_DELAY_MS);
    return Math.round(asked * (1 + random() / 4));
  }
  if (failure.status >= 400 && failure.status < 500) return null;
  if (failures >= READ_FAILURE_RETRIES) return null;
  // TanStack Query's own default: 1 s, 2 s, ... capped at 30 s.
  return Math.min(1000 * 2 ** failures, 30_000);
}

/**
 * Bounded work per request: an expensive route runs at most `maxRunning` at a time; a few more wait in
 * a short queue (at most `maxQueued`, each at most `maxWaitMs`); anything beyond answers at once 429 TOO_BUSY with
 * `Retry-After`, in the spec's error body. Only the callers of that route wait or are refused: the rest of the
 * service (course pages, completions, health probes) never queues behind them.
 *
 * A statement cancelled by its statement_timeout (db.ts) answers 503 SERVICE_UNAVAILABLE; `retryAfterOnUnavailable`
 * adds the `Retry-After` those answers should carry.
 */
import { TOO_BUSY, TOO_BUSY_MESSAGE } from '@rainmakers/contracts';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors';
import { onResponseClose } from './response-close';
import { isDependencyFailure } from './unavailable';

export interface ConcurrencyLimitOptions {
  /** Names the limit in logs and in docs/decisions.md ("Bounded work"). */
  name: string;
  /** Requests of the route running at once. */
  maxRunning: number;
  /** Requests waiting for a slot; one more answers 429 at once. 0: no queue. */
  maxQueued: number;
  /** A queued request that has not started within this long answers 429. */
  maxWaitMs: number;
  /** The `Retry-After` (seconds) of a refusal. Default 1. */
  retryAfterSeconds?: number;
  /**
   * At least this long between two starts (default 0: none). Bounds the share of the machine a stream of such
   * requests can take, not only how many run at once: one caller repeating a heavy call back to back would otherwise
   * keep a core busy for as long as she likes (docs/decisions.md, "Bounded work").
   */
  minIntervalMs?: number;
}

/** A refusal of the limiter: 429 TOO_BUSY, `Retry-After` seconds attached (the middleware sets the header). */
export class TooBusyError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, undefined, TOO_BUSY);
  }
}

export const tooBusy = (retryAfterSeconds = 1, message = TOO_BUSY_MESSAGE) =>
  new TooBusyError(message, retryAfterSeconds);

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

/** Counts running work and hands free slots to waiters in arrival order. */
export class ConcurrencyLimiter {
  private runningCount = 0;
  private readonly waiters: Waiter[] = [];
  private lastStart = Number.NEGATIVE_INFINITY;
  private spacingTimer: NodeJS.Timeout | undefined;
  /** Refusals since start (full queue or waited too long). */
  refused = 0;

  constructor(readonly options: ConcurrencyLimitOptions) {
    if (options.maxRunning < 1) throw new Error(`Limit ${options.name}: maxRunning must be at least 1`);
  }

  get running(): number {
    return this.runningCount;
  }

  get queued(): number {
    return this.waiters.length;
  }

  private get retryAfter(): number {
    return this.options.retryAfterSeconds ?? 1;
  }

  /**
   * A slot: resolves with its release function (call it exactly once; later calls do nothing), or rejects with
   * TooBusyError when the queue is full or the wait passes maxWaitMs. `signal` withdraws a waiter (caller gone).
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.runningCount < this.options.maxRunning && this.waiters.length === 0 && this.spacingLeft() === 0) {
      this.start();
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.options.maxQueued || this.options.maxWaitMs <= 0) {
      this.refused++;
      return Promise.reject(tooBusy(this.retryAfter));
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leave();
        reject(tooBusy(this.retryAfter, 'Request withdrawn'));
      };
      const waiter: Waiter = {
        grant: () => {
          leave();
          this.start();
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          leave();
          this.refused++;
          reject(tooBusy(this.retryAfter));
        }, this.options.maxWaitMs),
      };
      this.waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.grantNext();
    });
  }

  private spacingLeft(): number {
    const interval = this.options.minIntervalMs ?? 0;
    return interval <= 0 ? 0 : Math.max(0, this.lastStart + interval - performance.now());
  }

  private start(): void {
    this.runningCount++;
    this.lastStart = performance.now();
  }

  /** Hands a free slot to the first waiter, now or (when starts are spaced) once the interval has passed. */
  private grantNext(): void {
    if (this.waiters.length === 0 || this.runningCount >= this.options.maxRunning || this.spacingTimer) return;
    const wait = this.spacingLeft();
    if (wait === 0) {
      this.waiters[0]?.grant();
      return;
    }
    this.spacingTimer = setTimeout(() => {
      this.spacingTimer = undefined;
      this.grantNext();
    }, Math.ceil(wait));
  }

  /** Runs `work` in a slot (see acquire). */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.runningCount--;
      this.grantNext();
    };
  }
}

/** Sets `Retry-After` on a refusal's answer (unless one is set already). */
function setRetryAfter(res: Response, seconds: number): void {
  if (!res.headersSent && !res.getHeader('retry-after')) res.setHeader('Retry-After', String(Math.max(1, seconds)));
}

/**
 * Middleware in front of an expensive route: the request goes on once it holds a slot, which it keeps until its
 * answer is finished or the client goes away; refused, it answers 429 TOO_BUSY with `Retry-After`. `when` picks
 * the requests the limit applies to (default: all).
 */
export function concurrencyLimit(
  limit: ConcurrencyLimiter | ConcurrencyLimitOptions,
  options: { when?: (req: Request) => boolean } = {},
): RequestHandler {
  const limiter = limit instanceof ConcurrencyLimiter ? limit : new ConcurrencyLimiter(limit);
  return (req, res, next) => {
    // Only the expensive shape of a route waits (e.g. large pages); the others pass straight on.
    if (options.when && !options.when(req)) return next();
    const gone = new AbortController();
    const withdraw = onResponseClose(res, () => gone.abort());
    limiter.acquire(gone.signal).then(
      (release) => {
        withdraw();
        if (res.writableEnded || req.destroyed) {
          release();
          return;
        }
        onResponseClose(res, release);
        next();
      },
      (error: unknown) => {
        withdraw();
        if (error instanceof TooBusyError) setRetryAfter(res, error.retryAfterSeconds);
        next(error);
      },
    );
  };
}

/** The `Retry-After` of a 503 for a dependency that failed or a statement cancelled by its timeout. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * Error middleware (mount after a service's routes): a 429/503 on its way to the error handler carries
 * `Retry-After` — TOO_BUSY refusals their own, dependency failures (a statement timeout, a pool with no free
 * connection) UNAVAILABLE_RETRY_AFTER_SECONDS. Passes every error on unchanged.
 */
export function retryAfterOnUnavailable(seconds = UNAVAILABLE_RETRY_AFTER_SECONDS): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (err instanceof TooBusyError) setRetryAfter(res, err.retryAfterSeconds);
    else if (err instanceof HttpError ? err.status === 503 || err.status === 429 : isDependencyFailure(err)) {
      setRetryAfter(res, seconds);
    }
    next(err);
  };
}

/**
 * GET /api/user/export (users): every person as CSV, a batch at a time; an admin-only call that reads the whole
 * table. Two at once, two more wait up to 1 s.
 */
export const USERS_EXPORT_LIMIT: ConcurrencyLimitOptions = {
  name: 'users export',
  maxRunning: 2,
  maxQueued: 2,
  maxWaitMs: 1000,
  retryAfterSeconds: 5,
};

/**
 * GET /api/product/read-many (tools): a member's products, each with every computed figure. Four at once, 32 wait
 * up to 2 s (the bench's 10 connections wait a few milliseconds at most).
 */
export const PRODUCT_READ_MANY_LIMIT: ConcurrencyLimitOptions = {
  name: 'tools product read-many',
  maxRunning: 4,
  maxQueued: 32,
  maxWaitMs: 2000,
  retryAfterSeconds: 1,
};

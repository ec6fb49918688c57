/**
 * Load shedding: past a bound, a service answers new requests a fast 503 OVERLOADED with Retry-After instead of
 * queueing them behind work it cannot finish in time (docs/decisions.md "Degrade under load").
 *
 * Two measures, both per process:
 *  - event-loop delay: how late a 100 ms timer fires, as the median of the last ten samples (about a second). One
 *    heavy request that holds the loop for two seconds is one late sample and sheds nothing (the requests that
 *    queued behind it are served); a loop that is late on every turn (CPU starvation, more work than it can do)
 *    sheds until it catches up. perf_hooks.monitorEventLoopDelay was weighed: its histogram cannot tell one long
 *    stall from a steady lag, which is the difference that matters here.
 *  - requests in flight: entered the service and not answered yet (an event stream counts until its headers are
 *    written, not for as long as it stays open).
 * Never shed: /healthz and /readyz (mounted before the shedding), and /internal/* (service-to-service lookups on
 * which another service's answer depends; their callers bound them with short deadlines).
 *
 * A PostgreSQL pool that stays drained for the pool wait (pg-pool's "timeout exceeded when trying to connect") is
 * the same overload: answered 503 OVERLOADED with Retry-After (http.ts errorHandler), counted, not logged one
 * error per request.
 */

import { OVERLOADED, OVERLOADED_MESSAGE } from '@rainmakers/contracts';
import type { RequestHandler, Response } from 'express';
import { type Activity, processActivity } from './activity';
import { HttpError } from './errors';
import type { Logger } from './logger';
import { onHeadersOrClose } from './response-close';

export interface LoadSheddingSettings {
  /** Shed while the median event-loop delay is at least this (ms). 0: never on delay. */
  maxEventLoopDelayMs: number;
  /** Shed while this many requests are in flight. 0: never on count. */
  maxInFlight: number;
  /** The Retry-After of a shed answer (seconds). */
  retryAfterSeconds: number;
}

export const DEFAULT_LOAD_SHEDDING: LoadSheddingSettings = {
  maxEventLoopDelayMs: 1000,
  maxInFlight: 256,
  retryAfterSeconds: 1,
};

let processSettings: LoadSheddingSettings = DEFAULT_LOAD_SHEDDING;

/** Sets this process's bounds (runService does, from OVERLOAD_MAX_EVENT_LOOP_DELAY_MS / OVERLOAD_MAX_IN_FLIGHT). */
export function configureLoadShedding(settings: Partial<LoadSheddingSettings>): void {
  processSettings = { ...DEFAULT_LOAD_SHEDDING, ...settings };
}

export function loadSheddingSettings(): LoadSheddingSettings {
  return processSettings;
}

/** A 503 answered because of load: nothing was done, the call may be retried after `retryAfterSeconds`. */
export class OverloadedError extends HttpError {
  constructor(readonly retryAfterSeconds = processSettings.retryAfterSeconds) {
    super(503, OVERLOADED_MESSAGE, undefined, OVERLOADED);
  }
}

/** pg-pool's error for a checkout that waited the whole pool wait for a free connection (the pool is drained). */
export function isPoolExhausted(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { message, cause } = current as { message?: unknown; cause?: unknown };
    if (message === 'timeout exceeded when trying to connect') return true;
    current = cause;
  }
  return false;
}

export type OverloadReason = 'event-loop-delay' | 'in-flight';

/** Whether a process in this state sheds, and why. Pure, for the unit tests. */
export function overloadReason(
  state: { eventLoopDelayMs: number; inFlight: number },
  settings: LoadSheddingSettings,
): OverloadReason | null {
  if (settings.maxInFlight > 0 && state.inFlight >= settings.maxInFlight) return 'in-flight';
  if (settings.maxEventLoopDelayMs > 0 && state.eventLoopDelayMs >= settings.maxEventLoopDelayMs) {
    return 'event-loop-delay';
  }
  return null;
}

/**
 * The median of the last samples of how late a periodic timer fired. It samples only while the process serves
 * (activity.ts): an idle process has no request to shed, and ten wake-ups a second in every pod add up.
 */
export class EventLoopDelay {
  private readonly samples: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last = 0;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly intervalMs = 100,
    private readonly window = 10,
    private readonly activity: Activity = processActivity,
  ) {}

  start(): void {
    this.unsubscribe ??= this.activity.onWake(() => this.sample());
    if (this.activity.isActive()) this.sample();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.pause();
  }

  private sample(): void {
    if (this.timer) return;
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      this.record(now - this.last - this.intervalMs);
      this.last = now;
      if (!this.activity.isActive(now)) this.pause();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Stops sampling; what was measured before a quiet spell says nothing about the next request. */
  private pause(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.samples.length = 0;
  }

  record(lateMs: number): void {
    this.samples.push(Math.max(0, lateMs));
    if (this.samples.length > this.window) this.samples.shift();
  }

  /** Median lateness (ms) of the last `window` samples; 0 before any. */
  get ms(): number {
    if (this.samples.length === 0) return 0;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }
}

/** This process's load: one event-loop measure and one in-flight count, shared by every app it serves. */
export class ProcessLoad {
  readonly delay = new EventLoopDelay();
  inFlight = 0;

  /** Counts `res` in flight until its headers are written or it closes. */
  enter(res: Response): void {
    processActivity.touch();
    this.inFlight += 1;
    onHeadersOrClose(res, () => {
      this.inFlight -= 1;
    });
  }

  reason(settings: LoadSheddingSettings): OverloadReason | null {
    return overloadReason({ eventLoopDelayMs: this.delay.ms, inFlight: this.inFlight }, settings);
  }
}

let processLoad: ProcessLoad | undefined;

/** The process-wide load measure (started on first use). */
export function currentLoad(): ProcessLoad {
  if (!processLoad) {
    processLoad = new ProcessLoad();
    processLoad.delay.start();
  }
  return processLoad;
}

/**
 * Counts shed answers and logs one line per interval with the counts by reason, instead of a line per request
 * (an overload must not also become a log storm).
 */
export class ShedLog {
  private counts = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = 10_000,
  ) {}

  count(reason: OverloadReason | 'pool-drained'): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    this.timer.unref();
  }

  private flush(): void {
    this.timer = undefined;
    const shed = Object.fromEntries(this.counts);
    this.counts = new Map();
    this.logger.warn(
      { shed, inFlight: processLoad?.inFlight, eventLoopDelayMs: processLoad?.delay.ms },
      'shedding load',
    );
  }
}

/** Answers a shed request: 503 OVERLOADED with Retry-After. */
export function sendOverloaded(res: Response, error = new OverloadedError()): void {
  res.set('Retry-After', String(error.retryAfterSeconds));
  res.status(503).json(error.toBody());
}

/** The shedding middleware (createApp mounts it after /healthz and /readyz). */
export function loadShedding(shedLog: ShedLog, settings?: Partial<LoadSheddingSettings>): RequestHandler {
  const load = currentLoad();
  return (req, res, next) => {
    if (req.path.startsWith('/internal/')) return next();
    const bounds = settings ? { ...processSettings, ...settings } : processSettings;
    const reason = load.reason(bounds);
    if (reason) {
      shedLog.count(reason);
      sendOverloaded(res, new OverloadedError(bounds.retryAfterSeconds));
      return;
    }
    load.enter(res);
    next();
  };
}

/**
 * Admission at the gateway: past what the machine serves, a member gets a fast 503 OVERLOADED with Retry-After
 * instead of a place in a queue that ends in a 10 s time-out (docs/decisions.md "Shed at the gateway, not queue").
 *
 * The gateway is the one entry: every call it lets in costs the gateway, a service and PostgreSQL CPU on the same
 * cores. Without a bound, past capacity every process takes its share of a queue (the gateway's upstream agents,
 * the services' loops and pools) and every caller waits for all of them. So the gateway bounds the calls in flight
 * (admitted and not answered yet: until the answer's headers are written), per process:
 *  - the bound adapts (AIMD on latency): each window (`windowMs`), if the median time from admission to the
 *    answer's headers was over `targetMs`, the bound shrinks by a quarter (never under `minInFlight`); if the
 *    bound was reached and the median stayed under the target, it grows by a tenth (never over `maxInFlight`).
 *    So it follows what the machine serves at that moment, not a count tuned to one machine;
 *  - a call that finds the bound reached waits in a FIFO queue for at most `maxWaitMs` (a burst is absorbed, a
 *    standing queue is not): then 503 OVERLOADED with Retry-After. At most `maxInFlight` wait;
 *  - while the gateway's own event loop is late by `maxEventLoopDelayMs` (median, kit overload.ts EventLoopDelay)
 *    and at least `minInFlight` calls are in flight, new calls are answered 503 at once: calls then wait in
 *    sockets before this code even sees them.
 * Only API calls and uploads are counted (`admitted`): the probes, the web app's files and the SPA are not.
 */
import { OVERLOADED, OVERLOADED_MESSAGE } from '@rainmakers/contracts';
import { EventLoopDelay, type Logger, onHeadersOrClose, onResponseClose } from '@rainmakers/kit';
import type { RequestHandler, Response } from 'express';
import { z } from 'zod';

export interface AdmissionSettings {
  /** The adaptive bound's ceiling (and its start): calls in flight at once per gateway process. 0: admission off. */
  maxInFlight: number;
  /** The adaptive bound's floor. */
  minInFlight: number;
  /** Median admission-to-headers time above which the bound shrinks (ms). */
  targetMs: number;
  /** Longest a call waits for a slot before it is answered 503 (ms). */
  maxWaitMs: number;
  /** How often the bound is adjusted (ms). */
  windowMs: number;
  /** New calls are answered 503 while the gateway's loop is late by this (median, ms) and minInFlight are in flight. 0: off. */
  maxEventLoopDelayMs: number;
  /** Retry-After of a shed answer (s). */
  retryAfterSeconds: number;
}

export const DEFAULT_ADMISSION: AdmissionSettings = {
  maxInFlight: 128,
  minInFlight: 16,
  targetMs: 250,
  maxWaitMs: 300,
  windowMs: 500,
  maxEventLoopDelayMs: 500,
  retryAfterSeconds: 1,
};

const ms = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** The gateway's admission settings, spread into config.ts's shape (docs/configuration.md "Gateway"). */
export const admissionConfigShape = {
  /** Most API calls in flight per gateway process (the adaptive bound's ceiling and start); 0: admission off. */
  ADMISSION_MAX_IN_FLIGHT: ms(DEFAULT_ADMISSION.maxInFlight),
  /** The adaptive bound's floor. */
  ADMISSION_MIN_IN_FLIGHT: z.coerce.number().int().min(1).default(DEFAULT_ADMISSION.minInFlight),
  /** Median admission-to-headers time over which the bound shrinks. */
  ADMISSION_TARGET_MS: z.coerce.number().int().min(1).default(DEFAULT_ADMISSION.targetMs),
  /** Longest a call waits for a slot before it is answered 503 OVERLOADED with Retry-After. */
  ADMISSION_MAX_WAIT_MS: ms(DEFAULT_ADMISSION.maxWaitMs),
  /** New API calls answer 503 at once while the gateway's loop is this late (median of ~1 s) and the floor's worth of calls are in flight; 0: off. */
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: ms(DEFAULT_ADMISSION.maxEventLoopDelayMs),
  /** Retry-After of the gateway's shed answers (seconds). */
  ADMISSION_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_ADMISSION.retryAfterSeconds),
};

type AdmissionConfig = { [K in keyof typeof admissionConfigShape]: number };

/** The settings from the gateway's configuration. */
export function admissionSettings(config: AdmissionConfig): AdmissionSettings {
  return {
    maxInFlight: config.ADMISSION_MAX_IN_FLIGHT,
    minInFlight: Math.min(config.ADMISSION_MIN_IN_FLIGHT, Math.max(1, config.ADMISSION_MAX_IN_FLIGHT)),
    targetMs: config.ADMISSION_TARGET_MS,
    maxWaitMs: config.ADMISSION_MAX_WAIT_MS,
    windowMs: DEFAULT_ADMISSION.windowMs,
    maxEventLoopDelayMs: config.ADMISSION_MAX_EVENT_LOOP_DELAY_MS,
    retryAfterSeconds: config.ADMISSION_RETRY_AFTER_SECONDS,
  };
}

export type ShedReason = 'queue-wait' | 'queue-full' | 'event-loop-delay';

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

/** The bound, the calls in flight and the queue of one gateway process. Time is passed in for the unit tests. */
export class Admission {
  limit: number;
  inFlight = 0;
  private readonly queue: Waiter[] = [];
  private windowStarted: number;
  private samples: number[] = [];
  private reached = false;

  constructor(
    readonly settings: AdmissionSettings,
    now = performance.now(),
  ) {
    this.limit = settings.maxInFlight;
    this.windowStarted = now;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Calls `admit` at once when a slot is free, or when one frees within `maxWaitMs` (FIFO); else `shed` with the
   * reason. Whoever is admitted must call `leave` once.
   */
  enter(admit: () => void, shed: (reason: ShedReason) => void): void {
    if (this.inFlight < this.limit && this.queue.length === 0) {
      this.inFlight += 1;
      admit();
      return;
    }
    this.reached = true;
    if (this.queue.length >= this.settings.maxInFlight) {
      shed('queue-full');
      return;
    }
    const waiter: Waiter = {
      admit,
      timer: setTimeout(() => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        shed('queue-wait');
      }, this.settings.maxWaitMs),
    };
    this.queue.push(waiter);
  }

  /**
   * An admitted call answered (headers written) after `ms` (null: it was gone before it started, no sample): its
   * slot goes to the oldest waiter, if any.
   */
  leave(ms: number | null, now = performance.now()): void {
    this.inFlight -= 1;
    if (ms !== null) this.samples.push(ms);
    if (now - this.windowStarted >= this.settings.windowMs) this.adjust(now);
    while (this.inFlight < this.limit && this.queue.length > 0) {
      const next = this.queue.shift() as Waiter;
      clearTimeout(next.timer);
      this.inFlight += 1;
      next.admit();
    }
  }

  /** The end of a window: shrink on a slow median, grow when the bound was what held calls back. */
  adjust(now: number): void {
    const { minInFlight, maxInFlight, targetMs } = this.settings;
    if (this.samples.length > 0) {
      const sorted = this.samples.sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      if (median > targetMs) this.limit = Math.max(minInFlight, Math.floor(this.limit * 0.75));
      else if (this.reached) this.limit = Math.min(maxInFlight, this.limit + Math.max(1, Math.floor(this.limit / 10)));
    }
    this.samples = [];
    this.reached = false;
    this.windowStarted = now;
  }
}

/**
 * Counts shed answers and logs one line per interval with the counts by reason (an overload must not also become
 * a log storm: kit overload.ts ShedLog does the same in the services).
 */
class ShedCounts {
  private counts = new Map<ShedReason, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly admission: Admission,
    private readonly delay: EventLoopDelay,
  ) {}

  count(reason: ShedReason): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const shed = Object.fromEntries(this.counts);
      this.counts = new Map();
      const { limit, inFlight, waiting } = this.admission;
      this.logger.warn({ shed, limit, inFlight, waiting, eventLoopDelayMs: this.delay.ms }, 'shedding load');
    }, 10_000);
    this.timer.unref();
  }
}

/** API calls and uploads: what costs the services. The web app's files and the SPA are answered from memory. */
export function admitted(path: string): boolean {
  return path.startsWith('/api/') || path === '/upload' || path.startsWith('/upload/');
}

function sendOverloaded(res: Response, retryAfterSeconds: number): void {
  if (res.headersSent || res.destroyed) return;
  res.set('Retry-After', String(retryAfterSeconds));
  res.status(503).json({ error: OVERLOADED_MESSAGE, code: OVERLOADED });
}

/** The admission middleware (app.ts mounts it after the probes). */
export function admission(settings: AdmissionSettings, logger: Logger): RequestHandler {
  if (settings.maxInFlight <= 0) return (_req, _res, next) => next();
  const state = new Admission(settings);
  const delay = new EventLoopDelay();
  delay.start();
  const shedLog = new ShedCounts(logger, state, delay);
  const shed = (res: Response, reason: ShedReason) => {
    shedLog.count(reason);
    sendOverloaded(res, settings.retryAfterSeconds);
  };
  return (req, res, next) => {
    if (!admitted(req.path)) return next();
    // Only while calls are what loads it: a loop late with a handful in flight is a busy machine (other
    // processes, a test runner in the same process), and turning those few away relieves nothing.
    if (
      settings.maxEventLoopDelayMs > 0 &&
      state.inFlight >= settings.minInFlight &&
      delay.ms >= settings.maxEventLoopDelayMs
    ) {
      shed(res, 'event-loop-delay');
      return;
    }
    let gone = false;
    const stopWaiting = onResponseClose(res, () => {
      gone = true;
    });
    state.enter(
      () => {
        stopWaiting();
        const started = performance.now();
        // A caller that left while queued frees its slot at once.
        if (gone) return state.leave(null);
        onHeadersOrClose(res, () => state.leave(performance.now() - started));
        next();
      },
      (reason) => {
        stopWaiting();
        if (!gone) shed(res, reason);
      },
    );
  };
}

/**
 * Whether this process has served anything lately: a request other than a probe, a job, an event. Watchdogs,
 * probes and pollers tick at their normal pace while it has and slowly while it has not, because what an idle pod
 * costs multiplies by every pod (the idle stack cost a fifth of a core, nearly all of it in those ticks).
 * The first request after a quiet spell brings them back to their pace at once, so a dependency that went down
 * meanwhile is still noticed within their normal bound of that request.
 */

/** How long after the last request, job or event the process still counts as busy. */
export const ACTIVE_WINDOW_MS = 5_000;
/** The slowest pace of a watcher while the process is idle. */
export const IDLE_PACE_MS = 2_000;

export class Activity {
  private lastAt = Number.NEGATIVE_INFINITY;
  private readonly wakeListeners = new Set<() => void>();

  constructor(
    private readonly windowMs = ACTIVE_WINDOW_MS,
    private readonly idlePaceMs = IDLE_PACE_MS,
  ) {}

  /** Something was served now; listeners run when this ends a quiet spell. */
  touch(now = performance.now()): void {
    const waking = !this.isActive(now);
    this.lastAt = now;
    if (waking) for (const listener of this.wakeListeners) listener();
  }

  isActive(now = performance.now()): boolean {
    return now - this.lastAt < this.windowMs;
  }

  /** A watcher's next delay: `activeMs` while busy, at least the idle pace while quiet. */
  pace(activeMs: number): number {
    return this.isActive() ? activeMs : Math.max(activeMs, this.idlePaceMs);
  }

  /** Runs `listener` each time the process turns busy after a quiet spell; returns the unsubscribe. */
  onWake(listener: () => void): () => void {
    this.wakeListeners.add(listener);
    return () => this.wakeListeners.delete(listener);
  }
}

/** This process's activity (requests, jobs and events touch it; kit and gateway watchers pace by it). */
export const processActivity = new Activity();

/**
 * A repeating task paced by `activity`: every `activeMs` while the process is busy, every idle pace while it is
 * quiet, and `activeMs` after it turns busy again. A tick never overlaps the previous one.
 */
export class PacedTimer {
  private timer: NodeJS.Timeout | undefined;
  private dueAt = 0;
  private ticking = false;
  private stopped = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly tick: () => Promise<unknown> | undefined,
    private readonly activeMs: number,
    private readonly activity: Activity = processActivity,
    /**
     * While this says so, the serving pace holds even in a quiet process: a watcher with something pending (the
     * gateway's probe of a service whose breaker is open or that holds calls in flight) must not slow down because
     * no new request came.
     */
    private readonly keepPace: () => boolean = () => false,
  ) {}

  start(): void {
    if (this.unsubscribe) return;
    this.stopped = false;
    this.unsubscribe = this.activity.onWake(() => this.wake());
    this.schedule(this.nextDelay());
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private nextDelay(): number {
    return this.keepPace() ? this.activeMs : this.activity.pace(this.activeMs);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.dueAt = performance.now() + ms;
    this.timer = setTimeout(() => this.fire(), ms);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.ticking = true;
    Promise.resolve()
      .then(this.tick)
      .catch(() => undefined)
      .finally(() => {
        this.ticking = false;
        this.schedule(this.nextDelay());
      });
  }

  /**
   * A tick waiting out the idle pace comes at the serving pace instead: one step after the request that woke it,
   * not beside it (a watchdog's probe sent together with that request's own query would be excused by its answer).
   */
  private wake(): void {
    if (this.stopped || this.ticking || !this.timer || this.dueAt - performance.now() <= this.activeMs) return;
    clearTimeout(this.timer);
    this.schedule(this.activeMs);
  }
}

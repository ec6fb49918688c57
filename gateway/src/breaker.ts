/**
 * One circuit breaker per upstream service, so a service that is down or frozen is answered for at once (503)
 * instead of holding requests, and only that service's routes are affected.
 *
 * closed    -> every request goes through; `failureThreshold` transport failures in a row (refused, reset,
 *              timed out) open it, and so does a failed health probe.
 * open      -> requests answer 503 without being sent. After `openMs` the next request is let through as a trial
 *              (half-open), unless the health probe closed it first.
 * half-open -> one trial request is in flight; its success closes the breaker, its failure opens it again.
 *
 * The state machine is pure (time comes in through `now`); UpstreamHealth adds the active probe.
 */
import http from 'node:http';

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  failureThreshold: number;
  openMs: number;
  now?: () => number;
}

export class Breaker {
  private current: BreakerState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): BreakerState {
    return this.current;
  }

  /** Whether a request may be sent now. Cheap when closed: the proxy asks on every request. */
  allow(): boolean {
    if (this.current === 'closed') return true;
    if (this.current === 'open' && this.now() - this.openedAt >= this.options.openMs) {
      this.current = 'half-open';
      return true;
    }
    return false;
  }

  /** The upstream answered (any HTTP status: it is alive). */
  success(): void {
    this.failures = 0;
    this.current = 'closed';
  }

  /** A request could not reach the upstream or got no answer in time. */
  failure(): void {
    if (this.current === 'half-open') {
      this.trip();
      return;
    }
    this.failures += 1;
    if (this.current === 'closed' && this.failures >= this.options.failureThreshold) this.trip();
  }

  /** Opens at once (a failed health probe, a trial that failed). */
  trip(): void {
    this.openedAt = this.now();
    this.failures = 0;
    if (this.current === 'open') return;
    this.current = 'open';
    for (const listener of this.listeners) listener();
  }

  /** Called each time the breaker opens; returns the unsubscribe function. */
  onOpen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A probe timer firing later than this means this process was starved, not that the service is gone. */
const LATE_TIMER_MS = 100;
const LATE_SILENCE_MS = 1000;

export interface ProbeOptions {
  /** How often each upstream's /healthz is asked. 0: no active probe (the breaker then counts failures only). */
  intervalMs: number;
  /** A probe without an answer in this long counts as failed, unless a proxied answer arrived meanwhile. */
  timeoutMs: number;
}

/**
 * A frozen service still accepts connections (the kernel does), so a request only fails when its timeout
 * fires, and uploads have long ones. The probe asks GET /healthz every `intervalMs` on a connection of its own; a
 * probe refused, or unanswered for `timeoutMs` while no proxied answer came back from that service either
 * (a busy service is slow, not gone), trips the breaker, which fails the requests in flight at once.
 */
export class UpstreamHealth {
  /** performance.now() of the upstream's last answer to a proxied request (set by the proxy). */
  lastAnswerAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private stopped = false;
  private inconclusiveSince: number | undefined;

  constructor(
    readonly breaker: Breaker,
    private readonly healthUrl: URL,
    private readonly options: ProbeOptions,
  ) {}

  start(): void {
    if (this.options.intervalMs > 0) this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.agent.destroy();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.probe().then(() => this.schedule()), this.options.intervalMs);
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    const started = performance.now();
    const outcome = await this.ask();
    if (this.stopped) return;
    if (outcome === 'ok') {
      this.inconclusiveSince = undefined;
      this.breaker.success();
      return;
    }
    // One starved measurement proves nothing; a silence lasting past LATE_SILENCE_MS counts all the same.
    if (outcome === 'inconclusive') {
      this.inconclusiveSince ??= started;
      if (performance.now() - this.inconclusiveSince < LATE_SILENCE_MS) return;
    }
    this.inconclusiveSince = undefined;
    if (outcome === 'refused' || this.lastAnswerAt < started) this.breaker.trip();
  }

  /**
   * One GET /healthz: 'ok' on 2xx, 'refused' when nothing listens, 'silent' when nothing came back in time, and
   * 'inconclusive' when this process itself did not keep time (its timer fired late: the machine is overloaded,
   * so the service's silence says nothing about the service).
   */
  private ask(): Promise<'ok' | 'refused' | 'silent' | 'inconclusive'> {
    return new Promise((resolve) => {
      let answered = false;
      const deadline = performance.now() + this.options.timeoutMs;
      const request = http.get(this.healthUrl, { agent: this.agent }, (response) => {
        answered = true;
        response.resume();
        clearTimeout(timer);
        resolve(response.statusCode && response.statusCode < 300 ? 'ok' : 'silent');
      });
      // When the timer fires late in a busy process, one more turn of the event loop lets an answer already
      // waiting on the socket count.
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (answered) return;
            request.destroy();
            resolve(performance.now() - deadline > LATE_TIMER_MS ? 'inconclusive' : 'silent');
          }),
        this.options.timeoutMs,
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'silent');
      });
    });
  }
}

/**
 * One circuit breaker per upstream service, so a service that is down or frozen is answered for at once (503)
 * instead of holding requests, and only that service's routes are affected.
 *
 * closed    -> every request goes through; `failureThreshold` transport failures in a row (refused, reset,
 *              timed out) open it, and so does the health probe when it finds the service dead (refused) or
 *              silent for a sustained window (UpstreamHealth).
 * open      -> requests answer 503 without being sent. After `openMs` the next request is let through as a trial
 *              (half-open), unless the health probe closed it first (or opened it again: it does so on every probe
 *              that still finds the service dead or silent, so no request is sent as a trial into a frozen one).
 * half-open -> one trial request is in flight; its success closes the breaker, its failure opens it again.
 *
 * Opening never fails the requests already in flight, except when the service is known dead ('refused': nothing
 * listens, so nothing will answer them): a busy service may still answer, and each call keeps its own timeout.
 *
 * The state machine is pure (time comes in through `now`); UpstreamHealth adds the active probe.
 */
import http from 'node:http';
import { PacedTimer } from '@rainmakers/kit';

export type BreakerState = 'closed' | 'open' | 'half-open';

/**
 * Why a breaker opened: 'refused' nothing listens (the process is gone: calls in flight cannot be answered),
 * 'unresponsive' no answer to anything for the probe's silence window (frozen, or stuck for seconds),
 * 'failures' `failureThreshold` calls in a row failed.
 */
export type OpenReason = 'refused' | 'unresponsive' | 'failures';

export interface BreakerOptions {
  failureThreshold: number;
  openMs: number;
  now?: () => number;
}

export class Breaker {
  private current: BreakerState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private readonly listeners = new Set<(reason: OpenReason) => void>();
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
      this.trip('failures');
      return;
    }
    this.failures += 1;
    if (this.current === 'closed' && this.failures >= this.options.failureThreshold) this.trip('failures');
  }

  /**
   * Opens at once (the probe found the service dead or silent, a trial failed); while open, starts the open
   * period over (a probe that keeps finding it so keeps trials away).
   */
  trip(reason: OpenReason = 'failures'): void {
    this.openedAt = this.now();
    this.failures = 0;
    if (this.current === 'open') return;
    this.current = 'open';
    for (const listener of this.listeners) listener(reason);
  }

  /** Called each time the breaker opens, with the reason; returns the unsubscribe function. */
  onOpen(listener: (reason: OpenReason) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A probe timer firing later than this means this process was starved, not that the service is gone. */
const LATE_TIMER_MS = 100;

export interface ProbeOptions {
  /** How often each upstream's /healthz is asked. 0: no active probe (the breaker then counts failures only). */
  intervalMs: number;
  /** One probe without an answer in this long counts as silent (it is then given up and asked again). */
  timeoutMs: number;
  /**
   * The service counts as unresponsive (the breaker opens) once neither a probe nor a proxied call got an answer
   * from it for this long: a service busy with a heavy request is slow, not gone. A refused probe opens it at once.
   */
  silenceMs: number;
}

export type ProbeOutcome = 'ok' | 'refused' | 'silent' | 'inconclusive';

/**
 * What one probe outcome means for the breaker, given how long the service has been silent (neither a probe nor a
 * proxied call answered). Pure, for the unit tests.
 *  - 'ok': alive (closes the breaker);
 *  - 'refused': nothing listens: dead, open at once (calls in flight are failed: nothing will answer them);
 *  - 'silent': open only once the silence lasts `silenceMs` (a busy service answers within it);
 *  - 'inconclusive' (this process was starved and could not time the probe): open only after twice that.
 */
export function probeVerdict(
  outcome: ProbeOutcome,
  silentForMs: number,
  silenceMs: number,
): 'alive' | 'dead' | 'unresponsive' | 'wait' {
  if (outcome === 'ok') return 'alive';
  if (outcome === 'refused') return 'dead';
  const window = outcome === 'inconclusive' ? 2 * silenceMs : silenceMs;
  return silentForMs >= window ? 'unresponsive' : 'wait';
}

/**
 * A frozen service still accepts connections (the kernel does), so a request only fails when its timeout
 * fires, and uploads have long ones. The probe asks GET /healthz every `intervalMs` on a connection of its own.
 * A refused probe opens the breaker at once; an unanswered one only once the service has been silent (no probe
 * and no proxied call answered) for `silenceMs`: from outside, a service whose event loop is held by one heavy
 * request looks exactly like a frozen one, and it must not become an outage for a second of work. The calls in
 * flight keep their own timeouts then (the busy service may still answer them).
 */
export class UpstreamHealth {
  /** performance.now() of the upstream's last answer to a proxied request (set by the proxy). */
  lastAnswerAt = 0;
  /** performance.now() of the last probe the upstream answered (or of the start). */
  private lastProbeAnswerAt = performance.now();
  private timer: PacedTimer | undefined;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private stopped = false;

  constructor(
    readonly breaker: Breaker,
    private readonly healthUrl: URL,
    private readonly options: ProbeOptions,
  ) {}

  start(): void {
    if (this.options.intervalMs <= 0 || this.timer) return;
    // Every intervalMs while the gateway serves, slower while it is idle (kit activity.ts); its first request after
    // a quiet spell probes at once.
    this.timer = new PacedTimer(() => this.probe(), this.options.intervalMs);
    this.timer.start();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.stop();
    this.agent.destroy();
  }

  /** How long the upstream has said nothing at all (no probe, no proxied call answered). */
  silentForMs(now = performance.now()): number {
    return now - Math.max(this.lastProbeAnswerAt, this.lastAnswerAt);
  }

  private async probe(): Promise<void> {
    const outcome = await this.ask();
    if (this.stopped) return;
    if (outcome === 'ok') this.lastProbeAnswerAt = performance.now();
    const verdict = probeVerdict(outcome, this.silentForMs(), this.options.silenceMs);
    if (verdict === 'alive') this.breaker.success();
    else if (verdict === 'dead') this.breaker.trip('refused');
    else if (verdict === 'unresponsive') this.breaker.trip('unresponsive');
  }

  /**
   * One GET /healthz: 'ok' on 2xx, 'refused' when nothing listens, 'silent' when nothing came back in time, and
   * 'inconclusive' when this process itself did not keep time (its timer fired late: the machine is overloaded,
   * so the service's silence says nothing about the service).
   */
  private ask(): Promise<ProbeOutcome> {
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

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
 * listens) or stopped ('stopped': its liveness thread fell silent too), so nothing will answer them: a busy service
 * may still answer, and each call keeps its own timeout.
 *
 * The state machine is pure (time comes in through `now`); UpstreamHealth adds the active probe.
 */
import http from 'node:http';
import { livenessPortOf, PacedTimer } from '@rainmakers/kit';

export type BreakerState = 'closed' | 'open' | 'half-open';

/**
 * Why a breaker opened: 'refused' nothing listens (the process is gone: calls in flight cannot be answered),
 * 'stopped' the service's liveness thread fell silent and nothing else came back meanwhile (the whole process is
 * stopped or frozen, not just busy: calls in flight cannot be answered either), 'unresponsive' no answer to
 * anything for the probe's silence window (frozen, or stuck for seconds), 'failures' `failureThreshold` calls in a
 * row failed.
 */
export type OpenReason = 'refused' | 'stopped' | 'unresponsive' | 'failures';

/** Whether the calls in flight are failed at once when the breaker opens for `reason` (nothing will answer them). */
export function failsCallsInFlight(reason: OpenReason): boolean {
  return reason === 'refused' || reason === 'stopped';
}

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
  /**
   * While calls to the service are in flight, its liveness thread (kit liveness.ts, port named by /healthz) is asked
   * this often (0: never); one unanswered for `livenessTimeoutMs`, with nothing else heard from the service since it
   * was sent, means the process is stopped: the breaker opens and the calls in flight answer 503.
   */
  livenessIntervalMs: number;
  livenessTimeoutMs: number;
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
 * request looks exactly like a frozen one, and it must not become an outage for a second of work.
 *
 * The service's liveness thread (kit liveness.ts) tells the two apart: it answers while the process runs, however
 * busy its main loop. While calls are in flight to the service it is asked every `livenessIntervalMs`; silent for
 * `livenessTimeoutMs` with nothing else heard from the service meanwhile, the process is stopped: the breaker opens
 * ('stopped') and the calls in flight are answered 503 within about a second instead of at their own timeout. An
 * unanswered /healthz probe asks it too, so a stopped service's breaker stays open without trials into it.
 */
export class UpstreamHealth {
  /** performance.now() of the upstream's last answer to a proxied request (set by the proxy). */
  lastAnswerAt = 0;
  /** performance.now() of the last probe the upstream answered (or of the start). */
  private lastProbeAnswerAt = performance.now();
  /** performance.now() of the liveness thread's last answer. */
  private lastLivenessAt = 0;
  /** The liveness thread's port, as the last good /healthz named it (a restarted service may name another). */
  private livenessPort: number | undefined;
  /**
   * The last port that answered as a liveness thread. Only its silence counts: a port named but never reached (a
   * Kubernetes Service that does not expose it drops the packets) says nothing about the process.
   */
  private livenessProvenPort: number | undefined;
  private inFlight = 0;
  private livenessTimer: NodeJS.Timeout | undefined;
  private livenessChecking = false;
  private lastLivenessCheckAt = Number.NEGATIVE_INFINITY;
  private timer: PacedTimer | undefined;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly livenessAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
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
    // An open breaker or a call in flight keeps the pace: at the idle pace (2 s) plus a probe's timeout the open
    // period ran out between two probes and a half-open trial hung in a frozen service for its whole timeout.
    this.timer = new PacedTimer(
      () => this.probe(),
      this.options.intervalMs,
      undefined,
      () => this.breaker.state !== 'closed' || this.inFlight > 0,
    );
    this.timer.start();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.stop();
    clearTimeout(this.livenessTimer);
    this.agent.destroy();
    this.livenessAgent.destroy();
  }

  /** The liveness thread's port once it has answered there (only then does its silence count), if any. */
  get knownLivenessPort(): number | undefined {
    return this.livenessProvenPort;
  }

  /** How long the upstream has said nothing at all (no probe, no proxied call answered). */
  silentForMs(now = performance.now()): number {
    return now - Math.max(this.lastProbeAnswerAt, this.lastAnswerAt);
  }

  /**
   * A call to the upstream is on its way; the returned function says it ended. While any is, the liveness thread is
   * asked on its interval (no call in flight: no liveness check, so an idle gateway costs nothing more).
   */
  callStarted(): () => void {
    this.inFlight += 1;
    this.scheduleLiveness();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight -= 1;
    };
  }

  /** The last time anything came back from the upstream: a probe, a proxied answer, its liveness thread. */
  private lastHeardAt(): number {
    return Math.max(this.lastProbeAnswerAt, this.lastAnswerAt, this.lastLivenessAt);
  }

  private scheduleLiveness(): void {
    if (this.stopped || this.livenessTimer || this.livenessChecking || this.options.livenessIntervalMs <= 0) return;
    if (this.livenessPort === undefined) return;
    // At most one check per interval, however often calls start and end.
    const wait = Math.max(0, this.lastLivenessCheckAt + this.options.livenessIntervalMs - performance.now());
    this.livenessTimer = setTimeout(() => {
      this.livenessTimer = undefined;
      if (this.inFlight <= 0) return;
      this.livenessChecking = true;
      this.checkLiveness()
        .catch(() => undefined)
        .finally(() => {
          this.livenessChecking = false;
          if (this.inFlight > 0) this.scheduleLiveness();
        });
    }, wait);
    this.livenessTimer.unref();
  }

  /**
   * One question to the liveness thread. Silent (this process kept time) with nothing heard from the upstream since
   * it was sent: stopped. Refused: the port is not (or no longer) the thread's: forgotten until a /healthz names
   * one again (a dead service is the /healthz probe's and the calls' own finding).
   */
  private async checkLiveness(): Promise<void> {
    const port = this.livenessPort;
    if (port === undefined) return;
    const sentAt = performance.now();
    this.lastLivenessCheckAt = sentAt;
    const url = new URL(this.healthUrl);
    url.port = String(port);
    url.pathname = '/';
    const { outcome, status } = await this.ask(url, this.options.livenessTimeoutMs, this.livenessAgent);
    if (this.stopped) return;
    // Any answer, even its 503 for a loop wedged for long, means the process runs.
    if (status !== undefined) {
      this.lastLivenessAt = performance.now();
      this.livenessProvenPort = port;
    } else if (outcome === 'refused') {
      if (this.livenessPort === port) this.livenessPort = undefined;
    } else if (outcome === 'silent' && port === this.livenessProvenPort && this.lastHeardAt() < sentAt) {
      this.breaker.trip('stopped');
    }
  }

  private async probe(): Promise<void> {
    const { outcome, body } = await this.ask(this.healthUrl, this.options.timeoutMs, this.agent);
    if (this.stopped) return;
    if (outcome === 'ok') {
      this.lastProbeAnswerAt = performance.now();
      this.livenessPort = livenessPortOf(body);
      // A port named for the first time is asked once at once, so its silence counts from the first call in flight.
      if (this.livenessPort !== undefined && this.livenessPort !== this.livenessProvenPort) {
        if (this.options.livenessIntervalMs > 0) await this.checkLiveness();
      }
    } else if (outcome !== 'refused' && this.livenessPort !== undefined && this.options.livenessIntervalMs > 0) {
      // Busy or stopped? Its liveness thread says (and trips the breaker itself when stopped).
      await this.checkLiveness();
      if (this.stopped || this.breaker.state === 'open') return;
    }
    const verdict = probeVerdict(outcome, this.silentForMs(), this.options.silenceMs);
    if (verdict === 'alive') this.breaker.success();
    else if (verdict === 'dead') this.breaker.trip('refused');
    else if (verdict === 'unresponsive') this.breaker.trip('unresponsive');
    // Not open yet for this, but no answer either: an open breaker stays open (a probe this process could not time,
    // its own timer late on a loaded machine, must not let the open period run out into a trial that hangs).
    else if (this.breaker.state !== 'closed') this.breaker.trip('unresponsive');
  }

  /**
   * One GET: 'ok' on 2xx (with its JSON body, if any), 'refused' when nothing listens, 'silent' when nothing came
   * back in time, and 'inconclusive' when this process itself did not keep time (its timer fired late: the machine
   * is overloaded, so the service's silence says nothing about the service).
   */
  private ask(
    url: URL,
    timeoutMs: number,
    agent: http.Agent,
  ): Promise<{ outcome: ProbeOutcome; status?: number; body?: unknown }> {
    return new Promise((resolve) => {
      let answered = false;
      const deadline = performance.now() + timeoutMs;
      const request = http.get(url, { agent }, (response) => {
        answered = true;
        clearTimeout(timer);
        const status = response.statusCode ?? 0;
        const outcome: ProbeOutcome = status >= 200 && status < 300 ? 'ok' : 'silent';
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => resolve({ outcome, status, body: parseJson(chunks) }));
        response.once('error', () => resolve({ outcome, status }));
      });
      // When the timer fires late in a busy process, one more turn of the event loop lets an answer already
      // waiting on the socket count.
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (answered) return;
            request.destroy();
            resolve({ outcome: performance.now() - deadline > LATE_TIMER_MS ? 'inconclusive' : 'silent' });
          }),
        timeoutMs,
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        clearTimeout(timer);
        resolve({ outcome: error.code === 'ECONNREFUSED' ? 'refused' : 'silent' });
      });
    });
  }
}

function parseJson(chunks: Buffer[]): unknown {
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

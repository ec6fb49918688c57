/**
 * Event-loop lag for /metrics: how late a timer fires, never counting the timer's own interval (prom-client's
 * histogram counted its 1 s sampling interval as lag, so every service read ~1 s). Paced by activity (activity.ts):
 * a sample every 10 ms while the process serves, every second while it is quiet, so an idle pod wakes no more than
 * before (docs/decisions.md "Event-loop lag that means what it says").
 *
 * A stall is seen when it covers a sample's due time: while busy any stall over ~10 ms; while quiet a stall of
 * length L is seen with a chance of L / 1 s. The window's coarsest interval is exported beside the figures
 * (`nodejs_eventloop_lag_resolution_seconds`) so a reader knows which of the two a scrape stands for.
 */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { type Activity, processActivity } from './activity';

export const LAG_BUSY_INTERVAL_MS = 10;
export const LAG_IDLE_INTERVAL_MS = 1000;

export interface EventLoopLagWindow {
  /** Samples taken since the previous read. */
  count: number;
  /** Seconds. */
  min: number;
  mean: number;
  stddev: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** The longest interval between samples in the window (seconds): 0.01 busy, 1 quiet, 0 without samples. */
  resolution: number;
}

export class EventLoopLagSampler {
  private histogram: RecordableHistogram = createHistogram();
  private timer: NodeJS.Timeout | undefined;
  private dueAt = 0;
  private widestMs = 0;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly activity: Activity = processActivity,
    private readonly busyMs = LAG_BUSY_INTERVAL_MS,
    private readonly idleMs = LAG_IDLE_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.activity.onWake(() => this.wake());
    this.schedule();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    const ms = this.activity.isActive() ? this.busyMs : this.idleMs;
    this.dueAt = performance.now() + ms;
    this.timer = setTimeout(() => this.fire(ms), ms);
    this.timer.unref();
  }

  private fire(intervalMs: number): void {
    // Nanoseconds; a histogram takes integers from 1.
    const lateNs = Math.max(1, Math.round((performance.now() - this.dueAt) * 1e6));
    this.histogram.record(lateNs);
    this.widestMs = Math.max(this.widestMs, intervalMs);
    this.schedule();
  }

  /** A quiet spell ended: the next sample comes at the busy pace instead of up to a second later. */
  private wake(): void {
    if (!this.timer || this.dueAt - performance.now() <= this.busyMs) return;
    clearTimeout(this.timer);
    this.schedule();
  }

  /** The figures since the previous read, then a new window (a scrape reads once). */
  take(): EventLoopLagWindow {
    const h = this.histogram;
    const count = h.count;
    const seconds = (ns: number) => (count > 0 && Number.isFinite(ns) ? ns / 1e9 : 0);
    const window: EventLoopLagWindow = {
      count,
      min: seconds(h.min),
      mean: seconds(h.mean),
      stddev: seconds(h.stddev),
      p50: seconds(h.percentile(50)),
      p90: seconds(h.percentile(90)),
      p99: seconds(h.percentile(99)),
      max: seconds(h.max),
      resolution: count > 0 ? this.widestMs / 1000 : 0,
    };
    h.reset();
    this.widestMs = 0;
    return window;
  }
}

import { describe, expect, it } from '@jest/globals';
import { Activity, processActivity } from './activity';
import { EventLoopLagSampler } from './event-loop-lag';
import { collectProcessMetrics, metricsRegistry } from './metrics';

/**
 * 300 ms of stall seen by a timer: one falls due within the first 10 ms (the busy interval) of the hold, and it is
 * late by the rest of it.
 */
const STALL_MS = 300 + 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A synchronous stall, like a heavy request.
  }
}

/** A gauge's value in Prometheus text. */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} missing from the scrape`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('event-loop lag', () => {
  it('an idle process reports its lag near zero, not its sampling interval', async () => {
    const sampler = new EventLoopLagSampler(new Activity(), 10, 200);
    sampler.start();
    try {
      await pause(1100);
      const window = sampler.take();
      expect(window.count).toBeGreaterThanOrEqual(3);
      expect(window.p99).toBeLessThan(0.1);
      expect(window.max).toBeLessThan(0.1);
      expect(window.resolution).toBe(0.2);
    } finally {
      sampler.stop();
    }
  });

  it('samples finely while busy and reports a 300 ms stall', async () => {
    const activity = new Activity();
    const sampler = new EventLoopLagSampler(activity, 10, 60_000);
    sampler.start();
    try {
      // Quiet, the next sample is a minute away; the request that wakes the process brings it back to 10 ms.
      activity.touch();
      await pause(50);
      holdLoop(STALL_MS);
      await pause(50);
      const window = sampler.take();
      expect(window.max).toBeGreaterThanOrEqual(0.3);
      expect(window.p50).toBeLessThan(0.1);
      expect(window.resolution).toBe(0.01);
      // A new window per read: the stall is not reported again.
      await pause(50);
      expect(sampler.take().max).toBeLessThan(0.3);
    } finally {
      sampler.stop();
    }
  });

  it('/metrics exports the figures under prom-client names, with the build', async () => {
    collectProcessMetrics('lag-test', { version: '1.2.3', commit: 'abc1234' });
    await pause(1100);
    const idle = await metricsRegistry.metrics();
    expect(sample(idle, 'nodejs_eventloop_lag_p99_seconds')).toBeLessThan(0.1);
    expect(sample(idle, 'nodejs_eventloop_lag_max_seconds')).toBeLessThan(0.1);
    expect(idle).toContain('rainmakers_build_info{version="1.2.3",commit="abc1234",node="');
    // Only one series per lag name (prom-client's own were replaced, not doubled).
    expect(idle.match(/^nodejs_eventloop_lag_p99_seconds/gm)).toHaveLength(1);
    // A request held the loop: the process is busy, so it samples every 10 ms and the stall covers a sample.
    processActivity.touch();
    await pause(50);
    holdLoop(STALL_MS);
    await pause(50);
    const stalled = await metricsRegistry.metrics();
    expect(sample(stalled, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.3);
  });
});

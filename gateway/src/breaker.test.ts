import { describe, expect, it } from '@jest/globals';
import { Breaker, type OpenReason, probeVerdict } from './breaker';

function breakerAt(failureThreshold = 3, openMs = 1000) {
  const clock = { now: 0 };
  const opened: number[] = [];
  const reasons: OpenReason[] = [];
  const breaker = new Breaker({ failureThreshold, openMs, now: () => clock.now });
  breaker.onOpen((reason) => {
    opened.push(clock.now);
    reasons.push(reason);
  });
  return { breaker, clock, opened, reasons };
}

describe('Breaker', () => {
  it('opens after the given number of failures in a row, not before', () => {
    const { breaker, opened } = breakerAt(3);
    breaker.failure();
    breaker.failure();
    expect(breaker.state).toBe('closed');
    expect(breaker.allow()).toBe(true);
    breaker.failure();
    expect(breaker.state).toBe('open');
    expect(breaker.allow()).toBe(false);
    expect(opened).toEqual([0]);
  });

  it('counts only consecutive failures: an answer in between starts over', () => {
    const { breaker } = breakerAt(3);
    breaker.failure();
    breaker.failure();
    breaker.success();
    breaker.failure();
    breaker.failure();
    expect(breaker.state).toBe('closed');
  });

  it('lets one trial through after the open period; its success closes the breaker', () => {
    const { breaker, clock } = breakerAt(1, 1000);
    breaker.failure();
    clock.now = 999;
    expect(breaker.allow()).toBe(false);
    clock.now = 1000;
    expect(breaker.allow()).toBe(true);
    expect(breaker.state).toBe('half-open');
    expect(breaker.allow()).toBe(false);
    breaker.success();
    expect(breaker.state).toBe('closed');
    expect(breaker.allow()).toBe(true);
  });

  it('opens again for a full period when the trial fails', () => {
    const { breaker, clock, opened } = breakerAt(1, 1000);
    breaker.failure();
    clock.now = 1500;
    expect(breaker.allow()).toBe(true);
    breaker.failure();
    expect(breaker.state).toBe('open');
    clock.now = 2400;
    expect(breaker.allow()).toBe(false);
    clock.now = 2500;
    expect(breaker.allow()).toBe(true);
    expect(opened).toEqual([0, 1500]);
  });

  it('opens at once when tripped (a failed health probe) and closes on a good probe', () => {
    const { breaker, opened } = breakerAt(5);
    breaker.trip();
    expect(breaker.state).toBe('open');
    breaker.trip();
    expect(opened).toEqual([0]);
    breaker.success();
    expect(breaker.state).toBe('closed');
  });

  it('tells its listeners why it opened: failures in a row, or what the probe found', () => {
    const { breaker, reasons } = breakerAt(2);
    breaker.failure();
    breaker.failure();
    breaker.success();
    breaker.trip('unresponsive');
    breaker.success();
    breaker.trip('refused');
    expect(reasons).toEqual(['failures', 'unresponsive', 'refused']);
  });

  it('keeps trials away while the probe keeps finding the service silent (each trip starts the period over)', () => {
    const { breaker, clock, opened } = breakerAt(5, 1000);
    breaker.trip('unresponsive');
    for (const at of [800, 1600, 2400]) {
      clock.now = at;
      expect(breaker.allow()).toBe(false);
      breaker.trip('unresponsive');
    }
    expect(opened).toEqual([0]);
    clock.now = 3400;
    expect(breaker.allow()).toBe(true);
  });
});

describe('probeVerdict', () => {
  const SILENCE = 3000;

  it('a refused probe means dead at once; an answer means alive', () => {
    expect(probeVerdict('refused', 0, SILENCE)).toBe('dead');
    expect(probeVerdict('ok', 60_000, SILENCE)).toBe('alive');
  });

  it('a slow service (busy with one heavy request) is not down before a sustained silence', () => {
    expect(probeVerdict('silent', 600, SILENCE)).toBe('wait');
    expect(probeVerdict('silent', 2999, SILENCE)).toBe('wait');
    expect(probeVerdict('silent', 3000, SILENCE)).toBe('unresponsive');
  });

  it('a probe this process could not time (it was starved itself) needs twice the silence', () => {
    expect(probeVerdict('inconclusive', 3000, SILENCE)).toBe('wait');
    expect(probeVerdict('inconclusive', 6000, SILENCE)).toBe('unresponsive');
  });
});

import { describe, expect, it } from '@jest/globals';
import { Breaker } from './breaker';

function breakerAt(failureThreshold = 3, openMs = 1000) {
  const clock = { now: 0 };
  const opened: number[] = [];
  const breaker = new Breaker({ failureThreshold, openMs, now: () => clock.now });
  breaker.onOpen(() => opened.push(clock.now));
  return { breaker, clock, opened };
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
});

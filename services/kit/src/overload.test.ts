import { describe, expect, it } from '@jest/globals';
import { EventLoopDelay, isPoolExhausted, overloadReason } from './overload';

const BOUNDS = { maxEventLoopDelayMs: 400, maxInFlight: 100, retryAfterSeconds: 1 };

describe('overloadReason', () => {
  it('sheds past either bound, not below them', () => {
    expect(overloadReason({ eventLoopDelayMs: 399, inFlight: 99 }, BOUNDS)).toBeNull();
    expect(overloadReason({ eventLoopDelayMs: 400, inFlight: 0 }, BOUNDS)).toBe('event-loop-delay');
    expect(overloadReason({ eventLoopDelayMs: 0, inFlight: 100 }, BOUNDS)).toBe('in-flight');
  });

  it('a bound of 0 is off', () => {
    expect(
      overloadReason(
        { eventLoopDelayMs: 10_000, inFlight: 10_000 },
        { ...BOUNDS, maxEventLoopDelayMs: 0, maxInFlight: 0 },
      ),
    ).toBeNull();
  });
});

describe('EventLoopDelay', () => {
  it('one long stall (one heavy request) does not count as a late loop; a loop late on every turn does', () => {
    const delay = new EventLoopDelay(100, 10);
    for (let i = 0; i < 9; i++) delay.record(2);
    delay.record(2000);
    expect(delay.ms).toBeLessThan(10);
    for (let i = 0; i < 6; i++) delay.record(500);
    expect(delay.ms).toBe(500);
  });

  it('reads 0 before any sample and never below 0', () => {
    const delay = new EventLoopDelay();
    expect(delay.ms).toBe(0);
    delay.record(-5);
    expect(delay.ms).toBe(0);
  });
});

describe('isPoolExhausted', () => {
  it("recognises pg-pool's drained-pool timeout, not a connection that failed to open", () => {
    expect(isPoolExhausted(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isPoolExhausted(new Error('wrapped', { cause: new Error('timeout exceeded when trying to connect') }))).toBe(
      true,
    );
    expect(isPoolExhausted(new Error('Connection terminated due to connection timeout'))).toBe(false);
    expect(isPoolExhausted(undefined)).toBe(false);
  });
});

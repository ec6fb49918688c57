import { describe, expect, it } from '@jest/globals';
import { Activity, PacedTimer } from './activity';
import { waitFor } from './testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Activity', () => {
  it('is busy for its window after a touch, and paces watchers slower once quiet', () => {
    const activity = new Activity(1000, 2000);
    expect(activity.isActive(0)).toBe(false);
    activity.touch(10_000);
    expect(activity.isActive(10_500)).toBe(true);
    expect(activity.isActive(11_000)).toBe(false);
  });

  it('tells its listeners only when a touch ends a quiet spell', () => {
    const activity = new Activity(1000);
    let wakes = 0;
    const unsubscribe = activity.onWake(() => {
      wakes += 1;
    });
    activity.touch(10_000);
    activity.touch(10_400);
    activity.touch(10_900);
    expect(wakes).toBe(1);
    activity.touch(12_000);
    expect(wakes).toBe(2);
    unsubscribe();
    activity.touch(20_000);
    expect(wakes).toBe(2);
  });

  it('keeps the serving pace while busy and the idle pace (never faster) while quiet', () => {
    const activity = new Activity(60_000, 2000);
    expect(activity.pace(100)).toBe(2000);
    expect(activity.pace(5000)).toBe(5000);
    activity.touch();
    expect(activity.pace(100)).toBe(100);
  });
});

describe('PacedTimer', () => {
  it('ticks at the serving pace while busy, slowly while quiet, and at once when woken', async () => {
    const activity = new Activity(200, 60_000);
    let ticks = 0;
    const timer = new PacedTimer(
      () => {
        ticks += 1;
        return undefined;
      },
      20,
      activity,
    );
    activity.touch();
    timer.start();
    await sleep(150);
    const busyTicks = ticks;
    expect(busyTicks).toBeGreaterThanOrEqual(3);
    // Quiet: the window passes and the next tick waits out the idle pace (a minute).
    await sleep(300);
    const quietFrom = ticks;
    await sleep(200);
    expect(ticks).toBe(quietFrom);
    // The first request after the quiet spell runs the tick on the next turn.
    activity.touch();
    await sleep(30);
    expect(ticks).toBeGreaterThan(quietFrom);
    timer.stop();
    const stoppedAt = ticks;
    await sleep(100);
    expect(ticks).toBe(stoppedAt);
  });

  it('keeps the serving pace in a quiet process while told to', async () => {
    const activity = new Activity(100, 60_000);
    let ticks = 0;
    const timer = new PacedTimer(
      () => {
        ticks += 1;
        return undefined;
      },
      10,
      activity,
      () => true,
    );
    timer.start();
    // Never touched, so quiet: only keepPace brings ticks at the serving pace instead of once a minute.
    await waitFor(() => ticks >= 3, { what: 'three ticks at the serving pace', timeoutMs: 5000 });
    timer.stop();
  });

  it('never overlaps a tick that is still running', async () => {
    const activity = new Activity(60_000);
    activity.touch();
    let running = 0;
    let overlapped = false;
    const timer = new PacedTimer(
      async () => {
        running += 1;
        if (running > 1) overlapped = true;
        await sleep(50);
        running -= 1;
      },
      5,
      activity,
    );
    timer.start();
    await sleep(200);
    timer.stop();
    expect(overlapped).toBe(false);
  });
});

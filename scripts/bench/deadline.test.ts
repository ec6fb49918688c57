import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { DeadlineMissed, deadlineSeconds, withDeadline } from './deadline';

describe('scenario deadlines', () => {
  it('adds half the planned time, at least 30 s', () => {
    expect(deadlineSeconds(13)).toBe(43);
    expect(deadlineSeconds(100)).toBe(150);
  });

  it('hands back the result of a load that finishes in time', async () => {
    expect(await withDeadline('quick', 5, async () => 42)).toEqual({ result: 42, missed: false });
  });

  it('stops a load that honours the signal and says it missed', async () => {
    const outcome = await withDeadline('stoppable', 0.05, async (signal) => {
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      return 'partial';
    });
    expect(outcome).toEqual({ result: 'partial', missed: true });
  });

  it('leaves behind a load that ignores the signal, after the grace period', async () => {
    const ignoring = withDeadline('stuck', 0.05, () => sleep(5000).then(() => 'late'), 50);
    await expect(ignoring).rejects.toBeInstanceOf(DeadlineMissed);
  });
});

import { describe, expect, it } from '@jest/globals';
import { Admission, type AdmissionSettings, admitted } from './admission';

const SETTINGS: AdmissionSettings = {
  maxInFlight: 40,
  minInFlight: 4,
  targetMs: 100,
  maxWaitMs: 60_000,
  windowMs: 500,
  maxEventLoopDelayMs: 0,
  retryAfterSeconds: 1,
};

/** Admits `n` calls; returns what became of each (admitted or shed). */
function enterMany(admission: Admission, n: number) {
  const outcomes: string[] = [];
  for (let i = 0; i < n; i++) {
    admission.enter(
      () => outcomes.push('admitted'),
      (reason) => outcomes.push(reason),
    );
  }
  return outcomes;
}

describe('Admission', () => {
  it('admits up to the bound, queues the rest FIFO and hands each freed slot to the oldest waiter', () => {
    const admission = new Admission({ ...SETTINGS, maxInFlight: 2, minInFlight: 2 }, 0);
    const order: number[] = [];
    for (let i = 0; i < 4; i++)
      admission.enter(
        () => order.push(i),
        () => order.push(-i),
      );
    expect(order).toEqual([0, 1]);
    expect(admission.waiting).toBe(2);
    admission.leave(10, 1);
    expect(order).toEqual([0, 1, 2]);
    admission.leave(10, 2);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(admission.inFlight).toBe(2);
    admission.leave(10, 3);
    admission.leave(10, 4);
    expect(admission.inFlight).toBe(0);
  });

  it('sheds at once when as many calls wait as the ceiling allows', () => {
    const admission = new Admission({ ...SETTINGS, maxInFlight: 1, minInFlight: 1 }, 0);
    expect(enterMany(admission, 3)).toEqual(['admitted', 'queue-full']);
    admission.leave(null, 1);
    expect(admission.inFlight).toBe(1);
    admission.leave(null, 2);
  });

  it('shrinks the bound on a slow median, never under the floor', () => {
    const admission = new Admission(SETTINGS, 0);
    enterMany(admission, 40);
    for (let i = 0; i < 39; i++) admission.leave(500, 10);
    admission.leave(500, 600);
    expect(admission.limit).toBe(30);
    for (let window = 1; window < 20; window++) {
      enterMany(admission, 1);
      admission.leave(500, 600 + window * 500);
    }
    expect(admission.limit).toBe(4);
  });

  it('grows the bound only when it was reached and the median stayed under the target', () => {
    const admission = new Admission({ ...SETTINGS, maxInFlight: 40 }, 0);
    admission.limit = 10;
    // Fast answers but the bound was never reached: it stays.
    enterMany(admission, 5);
    for (let i = 0; i < 5; i++) admission.leave(20, 600);
    expect(admission.limit).toBe(10);
    // Reached (calls queued) and fast: +10 %, at least 1.
    enterMany(admission, 12);
    for (let i = 0; i < 12; i++) admission.leave(20, 1200);
    expect(admission.limit).toBe(11);
    admission.limit = 39;
    enterMany(admission, 45);
    for (let i = 0; i < 45; i++) admission.leave(20, 1800);
    expect(admission.limit).toBe(40);
  });
});

describe('admitted', () => {
  it('counts API calls and uploads, not probes or the web app', () => {
    expect(admitted('/api/course/abc')).toBe(true);
    expect(admitted('/upload')).toBe(true);
    expect(admitted('/upload/a.png')).toBe(true);
    expect(admitted('/healthz')).toBe(false);
    expect(admitted('/assets/index-abc.js')).toBe(false);
    expect(admitted('/courses')).toBe(false);
    expect(admitted('/uploads-page')).toBe(false);
  });
});

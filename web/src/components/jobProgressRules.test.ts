import { describe, expect, it } from '@jest/globals';
import {
  JOB_POLL_FIRST_MS,
  JOB_POLL_MAX_MS,
  jobBar,
  jobCount,
  missingMeansPending,
  nextPollDelay,
} from './jobProgressRules';

describe('nextPollDelay', () => {
  it('stops once the job has ended', () => {
    expect(nextPollDelay(3, 'completed')).toBe(false);
    expect(nextPollDelay(0, 'failed')).toBe(false);
  });

  it('starts short and backs off to a ceiling while the job is queued or running', () => {
    const waits = Array.from({ length: 12 }, (_, i) => nextPollDelay(i, i < 2 ? 'queued' : 'running'));
    expect(waits[0]).toBe(JOB_POLL_FIRST_MS);
    expect(waits[1]).toBe(JOB_POLL_FIRST_MS);
    expect(waits[2]).toBe(750);
    for (let i = 1; i < waits.length; i++) expect(Number(waits[i])).toBeGreaterThanOrEqual(Number(waits[i - 1]));
    expect(waits.at(-1)).toBe(JOB_POLL_MAX_MS);
  });

  it('keeps asking before the first answer (no state yet)', () => {
    expect(nextPollDelay(0, undefined)).toBe(JOB_POLL_FIRST_MS);
  });
});

describe('jobBar', () => {
  it('is indeterminate without a status or a size, full at the end, the share done between', () => {
    expect(jobBar(undefined)).toEqual({ percent: null, finished: false });
    expect(jobBar({ state: 'queued', total: 0, done: 0 })).toEqual({ percent: null, finished: false });
    expect(jobBar({ state: 'running', total: 53, done: 11 })).toEqual({ percent: 21, finished: false });
    expect(jobBar({ state: 'completed', total: 0, done: 0 })).toEqual({ percent: 100, finished: true });
    expect(jobBar({ state: 'failed', total: 10, done: 3 })).toEqual({ percent: 100, finished: true });
  });
});

describe('missingMeansPending and jobCount', () => {
  it('takes a 404 for a job to come only within the grace after its start', () => {
    expect(missingMeansPending(404, 1_000, 5_000, 2_000)).toBe(true);
    expect(missingMeansPending(404, 1_000, 5_000, 7_000)).toBe(false);
    expect(missingMeansPending(403, 1_000, 5_000, 2_000)).toBe(false);
  });

  it('reads a count, 0 when absent', () => {
    expect(jobCount({ counts: { created: 4 } }, 'created')).toBe(4);
    expect(jobCount({ counts: {} }, 'created')).toBe(0);
    expect(jobCount(null, 'created')).toBe(0);
  });
});

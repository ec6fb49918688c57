/**
 * The pure parts of following a job (useJobProgress in api/jobProgress.ts): how long to wait before asking again,
 * when to stop, and what the progress bar shows. Unit-tested in jobProgress.test.ts.
 */
import { isJobFinished, type JobStatus } from '@rainmakers/contracts';

/** The first wait, the factor it grows by at every answer that is not the end, and the longest wait. */
export const JOB_POLL_FIRST_MS = 500;
export const JOB_POLL_FACTOR = 1.5;
export const JOB_POLL_MAX_MS = 4_000;

/**
 * The wait before the next status request after `answers` answers, or false once the job has ended. Short at
 * first (most jobs end within seconds and the bar should move), longer as a job goes on, so a long job left open
 * in a tab costs one request every few seconds, not two a second.
 */
export function nextPollDelay(answers: number, state: string | undefined): number | false {
  if (isJobFinished(state)) return false;
  const wait = JOB_POLL_FIRST_MS * JOB_POLL_FACTOR ** Math.max(0, answers - 1);
  return Math.min(JOB_POLL_MAX_MS, Math.round(wait));
}

/**
 * A 404 that only means "not recorded yet": a job whose row another service's event writes (a Stripe sync) may be
 * asked for before it arrives; within `graceMs` of the start that is a job still to come, later it is missing.
 */
export const missingMeansPending = (status: number, startedAt: number, graceMs: number, now = Date.now()) =>
  status === 404 && now - startedAt < graceMs;

export interface JobBar {
  /** 0-100, or null for an indeterminate bar (the job's size is not known yet, or its kind has none). */
  percent: number | null;
  finished: boolean;
}

/** What the progress bar shows for a status (none yet: indeterminate). */
export function jobBar(status: Pick<JobStatus, 'state' | 'total' | 'done'> | null | undefined): JobBar {
  if (!status) return { percent: null, finished: false };
  if (isJobFinished(status.state)) return { percent: 100, finished: true };
  if (status.total <= 0) return { percent: null, finished: false };
  return { percent: Math.min(100, Math.round((status.done / status.total) * 100)), finished: false };
}

/** A count of the job's figures (0 when the kind has no such count or the job has not got there). */
export const jobCount = (status: Pick<JobStatus, 'counts'> | null | undefined, key: string): number =>
  Number(status?.counts[key] ?? 0);

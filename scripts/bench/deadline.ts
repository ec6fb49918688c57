/**
 * Every scenario has a deadline: its planned duration plus a margin. A load that honours the signal stops there and
 * reports what it measured; one that does not (a browser, a job) is left behind after a grace period, so a scenario
 * that hangs is marked in its row and the run goes on (the process exits at the end whatever still runs).
 */

/** The margin on top of a scenario's planned seconds: half of it, at least 30 s. */
export function deadlineSeconds(plannedSeconds: number): number {
  return Math.ceil(plannedSeconds + Math.max(30, plannedSeconds * 0.5));
}

/** After the signal aborts, how long a load may take to hand back what it measured before it is left behind. */
export const GRACE_MS = 15_000;

export class DeadlineMissed extends Error {
  constructor(
    readonly what: string,
    readonly seconds: number,
  ) {
    super(`${what} missed its deadline of ${seconds} s`);
  }
}

/**
 * Runs `work` with a signal that aborts after `seconds`. Resolves with its result, whether it stopped on the signal
 * or before (`missed` says which); rejects with DeadlineMissed when it did not come back within GRACE_MS after.
 */
export async function withDeadline<T>(
  what: string,
  seconds: number,
  work: (signal: AbortSignal) => Promise<T>,
  graceMs = GRACE_MS,
): Promise<{ result: T; missed: boolean }> {
  const controller = new AbortController();
  let grace: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => controller.abort(new DeadlineMissed(what, seconds)), seconds * 1000);
  const abandoned = new Promise<never>((_, reject) => {
    controller.signal.addEventListener(
      'abort',
      () => {
        grace = setTimeout(() => reject(new DeadlineMissed(what, seconds)), graceMs);
      },
      { once: true },
    );
  });
  try {
    const result = await Promise.race([work(controller.signal), abandoned]);
    return { result, missed: controller.signal.aborted };
  } finally {
    clearTimeout(timer);
    clearTimeout(grace);
  }
}

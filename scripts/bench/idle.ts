/**
 * What the stack costs doing nothing (watchdogs, probes, relays, consumers' blocking reads, timers), summed
 * over every process the bench watches, over a quiet minute after the seed and before any load. It multiplies by
 * every pod of a deployment, so it has a target: under 5 % of one core for the whole stack.
 */
import { type ProcessInfo, sampleCpu } from './procs';

export const IDLE_TARGET_PERCENT = 5;
/** Seconds the stack is left alone after the seed before the quiet minute starts. */
export const IDLE_SETTLE_SECONDS = 15;

export interface IdleResult {
  seconds: number;
  /** Share of one core used by the whole stack (100 = one core busy the whole time). */
  totalPercent: number;
  /** The same per process. */
  byProcess: Record<string, number>;
  pass: boolean;
}

export async function measureIdle(
  processes: readonly ProcessInfo[],
  seconds: number,
  signal: AbortSignal,
): Promise<IdleResult> {
  // The bench's own processes (the pipes) are not part of the stack.
  const watched = processes.filter((p) => !p.name.startsWith('pipe') && !p.name.startsWith('observed'));
  const before = await sampleCpu(watched);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
  const after = await sampleCpu(watched);
  const elapsed = (performance.now() - started) / 1000;
  const byProcess: Record<string, number> = {};
  for (const p of watched) {
    const used = (after[p.name] ?? 0) - (before[p.name] ?? 0);
    byProcess[p.name] = Math.round((used / elapsed) * 1000) / 10;
  }
  const totalPercent = Math.round(Object.values(byProcess).reduce((sum, v) => sum + v, 0) * 10) / 10;
  return { seconds: Math.round(elapsed), totalPercent, byProcess, pass: totalPercent < IDLE_TARGET_PERCENT };
}

export function idleLines(result: IdleResult): string[] {
  const parts = Object.entries(result.byProcess)
    .sort((a, b) => b[1] - a[1])
    .map(([name, percent]) => `${name} ${percent.toFixed(1)}`);
  return [
    `${result.pass ? 'PASS' : 'MISS'}  idle stack over ${result.seconds} s: ${result.totalPercent.toFixed(1)} % of one ` +
      `core (target < ${IDLE_TARGET_PERCENT} %)`,
    `      by process (% of one core): ${parts.join(', ')}`,
  ];
}

/**
 * Runs a scenario under its deadline with the CPU counters of the stack's processes around its measured part, and
 * keeps its report. A scenario that misses its deadline is stopped (autocannon, chats) or left behind (after a grace
 * period) and reported with what it measured, marked in its row; the run goes on.
 */
import { deadlineSeconds, withDeadline } from './deadline';
import { type LoadResult, runLoad, summarize } from './load';
import type { BenchOptions } from './options';
import { cpuUse, type ProcessInfo, sampleCpu } from './procs';
import { failureCell, type ScenarioReport } from './report';
import type { ScenarioPlan } from './scenarios';

export type PlanHead = Pick<ScenarioPlan, 'key' | 'name' | 'description' | 'notes' | 'targets'>;

/** A load: calls beforeMeasure right before its measured part; stops (or hands back early) when signal aborts. */
export type Load = (beforeMeasure: () => Promise<void>, signal: AbortSignal) => Promise<LoadResult>;

/** An empty result for a load that never handed anything back before its deadline. */
function abandonedResult(name: string, seconds: number): LoadResult {
  return {
    name,
    connections: 0,
    seconds,
    requests: 0,
    requestsPerSecond: 0,
    latency: summarize([]),
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: {},
    meanBytes: 0,
    byLabel: {},
    failures: { 'no result before the deadline': 1 },
  };
}

export interface Measurer {
  readonly reports: ScenarioReport[];
  /** Measures `load` (planned to take `plannedSeconds`) under its deadline and records its report. */
  measure(plan: PlanHead, load: Load, plannedSeconds: number, extraNotes?: string[]): Promise<ScenarioReport>;
  /** An autocannon scenario with the run's connections, duration and warm-up unless the plan sets its own. */
  run(plan: ScenarioPlan, extraNotes?: string[]): Promise<ScenarioReport>;
}

export function createMeasurer(options: BenchOptions, processes: ProcessInfo[], say: (line: string) => void): Measurer {
  const reports: ScenarioReport[] = [];
  const measure: Measurer['measure'] = async (plan, load, plannedSeconds, extraNotes = []) => {
    const seconds = deadlineSeconds(plannedSeconds);
    let cpuBefore: Record<string, number> = {};
    let measureStarted = performance.now();
    let result: LoadResult;
    let missed: boolean;
    try {
      const outcome = await withDeadline(plan.name, seconds, (signal) =>
        load(async () => {
          cpuBefore = await sampleCpu(processes);
          measureStarted = performance.now();
        }, signal),
      );
      result = outcome.result;
      missed = outcome.missed;
    } catch (error) {
      say(`  ${plan.name}: ${(error as Error).message}; no result, the run goes on`);
      result = abandonedResult(plan.name, seconds);
      missed = true;
    }
    const cpu = cpuUse(
      cpuBefore,
      await sampleCpu(processes),
      (performance.now() - measureStarted) / 1000,
      result.requests,
    );
    const report: ScenarioReport = {
      ...result,
      name: plan.name,
      deadline: { seconds, missed },
      key: plan.key,
      targets: plan.targets ?? [],
      description: plan.description,
      cpu,
      notes: [...(plan.notes ?? []), ...extraNotes],
    };
    reports.push(report);
    const failures = failureCell(report);
    say(
      `  ${plan.name}: ${report.requestsPerSecond.toFixed(1)} req/s, p50 ${report.latency.p50.toFixed(1)} ms, ` +
        `p95 ${report.latency.p95.toFixed(1)} ms, p99 ${report.latency.p99.toFixed(1)} ms` +
        (report.non2xx || report.errors ? `, non-2xx ${report.non2xx}, errors ${report.errors}` : '') +
        (failures === '-' ? '' : `, ${failures}`),
    );
    return report;
  };
  const run: Measurer['run'] = (plan, extraNotes = []) => {
    const durationSeconds = plan.durationSeconds ?? options.durationSeconds;
    // A run bounded by a number of requests (sign-ins: one argon2id each) is given a minute.
    const planned = plan.amount ? 60 : durationSeconds + options.warmupSeconds;
    return measure(
      plan,
      (beforeMeasure, signal) =>
        runLoad({
          name: plan.name,
          origin: plan.origin,
          connections: Math.min(plan.connections ?? options.connections, plan.amount ?? Number.POSITIVE_INFINITY),
          durationSeconds,
          amount: plan.amount,
          warmupSeconds: options.warmupSeconds,
          next: plan.next,
          beforeMeasure,
          signal,
        }),
      planned,
      extraNotes,
    );
  };
  return { reports, measure, run };
}

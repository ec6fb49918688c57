/** The printed tables and the JSON file of a benchmark run. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadResult } from './load';
import type { CpuUse, MemorySample } from './procs';

/**
 * A target a scenario declares: its throughput as at least a fraction of another scenario's measured in the same
 * run (`ratioOf` is that scenario's key, e.g. the bare pipe), or its p95 latency under a limit.
 */
export type ScenarioTarget =
  | { ratioOf: string; atLeast: number }
  | { p95BelowMs: number }
  /** Its p95 at most `atMost` times the p95 of the scenario `p95RatioOf` (same run), and no 5xx, no error. */
  | { p95RatioOf: string; atMost: number };

export interface ScenarioReport extends LoadResult {
  /** The scenario's key (options.ts), which ratio targets refer to. */
  key: string;
  /** What it measures, one line. */
  description: string;
  /** CPU used during the measured run per process (the machine has os.cpus().length cores). */
  cpu: Record<string, CpuUse>;
  notes: string[];
  targets: ScenarioTarget[];
}

/** A target as measured: PASS only when the value meets it and no request failed. */
export type Target =
  | { metric: 'p95'; name: string; scenario: string; limitMs: number; valueMs: number | null; pass: boolean }
  | {
      metric: 'p95 ratio';
      name: string;
      scenario: string;
      of: string;
      atMost: number;
      ratio: number | null;
      p95Ms: number;
      referenceP95Ms: number | null;
      serverErrors: number;
      pass: boolean;
    }
  | {
      metric: 'throughput ratio';
      name: string;
      scenario: string;
      /** The reference scenario (e.g. the bare pipe) and both throughputs. */
      of: string;
      atLeast: number;
      ratio: number | null;
      requestsPerSecond: number;
      referenceRequestsPerSecond: number | null;
      pass: boolean;
    };

/** The reference scenario's report (the first one with that key). */
const referenceOf = (reports: readonly ScenarioReport[], key: string) => reports.find((r) => r.key === key);

/** Throughput as a fraction of the reference scenario's in the same run; null when the reference did not run. */
export function throughputRatio(report: ScenarioReport, reference: ScenarioReport | undefined): number | null {
  if (!reference || reference.requestsPerSecond <= 0) return null;
  return report.requestsPerSecond / reference.requestsPerSecond;
}

/** Answers with a 5xx status. */
export const serverErrors = (r: Pick<LoadResult, 'statusCodes'>) =>
  Object.entries(r.statusCodes).reduce((sum, [code, n]) => sum + (code.startsWith('5') ? n : 0), 0);

export function evaluateTargets(reports: readonly ScenarioReport[]): Target[] {
  return reports.flatMap((r) =>
    r.targets.map((t): Target => {
      const clean = r.non2xx === 0 && r.errors === 0 && !r.deadline?.missed;
      if ('p95RatioOf' in t) {
        const reference = referenceOf(reports, t.p95RatioOf);
        const ratio = reference && reference.latency.p95 > 0 ? r.latency.p95 / reference.latency.p95 : null;
        const fives = serverErrors(r);
        return {
          metric: 'p95 ratio',
          name: r.name,
          scenario: r.name,
          of: reference?.name ?? t.p95RatioOf,
          atMost: t.atMost,
          ratio: ratio === null ? null : Math.round(ratio * 100) / 100,
          p95Ms: r.latency.p95,
          referenceP95Ms: reference?.latency.p95 ?? null,
          serverErrors: fives,
          pass: ratio !== null && ratio <= t.atMost && fives === 0 && r.errors === 0 && !r.deadline?.missed,
        };
      }
      if ('ratioOf' in t) {
        const reference = referenceOf(reports, t.ratioOf);
        const ratio = throughputRatio(r, reference);
        return {
          metric: 'throughput ratio',
          name: r.name,
          scenario: r.name,
          of: reference?.name ?? t.ratioOf,
          atLeast: t.atLeast,
          ratio: ratio === null ? null : Math.round(ratio * 1000) / 1000,
          requestsPerSecond: r.requestsPerSecond,
          referenceRequestsPerSecond: reference?.requestsPerSecond ?? null,
          pass: ratio !== null && ratio >= t.atLeast && clean,
        };
      }
      return {
        metric: 'p95',
        name: `${r.name} through the gateway`,
        scenario: r.name,
        limitMs: t.p95BelowMs,
        valueMs: r.latency.p95,
        pass: r.latency.p95 < t.p95BelowMs && clean,
      };
    }),
  );
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

export function table(headers: string[], rows: string[][], alignLeft: number[] = [0]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (value: string, i: number) =>
    alignLeft.includes(i) ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0);
  const line = (cells: string[]) => cells.map(cell).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const ms = (n: number) => n.toFixed(1);

export function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** The scenarios; with the bare pipe among them, each row's throughput as a share of the pipe's ("vs bare pipe"). */
export function scenarioTable(scenarios: readonly ScenarioReport[], pipeKey = 'pipe'): string {
  const pipe = referenceOf(scenarios, pipeKey);
  const vsPipe = (s: ScenarioReport) => {
    const ratio = throughputRatio(s, pipe);
    return ratio === null ? '-' : percent(ratio);
  };
  return table(
    [
      'scenario',
      'conns',
      'requests',
      'req/s',
      ...(pipe ? ['vs bare pipe'] : []),
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'errors',
      'non-2xx',
      'avg size',
      'failures',
    ],
    scenarios.map((s) => [
      s.name,
      String(s.connections),
      String(s.requests),
      s.requestsPerSecond.toFixed(1),
      ...(pipe ? [vsPipe(s)] : []),
      ms(s.latency.p50),
      ms(s.latency.p95),
      ms(s.latency.p99),
      ms(s.latency.max),
      String(s.errors),
      s.non2xx === 0 ? '0' : `${s.non2xx} (${statusList(s.statusCodes)})`,
      bytes(s.meanBytes),
      failureCell(s),
    ]),
  );
}

/** What went wrong in a row besides statuses: a missed deadline, timeouts, failures by kind; "-" when nothing. */
export function failureCell(s: Pick<LoadResult, 'deadline' | 'timeouts' | 'failures'>): string {
  const parts: string[] = [];
  if (s.deadline?.missed) parts.push(`DEADLINE (${s.deadline.seconds} s)`);
  if (s.timeouts) parts.push(`${s.timeouts} timeouts`);
  for (const [kind, n] of Object.entries(s.failures ?? {})) if (n) parts.push(`${kind} x${n}`);
  return parts.length ? parts.join(', ') : '-';
}

export function statusList(codes: Record<string, number>): string {
  return Object.entries(codes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => `${code}x${count}`)
    .join(' ');
}

export function labelTable(scenario: ScenarioReport, kinds: Record<string, string> = {}): string {
  return table(
    ['term', 'kind', 'answers', 'p50 ms', 'p95 ms', 'p99 ms', 'avg size', 'status'],
    Object.entries(scenario.byLabel).map(([label, s]) => [
      label,
      kinds[label] ?? '',
      String(s.latency.count),
      ms(s.latency.p50),
      ms(s.latency.p95),
      ms(s.latency.p99),
      bytes(s.meanBytes),
      statusList(s.statusCodes),
    ]),
    [0, 1],
  );
}

/** The load generator runs on the same machine; it is shown but not counted in the stack's total. */
export const LOAD_GENERATOR = 'bench (autocannon)';

export function cpuTable(scenarios: readonly ScenarioReport[]): string {
  const names = [...new Set(scenarios.flatMap((s) => Object.keys(s.cpu)))].filter((n) => n !== LOAD_GENERATOR);
  // Only the processes that did something somewhere.
  const busy = names.filter((n) => scenarios.some((s) => (s.cpu[n]?.percent ?? 0) >= 3));
  const stackMs = (s: ScenarioReport) => names.reduce((sum, n) => sum + (s.cpu[n]?.msPerRequest ?? 0), 0);
  const stackPercent = (s: ScenarioReport) => names.reduce((sum, n) => sum + (s.cpu[n]?.percent ?? 0), 0);
  return table(
    ['scenario', ...busy, 'stack total', 'stack busy', LOAD_GENERATOR],
    scenarios.map((s) => [
      s.name,
      ...busy.map((n) => (s.cpu[n] === undefined ? '-' : s.cpu[n].msPerRequest.toFixed(2))),
      stackMs(s).toFixed(2),
      `${stackPercent(s)}%`,
      s.cpu[LOAD_GENERATOR] ? `${s.cpu[LOAD_GENERATOR].msPerRequest.toFixed(2)}` : '-',
    ]),
  );
}

export function memoryTable(before: readonly MemorySample[], after: readonly MemorySample[]): string {
  return table(
    ['process', 'pid', 'RSS before', 'RSS after', 'peak RSS'],
    after.map((a) => {
      const b = before.find((x) => x.name === a.name);
      return [a.name, String(a.pid), b ? `${b.rssMb} MB` : '-', `${a.rssMb} MB`, `${a.peakRssMb} MB`];
    }),
  );
}

export function targetLines(targets: readonly Target[]): string {
  return targets
    .map((t) => {
      const verdict = t.pass ? 'PASS' : 'MISS';
      if (t.metric === 'p95 ratio') {
        return (
          `${verdict}  ${t.name}: p95 ${ms(t.p95Ms)} ms = ${t.ratio === null ? 'n/a' : `${t.ratio}x`} the p95 of ` +
          `${t.of} (${t.referenceP95Ms === null ? 'did not run' : `${ms(t.referenceP95Ms)} ms`}), ` +
          `${t.serverErrors} 5xx (target <= ${t.atMost}x, no 5xx)`
        );
      }
      if (t.metric === 'p95') {
        return (
          `${verdict}  ${t.name}: p95 ${t.valueMs === null ? 'n/a' : `${ms(t.valueMs)} ms`} ` +
          `(target < ${t.limitMs} ms)`
        );
      }
      const measured =
        t.ratio === null
          ? `n/a (${t.of} did not run)`
          : `${percent(t.ratio)} (${t.requestsPerSecond.toFixed(1)} / ${t.referenceRequestsPerSecond?.toFixed(1)} req/s)`;
      return `${verdict}  ${t.name}: throughput ${measured} of ${t.of} (target >= ${percent(t.atLeast)})`;
    })
    .join('\n');
}

export async function writeJson(directory: string, stamp: string, report: unknown): Promise<string> {
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `bench-${stamp}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

import { describe, expect, it } from '@jest/globals';
import { needsCatalogue, parseOptions } from './options';
import { evaluateTargets, failureCell, type ScenarioReport, scenarioTable, targetLines } from './report';

function report(key: string, name: string, requestsPerSecond: number, extra: Partial<ScenarioReport> = {}) {
  const latency = { count: 1, min: 1, mean: 5, p50: 5, p90: 8, p95: 9, p99: 12, max: 15 };
  return {
    key,
    name,
    description: '',
    cpu: {},
    notes: [],
    targets: [],
    connections: 10,
    seconds: 10,
    requests: requestsPerSecond * 10,
    requestsPerSecond,
    latency,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { 200: requestsPerSecond * 10 },
    meanBytes: 600,
    byLabel: {},
    ...extra,
  } satisfies ScenarioReport;
}

describe('bench targets', () => {
  const pipe = report('pipe', 'bare pipe', 1000);

  it('judges a ratio target against the scenario it names, measured in the same run', () => {
    const me = report('me', 'GET /api/auth/me', 650, { targets: [{ ratioOf: 'pipe', atLeast: 0.6 }] });
    const slow = report('x', 'slow', 500, { targets: [{ ratioOf: 'pipe', atLeast: 0.6 }] });
    const [pass, miss] = evaluateTargets([pipe, me, slow]);
    expect(pass).toMatchObject({ metric: 'throughput ratio', ratio: 0.65, pass: true, of: 'bare pipe' });
    expect(miss).toMatchObject({ ratio: 0.5, pass: false });
    expect(targetLines([pass, miss] as never)).toBe(
      'PASS  GET /api/auth/me: throughput 65% (650.0 / 1000.0 req/s) of bare pipe (target >= 60%)\n' +
        'MISS  slow: throughput 50% (500.0 / 1000.0 req/s) of bare pipe (target >= 60%)',
    );
  });

  it('misses when requests failed or the reference did not run', () => {
    const failing = report('me', 'me', 900, { non2xx: 3, targets: [{ ratioOf: 'pipe', atLeast: 0.6 }] });
    expect(evaluateTargets([pipe, failing])[0]?.pass).toBe(false);
    const alone = report('me', 'me', 900, { targets: [{ ratioOf: 'pipe', atLeast: 0.6 }] });
    expect(evaluateTargets([alone])[0]).toMatchObject({ ratio: null, pass: false });
  });

  it('judges a p95 target', () => {
    const search = report('search', 'search', 300, { targets: [{ p95BelowMs: 10 }] });
    expect(evaluateTargets([search])[0]).toMatchObject({ metric: 'p95', valueMs: 9, pass: true });
    expect(evaluateTargets([{ ...search, targets: [{ p95BelowMs: 9 }] }])[0]?.pass).toBe(false);
  });

  it('shows every row as a share of the bare pipe when it ran', () => {
    const table = scenarioTable([pipe, report('me', 'me', 420)]);
    expect(table.split('\n')[0]).toContain('vs bare pipe');
    expect(table.split('\n')[2]).toMatch(/ 100% /);
    expect(table.split('\n')[3]).toMatch(/ 42% /);
    expect(scenarioTable([report('me', 'me', 420)])).not.toContain('vs bare pipe');
  });
});

describe('bench options', () => {
  const only = (argv: string[]) => {
    const options = parseOptions(argv);
    if (options === 'help') throw new Error('help');
    return options.only;
  };

  it('adds the bare pipe to any selection but the sign-in scenarios alone', () => {
    expect([...only(['--only', 'me'])].sort()).toEqual(['me', 'pipe']);
    expect([...only(['--only', 'signin,signin-throttled'])].sort()).toEqual(['signin', 'signin-throttled']);
    expect(only([]).has('pipe')).toBe(true);
  });

  it('generates the catalogue only for the scenarios that read it', () => {
    expect(needsCatalogue(only(['--only', 'me']))).toBe(false);
    expect(needsCatalogue(only(['--only', 'me,search']))).toBe(true);
    expect(needsCatalogue(only(['--only', 'proxy']))).toBe(true);
  });
});

describe('heavy-isolation and deadlines in the report', () => {
  it("judges a p95 against another row's p95 in the same run, with no 5xx", () => {
    const alone = report('heavy-isolation-alone', 'alone', 30);
    const beside = (p95: number, statusCodes: Record<string, number> = { 200: 100 }) =>
      report('heavy-isolation', 'beside', 30, {
        latency: { ...alone.latency, p95 },
        statusCodes,
        targets: [{ p95RatioOf: 'heavy-isolation-alone', atMost: 2 }],
      });
    expect(evaluateTargets([alone, beside(18)])[0]).toMatchObject({ metric: 'p95 ratio', ratio: 2, pass: true });
    expect(evaluateTargets([alone, beside(19)])[0]?.pass).toBe(false);
    expect(evaluateTargets([alone, beside(10, { 200: 99, 503: 1 })])[0]).toMatchObject({
      serverErrors: 1,
      pass: false,
    });
    expect(targetLines(evaluateTargets([alone, beside(18)]))).toContain('PASS');
  });

  it('marks a row stopped by its deadline and misses its target', () => {
    const late = report('me', 'me', 10, { deadline: { seconds: 43, missed: true }, targets: [{ p95BelowMs: 100 }] });
    expect(failureCell(late)).toBe('DEADLINE (43 s)');
    expect(failureCell({ timeouts: 2, failures: { 'no end after done': 1 } })).toBe('2 timeouts, no end after done x1');
    expect(evaluateTargets([late])[0]?.pass).toBe(false);
    expect(scenarioTable([late])).toContain('DEADLINE (43 s)');
  });

  it('reads the members and isolation options', () => {
    const options = parseOptions([
      '--only',
      'members,heavy-isolation',
      '--member-steps',
      '50,100',
      '--step-duration',
      '5',
    ]);
    if (options === 'help') throw new Error('help');
    expect(options.memberSteps).toEqual([50, 100]);
    expect(options.stepSeconds).toBe(5);
    expect(options.isolationSeconds).toBe(20);
    expect(needsCatalogue(options.only)).toBe(true);
  });
});

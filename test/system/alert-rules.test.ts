/**
 * Every alert rule and dashboard query of the Helm chart against a live scrape of the running stack: each metric it
 * selects is exported by some process, each label it matches or groups by is on that metric's series (or is one
 * Prometheus adds to every target: app, pod, namespace), and each alert links to a section of docs/runbooks.md.
 * promtool would check the syntax too; this checks what promtool cannot: that the queries name what we export.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stackInfo } from '../support/stack-client';
import { closeSystemResources } from '../support/system';

const root = path.resolve(import.meta.dirname, '../..');
const TARGET_LABELS = new Set(['app', 'pod', 'namespace', 'instance', 'job']);
/** Series Prometheus makes itself, not the processes. */
/**
 * Series no process of ours exports: Prometheus' own `up`, and kube-state-metrics' view of the backup CronJob
 * (the backup alerts read its last success from there, docs/deploy.md "Backups and restore").
 */
const PROMETHEUS_OWN = new Set(['up', 'kube_cronjob_status_last_successful_time']);

interface Family {
  type: string;
  /** Label names seen on its series (none when it has no series yet, e.g. a counter nothing incremented). */
  labels: Set<string>;
  series: number;
}

/** name -> family, over every scrape (a histogram's _bucket/_sum/_count are its family). */
const families = new Map<string, Family>();

function addScrape(text: string): void {
  for (const line of text.split('\n')) {
    const typed = /^# TYPE (\S+) (\S+)/.exec(line);
    if (typed) {
      const [, name, type] = typed as unknown as [string, string, string];
      if (!families.has(name)) families.set(name, { type, labels: new Set(), series: 0 });
      continue;
    }
    if (line.startsWith('#') || line.trim() === '') continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? /.exec(line);
    if (!sample) continue;
    const family = families.get(familyName(sample[1] as string));
    if (!family) continue;
    family.series += 1;
    for (const [, label] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g))
      family.labels.add(label as string);
  }
}

function familyName(name: string): string {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && families.get(base)?.type === 'histogram' ? base : name;
}

/** The alert rules of templates/monitoring.yaml as the chart renders them (template expressions filled in). */
function alertRules(): { alert: string; expr: string; runbook?: string }[] {
  const text = readFileSync(path.join(root, 'helm/rainmakers/templates/monitoring.yaml'), 'utf8');
  const rules: { alert: string; expr: string; runbook?: string }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const alert = /^\s+- alert: (\S+)/.exec(lines[i] as string);
    if (!alert) continue;
    const rule: { alert: string; expr: string; runbook?: string } = { alert: alert[1] as string, expr: '' };
    for (let j = i + 1; j < lines.length && !/^\s+- alert: |^\s+- name: |^{{- end/.test(lines[j] as string); j += 1) {
      const line = lines[j] as string;
      const expr = /^(\s+)expr: (.*)$/.exec(line);
      if (expr && expr[2] === '|') {
        const indent = (expr[1] as string).length;
        const body: string[] = [];
        for (let k = j + 1; k < lines.length && (/^\s*/.exec(lines[k] as string)?.[0].length ?? 0) > indent; k += 1) {
          body.push((lines[k] as string).trim());
        }
        rule.expr = body.join(' ');
      } else if (expr) rule.expr = expr[2] as string;
      const runbook = /runbook_url: "\{\{ \$runbooks \}\}#([a-z0-9-]+)"/.exec(line);
      if (runbook) rule.runbook = runbook[1];
    }
    rule.expr = rule.expr
      .replaceAll('{{ $namespace }}', 'rainmakers')
      .replaceAll('{{ .Release.Namespace }}', 'rainmakers')
      .replaceAll('{{ $app }}', 'auth');
    rules.push(rule);
  }
  return rules;
}

function dashboardQueries(): { title: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync(path.join(root, 'helm/rainmakers/dashboards/rainmakers.json'), 'utf8'));
  return dashboard.panels.flatMap((panel: { title: string; targets: { expr: string }[] }) =>
    panel.targets.map((target) => ({
      title: panel.title,
      expr: target.expr.replaceAll('$namespace', 'rainmakers').replaceAll('$__rate_interval', '5m'),
    })),
  );
}

/** What one query needs of the scrape: each selector's metric and matched labels, and the labels it groups by. */
function problemsOf(expr: string): string[] {
  const problems: string[] = [];
  const selected: Family[] = [];
  for (const [, name, matchers] of expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)) {
    if (PROMETHEUS_OWN.has(name as string)) continue;
    const family = families.get(familyName(name as string));
    if (!family) {
      problems.push(`${name} is in no process's /metrics`);
      continue;
    }
    selected.push(family);
    for (const [, label] of (matchers as string).matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)) {
      if (!TARGET_LABELS.has(label as string) && family.series > 0 && !family.labels.has(label as string)) {
        problems.push(`${name} has no label ${label}`);
      }
    }
  }
  for (const [, list] of expr.matchAll(/\bby \(([^)]*)\)/g)) {
    for (const label of (list as string).split(',').map((l) => l.trim())) {
      if (TARGET_LABELS.has(label) || label === 'le') continue;
      if (!selected.some((family) => family.series === 0 || family.labels.has(label))) {
        problems.push(`grouped by ${label}, which none of its metrics has`);
      }
    }
  }
  return problems;
}

beforeAll(async () => {
  const { ports } = stackInfo();
  const scraped = [
    ports.gatewayMetrics,
    ports.auth,
    ports.users,
    ports.courses,
    ports.board,
    ports.tools,
    ports.resources,
    ports.billing,
    ports['users-worker'],
    ports['billing-worker'],
  ];
  for (const port of scraped) {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    addScrape(await response.text());
  }
});

afterAll(async () => {
  await closeSystemResources();
});

describe('alert rules and dashboard queries against a live scrape', () => {
  it('the scrape has what the checks read', () => {
    expect(families.get('http_requests_total')?.labels).toEqual(new Set(['method', 'route', 'status', 'service']));
    expect(families.get('rainmakers_build_info')?.labels).toEqual(new Set(['version', 'commit', 'node', 'service']));
    expect(families.get('jobs_failed_total')?.type).toBe('counter');
  });

  it('every alert rule selects exported metrics and labels, and links to its runbook section', () => {
    const rules = alertRules();
    expect(rules.length).toBeGreaterThanOrEqual(12);
    const runbooks = readFileSync(path.join(root, 'docs/runbooks.md'), 'utf8');
    const anchors = new Set(
      [...runbooks.matchAll(/^#{2,3} (.+)$/gm)].map(([, heading]) =>
        (heading as string)
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .trim()
          .replace(/ /g, '-'),
      ),
    );
    const problems = rules.flatMap((rule) => [
      ...problemsOf(rule.expr).map((problem) => `${rule.alert}: ${problem}`),
      ...(rule.runbook && anchors.has(rule.runbook)
        ? []
        : [`${rule.alert}: runbook_url #${rule.runbook} not in docs/runbooks.md`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('every dashboard query selects exported metrics and labels', () => {
    const problems = dashboardQueries().flatMap((query) =>
      problemsOf(query.expr).map((problem) => `${query.title}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('the checks fail on a query that names what is not exported', () => {
    expect(problemsOf('sum by (queue) (jobs_queue_job{namespace="rainmakers"})')).toEqual([
      "jobs_queue_job is in no process's /metrics",
      'grouped by queue, which none of its metrics has',
    ]);
    expect(problemsOf('max by (topic) (event_dead_letters{namespace="rainmakers",group="x"})')).toEqual([
      'event_dead_letters has no label group',
    ]);
  });
});

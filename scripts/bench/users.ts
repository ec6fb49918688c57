/**
 * User administration under load, through the gateway as the admin:
 * - user-import: a 10,000-row CSV uploaded (POST /api/user/import), its status read every 100 ms until the job is
 *   completed; end-to-end time (upload to report ready) and rows per second. Target: under 30 s.
 * - user-export: GET /api/user/export (users.csv, streamed) at about 10,000 people and again at about 100,000
 *   (the rest inserted straight into the users database first); time, rows, and the users process's RSS sampled
 *   every 20 ms during each export. Target: the peak RSS during the 100,000-row export at most 1.25 times the peak
 *   during the 10,000-row one (same run, same process). The growth above the RSS just before each export is
 *   reported too: it is mostly garbage V8 has not collected yet (its size depends on when the last full GC ran),
 *   so it is shown, not judged. A third export at 200,000 people shows whether that growth is bounded.
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { GatewaySession } from '../seed/context';
import type { ProcessInfo } from './procs';
import { table } from './report';
import type { SessionHeaders } from './setup';

export const IMPORT_ROWS = 10_000;
export const EXPORT_SMALL = 10_000;
export const EXPORT_LARGE = 100_000;
/** A third export, twice the large one: the growth above the RSS before should stay where it was at 100,000. */
export const EXPORT_CHECK = 200_000;
export const IMPORT_TARGET_S = 30;
/** Export memory: peak RSS at 100k people within this many times the peak at 10k. */
export const EXPORT_RATIO_LIMIT = 1.25;

export interface ImportMeasure {
  rows: number;
  uploadMs: number;
  endToEndMs: number;
  rowsPerSecond: number;
  report: { created: number; updated: number; skipped: number; failed: number };
}

export interface ExportMeasure {
  people: number;
  rows: number;
  bytes: number;
  ms: number;
  rssBeforeMb: number;
  peakRssMb: number;
  growthMb: number;
}

export interface UsersBenchResult {
  import: ImportMeasure | null;
  exports: ExportMeasure[];
  targets: { name: string; value: string; limit: string; pass: boolean }[];
}

async function rssMb(pid: number): Promise<number> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(text)?.[1] ?? 0) / 1024;
}

interface ImportStatus {
  state: string;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  failedReason: string | null;
}

export async function measureImport(admin: GatewaySession, stamp: string): Promise<ImportMeasure> {
  const lines = ['email,fullName,role,city,state,country'];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    lines.push(`bench-import-${stamp}-${i}@bench.test,Bench Import ${i},basic,Austin,TX,United States`);
  }
  const form = new FormData();
  form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'bench-import.csv');
  const started = performance.now();
  const res = await admin.request<{ jobId: string; error?: string }>('POST', '/api/user/import', form);
  if (res.status !== 202) throw new Error(`POST /api/user/import answered ${res.status}: ${JSON.stringify(res.body)}`);
  const uploadMs = performance.now() - started;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const status = await admin.get<ImportStatus>(`/api/user/import/${res.body.jobId}`);
    if (status.state === 'completed') {
      const endToEndMs = performance.now() - started;
      return {
        rows: IMPORT_ROWS,
        uploadMs,
        endToEndMs,
        rowsPerSecond: IMPORT_ROWS / (endToEndMs / 1000),
        report: { created: status.created, updated: status.updated, skipped: status.skipped, failed: status.failed },
      };
    }
    if (status.state === 'failed') throw new Error(`The bench import failed: ${status.failedReason}`);
    if (Date.now() > deadline) throw new Error(`The bench import is still ${status.state} after 300 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Streams GET /api/user/export to nothing, sampling the users process's RSS meanwhile. */
export async function measureExport(
  gatewayUrl: string,
  admin: SessionHeaders,
  users: ProcessInfo,
  people: number,
): Promise<ExportMeasure> {
  // Let the heap settle after what came before (the import, the inserts) so 'before' is a fair base.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBeforeMb = await rssMb(users.pid);
  let peak = rssBeforeMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssMb(users.pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  try {
    const res = await fetch(`${gatewayUrl}/api/user/export`, { headers: admin.read });
    if (res.status !== 200 || !res.body) throw new Error(`GET /api/user/export answered ${res.status}`);
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) rows += 1;
    }
  } finally {
    sampling = false;
    await sampler;
  }
  const ms = performance.now() - started;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    people,
    rows: rows - 1,
    bytes,
    ms,
    rssBeforeMb: round(rssBeforeMb),
    peakRssMb: round(peak),
    growthMb: round(peak - rssBeforeMb),
  };
}

/** Tops the users table up to `total` people with plain inserts (no events: the export only reads). */
export async function fillUsers(usersDb: string, total: number): Promise<number> {
  const client = new pg.Client({ connectionString: usersDb });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    const have = rows[0]?.n ?? 0;
    if (have < total) {
      await client.query(
        `INSERT INTO users (full_name, email, role, city, state, country)
         SELECT 'Bench Export ' || n, 'bench-export-' || $2 || '-' || n || '@bench.test', 'basic', 'Austin', 'TX',
                'United States'
         FROM generate_series(1, $1::int) AS n`,
        [total - have, Date.now().toString(36)],
      );
      await client.query('ANALYZE users');
    }
    return Math.max(have, total);
  } finally {
    await client.end();
  }
}

export async function runUsersBench(input: {
  gatewayUrl: string;
  admin: { session: GatewaySession; headers: SessionHeaders };
  usersProcess: ProcessInfo | undefined;
  usersDb: string | null;
  log: (line: string) => void;
}): Promise<UsersBenchResult> {
  const { log } = input;
  const stamp = Date.now().toString(36);
  log(`  importing ${IMPORT_ROWS} rows (POST /api/user/import, then its status every 100 ms) ...`);
  const imported = await measureImport(input.admin.session, stamp);
  log(
    `  import: ${(imported.endToEndMs / 1000).toFixed(1)} s end to end (upload ${imported.uploadMs.toFixed(0)} ms), ` +
      `${imported.rowsPerSecond.toFixed(0)} rows/s; created ${imported.report.created}, failed ${imported.report.failed}`,
  );
  const exports: ExportMeasure[] = [];
  if (!input.usersProcess || !input.usersDb) {
    log('  export skipped: the users process or its database is not known (--url without a local stack)');
  } else {
    for (const size of [EXPORT_SMALL, EXPORT_LARGE, EXPORT_CHECK]) {
      const people = await fillUsers(input.usersDb, size);
      const measured = await measureExport(input.gatewayUrl, input.admin.headers, input.usersProcess, people);
      exports.push(measured);
      log(
        `  export of ${measured.rows} people: ${(measured.ms / 1000).toFixed(2)} s, ${(measured.bytes / 1e6).toFixed(1)} MB; ` +
          `users RSS ${measured.rssBeforeMb} MB before, peak ${measured.peakRssMb} MB (+${measured.growthMb} MB)`,
      );
    }
  }
  const targets: UsersBenchResult['targets'] = [
    {
      name: `user-import of ${IMPORT_ROWS} rows, end to end`,
      value: `${(imported.endToEndMs / 1000).toFixed(1)} s`,
      limit: `< ${IMPORT_TARGET_S} s`,
      pass: imported.endToEndMs < IMPORT_TARGET_S * 1000 && imported.report.created === IMPORT_ROWS,
    },
  ];
  const [small, large] = exports;
  if (small && large) {
    const ratio = large.peakRssMb / Math.max(small.peakRssMb, 1);
    targets.push({
      name: `users peak RSS during the export, ${large.rows} vs ${small.rows} people`,
      value: `${large.peakRssMb} MB vs ${small.peakRssMb} MB (ratio ${ratio.toFixed(2)})`,
      limit: `ratio <= ${EXPORT_RATIO_LIMIT}`,
      pass: ratio <= EXPORT_RATIO_LIMIT,
    });
  }
  return { import: imported, exports, targets };
}

export function usersTable(result: UsersBenchResult): string {
  const rows: string[][] = [];
  if (result.import) {
    const i = result.import;
    rows.push([
      `import ${i.rows} rows`,
      `${(i.endToEndMs / 1000).toFixed(1)} s`,
      `${i.rowsPerSecond.toFixed(0)} rows/s`,
      '-',
      '-',
    ]);
  }
  for (const e of result.exports) {
    rows.push([
      `export ${e.rows} people`,
      `${(e.ms / 1000).toFixed(2)} s`,
      `${(e.rows / (e.ms / 1000)).toFixed(0)} rows/s`,
      `${e.rssBeforeMb} -> ${e.peakRssMb}`,
      `+${e.growthMb}`,
    ]);
  }
  return table(['what', 'time', 'rate', 'users RSS MB', 'growth MB'], rows);
}

export function usersTargetLines(result: UsersBenchResult): string {
  return result.targets.map((t) => `${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${t.value} (target ${t.limit})`).join('\n');
}

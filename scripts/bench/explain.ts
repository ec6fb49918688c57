/**
 * EXPLAIN (ANALYZE, BUFFERS) of the catalogue search's statements, exactly as the courses service builds them
 * (services/courses/src/store/catalogue.ts), for a viewer and a term: how much of a search's time is SQL, and
 * whether every statement uses its index.
 *
 * bench.ts runs it after the scenarios (own stack). By hand, on any migrated courses database:
 *   node --import tsx scripts/bench/explain.ts --db postgres://... [--role premium] [--plans] term ...
 *   node --import tsx scripts/bench/explain.ts --db postgres://127.0.0.1:5432/bench_explain --prepare ...
 * (--prepare creates the database, runs the courses migrations and generates the catalogue when it is empty.)
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CATALOGUE_PREVIEW_COUNT, type Role } from '@rainmakers/contracts';
import { createDatabase, ensureDatabaseExists, runMigrations } from '@rainmakers/kit';
import type { Viewer } from '../../services/courses/src/domain/visibility';
import {
  allLessonsStatement,
  courseSearchStatement,
  lessonSearchStatement,
  moduleSearchStatement,
  visibleLessonCountStatement,
} from '../../services/courses/src/store/catalogue';
import { generateCatalogue, type Queryable } from '../../services/courses/src/store/catalogue-generator';
import type { Statement } from '../../services/courses/src/store/db';

export interface ExplainedStatement {
  name: string;
  executionMs: number;
  planningMs: number;
  /** Rows the statement returned. */
  rows: number;
  sharedHit: number;
  sharedRead: number;
  /** Index names the plan uses, and the tables it reads sequentially. */
  indexes: string[];
  seqScans: string[];
  plan: string;
  text: string;
  values: unknown[];
}

export interface ExplainedTerm {
  term: string;
  statements: ExplainedStatement[];
  totalMs: number;
}

/**
 * The statements GET /api/course/read-many runs for a term (before the course cards' own small queries), for one
 * page of `itemsPerPage` (default: the All tab's shape, which also collects the lesson ids for the distinct count).
 */
export function catalogueStatements(
  viewer: Viewer,
  term: string,
  itemsPerPage = CATALOGUE_PREVIEW_COUNT,
  page = 1,
): Record<string, Statement> {
  const slice = { limit: itemsPerPage, offset: (page - 1) * itemsPerPage };
  if (!term) {
    return {
      courses: courseSearchStatement(viewer, '', slice),
      modules: moduleSearchStatement(viewer, '', slice),
      'lessons (all)': allLessonsStatement(viewer, slice),
      'lessons (count)': visibleLessonCountStatement(viewer),
    };
  }
  return {
    courses: courseSearchStatement(viewer, term, slice),
    modules: moduleSearchStatement(viewer, term, slice),
    'lessons by title': lessonSearchStatement(viewer, 'title', term, slice, { withIds: true }),
    'lessons by content': lessonSearchStatement(viewer, 'content', term, slice, { withIds: true }),
  };
}

interface PlanNode {
  'Node Type'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/**
 * The plan's structure comes from one FORMAT JSON run; the timing is the fastest of `runs` FORMAT TEXT runs (on a
 * busy machine a single run absorbs whatever preemption happened to hit it).
 */
export async function explainStatement(
  db: Queryable,
  name: string,
  statement: Statement,
  runs = 3,
): Promise<ExplainedStatement> {
  const json = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`, statement.values);
  const [root] = (json.rows[0] as { 'QUERY PLAN': unknown })['QUERY PLAN'] as Array<{
    Plan: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
    'Execution Time': number;
    'Planning Time': number;
  }>;
  if (!root) throw new Error(`No plan for ${name}`);
  let best: { plan: string; executionMs: number; planningMs: number } | null = null;
  for (let i = 0; i < runs; i++) {
    const text = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${statement.text}`, statement.values);
    const plan = (text.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
    const planningMs = Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
    if (!best || executionMs < best.executionMs) best = { plan, executionMs, planningMs };
  }
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  walk(root.Plan, (n) => {
    if (n['Index Name']) indexes.add(n['Index Name']);
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) seqScans.add(n['Relation Name']);
  });
  return {
    name,
    executionMs: best ? Math.round(best.executionMs * 100) / 100 : root['Execution Time'],
    planningMs: best ? Math.round(best.planningMs * 100) / 100 : root['Planning Time'],
    rows: root.Plan['Actual Rows'] ?? 0,
    sharedHit: root.Plan['Shared Hit Blocks'] ?? 0,
    sharedRead: root.Plan['Shared Read Blocks'] ?? 0,
    indexes: [...indexes],
    seqScans: [...seqScans],
    plan: best?.plan ?? '',
    text: statement.text.replace(/\s+/g, ' ').trim(),
    values: statement.values,
  };
}

export async function explainTerms(db: Queryable, viewer: Viewer, terms: readonly string[]): Promise<ExplainedTerm[]> {
  const explained: ExplainedTerm[] = [];
  for (const term of terms) {
    const statements: ExplainedStatement[] = [];
    for (const [name, statement] of Object.entries(catalogueStatements(viewer, term))) {
      // Once to warm the cache the way the running service has it, then measured (fastest of three).
      await db.query(statement.text, statement.values);
      statements.push(await explainStatement(db, name, statement));
    }
    const totalMs = Math.round(statements.reduce((sum, s) => sum + s.executionMs, 0) * 100) / 100;
    explained.push({ term, statements, totalMs });
  }
  return explained;
}

async function cli(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      db: { type: 'string' },
      role: { type: 'string', default: 'premium' },
      prepare: { type: 'boolean', default: false },
      plans: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (!values.db) throw new Error('--db <courses database url> is required');
  if (values.prepare) await ensureDatabaseExists(values.db);
  const database = createDatabase<Record<string, never>>(values.db, { max: 2 });
  try {
    if (values.prepare) {
      await runMigrations(database.pool, path.resolve(import.meta.dirname, '../../services/courses/migrations'));
      const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM lessons');
      if ((rows[0]?.n ?? 0) === 0) {
        const generated = await generateCatalogue(database.pool, { courses: 100, modules: 2000, lessons: 100_000 });
        console.log(`generated ${JSON.stringify(generated)}`);
      }
      await database.pool.query('ANALYZE');
    }
    const viewer: Viewer = { role: (values.role ?? 'premium') as Role, tagIds: [] };
    for (const result of await explainTerms(database.pool, viewer, positionals.length ? positionals : [''])) {
      console.log(`\n### "${result.term}" (${viewer.role}): ${result.totalMs} ms of SQL in all`);
      for (const s of result.statements) {
        console.log(
          `  ${s.name.padEnd(20)} ${String(s.executionMs).padStart(8)} ms  rows ${String(s.rows).padStart(5)}  ` +
            `hit ${s.sharedHit} read ${s.sharedRead}  indexes ${s.indexes.join(',') || '-'}` +
            (s.seqScans.length ? `  SEQ SCAN ${s.seqScans.join(',')}` : ''),
        );
        if (values.plans) console.log(`\n${s.text}\n-- ${JSON.stringify(s.values)}\n${s.plan}\n`);
      }
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

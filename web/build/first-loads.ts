/**
 * The first load of every route from a build (`npm run build:web`, then `node web/build/first-loads.ts [dist folder]`): the JS the
 * browser fetches before the content — the entry and the files index.html preloads with it, plus the files its
 * inline script preloads for the route (the `__ROUTE_PRELOADS__` table) — as requests and gzip -9 bytes
 * (1 KB = 1000 B), desktop; with `--phone`, the phone's frame too. The bench (scripts/bench/web.ts) measures the same
 * in a browser; this reads the build alone, so it does not depend on the machine's load.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RoutePreloads } from '../src/early/requests';

// Another build's folder as the first argument (`vite build --outDir <dir>`), web/dist otherwise.
const DIST = path.resolve(
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? path.join(import.meta.dirname, '../dist'),
);
const BUDGET_BYTES = 185_000;
const BUDGET_REQUESTS = 15;

/** The preload table as the inline script holds it: the object literal passed to the route lookup. */
function preloadTable(html: string): RoutePreloads {
  const start = html.indexOf('{files:');
  if (start < 0) throw new Error('first loads: no route table in dist/index.html');
  let depth = 0;
  let end = start;
  for (; end < html.length; end++) {
    if (html[end] === '{' || html[end] === '[') depth++;
    if (html[end] === '}' || html[end] === ']') depth--;
    if (depth === 0) break;
  }
  // The build's own minified literal (template strings and `.split`), evaluated as the browser would.
  return new Function(`return ${html.slice(start, end + 1)}`)() as RoutePreloads;
}

const sizes = new Map<string, number>();
async function gzipped(file: string): Promise<number> {
  let size = sizes.get(file);
  if (size === undefined) {
    // As the gateway sends it: the build's `.gz` when that is smaller (web/build/plugins.ts, precompress), else as is.
    const raw = await readFile(path.join(DIST, file));
    size = Math.min(gzipSync(raw, { level: 9 }).length, raw.length);
    sizes.set(file, size);
  }
  return size;
}

const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)].map(
  (match) => match[1] as string,
);
const table = preloadTable(html);
const phone = process.argv.includes('--phone');
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const lines = ['| route | JS requests | gzipped KB | 185 KB / 15 |', '|---|---|---|---|'];
for (const [pattern, indexes, framed] of table.routes) {
  // As preloadsFor (src/early/requests.ts) picks them: the route's files, and on a phone the framed routes' top bar.
  const wanted = phone && framed === 1 ? [...indexes, ...table.phone] : indexes;
  const files = [...new Set([...entry, ...wanted.map((i) => table.files[i] as string)])];
  let bytes = 0;
  for (const file of files) bytes += await gzipped(file);
  const pass = bytes <= BUDGET_BYTES && files.length <= BUDGET_REQUESTS;
  lines.push(`| \`${pattern}\` | ${files.length} | ${kb(bytes)} | ${pass ? 'PASS' : 'MISS'} |`);
}
const entryBytes = await Promise.all(entry.map(gzipped));
lines.push('', `entry: ${entry.map((f, i) => `${path.basename(f)} ${kb(entryBytes[i] ?? 0)}`).join(', ')}`);
console.log(lines.join('\n'));

/**
 * Build steps of our own (vite.config.ts):
 * - `earlyScript`: index.html's inline script (src/early/script.ts), bundled and minified, with the table of the JS
 *   files each route needs (the app frame, the page and their static imports), so that a page load asks for its data
 *   and all of its JS in one wave (docs/decisions.md, "Web first load");
 * - `precompress`: a `.br` and a `.gz` beside every text asset, so the gateway sends them as they are instead of
 *   compressing per request.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { build, type Plugin, runnerImport } from 'vite';
import type { RoutePreloads } from '../src/early/requests';
import type { RouteDef } from '../src/lib/routes';
import { lazyModules } from './pages.ts';

const WEB_ROOT = path.resolve(import.meta.dirname, '..');
const PAGES_FILE = path.join(WEB_ROOT, 'src/routes/pages.tsx');

function chunkOf(bundle: OutputBundle, moduleId: string): OutputChunk | undefined {
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk' && item.moduleIds.includes(moduleId)) return item;
  }
  return undefined;
}

function staticClosure(bundle: OutputBundle, start: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const item = bundle[fileName];
    if (item?.type === 'chunk') for (const imported of item.imports) walk(imported);
  };
  for (const fileName of start) walk(fileName);
  return seen;
}

/** Per route of lib/routes.ts: the JS files beyond the entry's own (which index.html already preloads). */
export function routePreloads(
  bundle: OutputBundle,
  routeTable: readonly RouteDef[],
  pagesSource: string,
  base = '/',
): RoutePreloads {
  const modules = lazyModules(pagesSource, path.dirname(PAGES_FILE));
  const entry = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry);
  if (!entry) throw new Error('early script: the bundle has no entry chunk');
  const loaded = staticClosure(bundle, [entry.fileName]);
  const files: string[] = [];
  const indexOf = (fileName: string) => {
    const at = files.indexOf(fileName);
    return at >= 0 ? at : files.push(fileName) - 1;
  };
  const routes: RoutePreloads['routes'] = [];
  for (const route of routeTable) {
    if (route.kind === 'redirect') continue;
    const framed = route.kind === 'fallback' || (route.kind === 'guarded' && !route.bare);
    const wanted = [...(framed ? ['AppLayout'] : []), route.page];
    const chunks = wanted.map((key) => {
      const moduleId = modules.get(key);
      const chunk = moduleId ? chunkOf(bundle, moduleId) : undefined;
      if (!chunk) throw new Error(`early script: no chunk for ${key} (routes/pages.tsx must lazy-import it)`);
      return chunk.fileName;
    });
    const needed = [...staticClosure(bundle, chunks)].filter((f) => !loaded.has(f) && f.endsWith('.js'));
    routes.push([route.path, needed.map((f) => indexOf(`${base}${f}`)), framed ? 1 : 0]);
  }
  // The frame's phone top bar is its own lazy chunk (AppLayout): on a narrow screen it is part of the first wave too.
  const topBar = chunkOf(bundle, path.join(WEB_ROOT, 'src/layout/MobileTopBar.tsx'));
  if (!topBar) throw new Error('early script: no chunk for layout/MobileTopBar.tsx');
  const phone = [...staticClosure(bundle, [topBar.fileName])]
    .filter((f) => !loaded.has(f) && f.endsWith('.js'))
    .map((f) => indexOf(`${base}${f}`));
  return { files, phone, routes };
}

async function bundleScript(preloads: RoutePreloads): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: WEB_ROOT,
    define: { __ROUTE_PRELOADS__: JSON.stringify(preloads) },
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      modulePreload: false,
      rolldownOptions: { input: path.join(WEB_ROOT, 'src/early/script.ts'), output: { format: 'iife' } },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code.trim();
  }
  throw new Error('early script: the build produced no code');
}

export function earlyScript(): Plugin {
  let base = '/';
  return {
    name: 'rainmakers:early-script',
    // In development the app simply fetches everything itself (api/client.ts finds no early fetches).
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        if (!context.bundle) return [];
        // Through Vite's module runner: the route table imports the contracts package, which ships TypeScript.
        const { module } = await runnerImport<typeof import('../src/lib/routes')>(
          path.join(WEB_ROOT, 'src/lib/routes.ts'),
          { configFile: false, logLevel: 'silent', root: WEB_ROOT },
        );
        const bundle = context.bundle as unknown as OutputBundle;
        const preloads = routePreloads(bundle, module.ROUTES, await readFile(PAGES_FILE, 'utf8'), base);
        // In <head>, after the charset and the entry's tags: the parser reaches it at once, long before any JS arrives.
        return [{ tag: 'script', children: await bundleScript(preloads), injectTo: 'head' }];
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|wasm|map)$/;
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each text asset of 1 KB or more. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rainmakers:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => name.startsWith('assets/') && COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const raw = await readFile(file);
          if (raw.length < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

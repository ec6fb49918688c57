/**
 * Build steps of our own (vite.config.ts):
 * - `earlyScript`: index.html's inline script (src/early/script.ts), bundled and minified, with the table of the JS
 *   files each route needs (the app frame, the page and their static imports), so that a page load asks for its data
 *   and all of its JS in one wave (docs/decisions.md, "Web first load");
 * - `precompress`: a `.br` and a `.gz` beside every text asset, so the gateway sends them as they are instead of
 *   compressing per request;
 * - `muiWithoutCssVars`: MUI's `createTheme` and `ThemeProvider` without their CSS-variables half.
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

/** MUI's own modules the next plugin stands in for, by their path inside @mui/material. */
const MUI_NO_VARS: Record<string, (dir: string) => string> = {
  // MUI's createTheme hands a theme without `colorSchemes` and `cssVariables` (ours, theme.ts, and MUI's default
  // theme) to createThemeNoVars unchanged ("behaves exactly as v5"); only the other branch needs createThemeWithVars.
  'styles/createTheme.mjs': (dir) => `import createThemeNoVars from ${JSON.stringify(`${dir}/createThemeNoVars.mjs`)};
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) {
    throw new Error('createTheme: CSS variables and colorSchemes are left out of this build (web/build/plugins.ts)');
  }
  return createThemeNoVars(options, ...args);
}`,
  // MUI's ThemeProvider gives such a theme to ThemeProviderNoVars (with `vars: null`); the CssVarsProvider branch and
  // its module (created at load, so never tree-shaken) are what this leaves out.
  'styles/ThemeProvider.mjs': (dir) => `import * as React from 'react';
import ThemeProviderNoVars from ${JSON.stringify(`${dir}/ThemeProviderNoVars.mjs`)};
import THEME_ID from ${JSON.stringify(`${dir}/identifier.mjs`)};
import { jsx } from 'react/jsx-runtime';
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) {
      throw new Error('ThemeProvider: colorSchemes are left out of this build (web/build/plugins.ts)');
    }
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}`,
};

/**
 * MUI's `createTheme` and `ThemeProvider` without CSS variables: the app's theme has neither `cssVariables` nor
 * `colorSchemes` (light and dark are two themes, components/ThemeMode.tsx), so MUI takes its no-variables path at
 * run time, but its modules import the CSS-variables provider and theme builder too (createThemeWithVars,
 * createCssVarsProvider, InitColorSchemeScript: about 5 KB gzipped in every page's shell). Both stand-ins throw if
 * a theme ever asks for CSS variables, rather than render unstyled.
 */
export function muiWithoutCssVars(): Plugin {
  return {
    name: 'rainmakers:mui-without-css-vars',
    enforce: 'pre',
    apply: 'build',
    resolveId: {
      filter: { id: /(createTheme|ThemeProvider)\.mjs$/ },
      async handler(source, importer, options) {
        if (!importer?.includes(`${path.sep}@mui${path.sep}material${path.sep}`)) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved) return null;
        const key = Object.keys(MUI_NO_VARS).find((file) => resolved.id.endsWith(`@mui/material/${file}`));
        return key ? `\0rm-mui-no-vars:${path.dirname(resolved.id)}:${key}` : null;
      },
    },
    load(id) {
      if (!id.startsWith('\0rm-mui-no-vars:')) return null;
      const at = id.lastIndexOf(':');
      return MUI_NO_VARS[id.slice(at + 1)]?.(id.slice('\0rm-mui-no-vars:'.length, at)) ?? null;
    },
  };
}

/**
 * emotion's `hoist-non-react-statics` (CommonJS, with its own copy of react-is: about 2 KB gzipped in every page's
 * shell) as a no-op: emotion imports it for `withTheme` only, which neither MUI nor the app uses, and as CommonJS it
 * is kept even when unused. Only for importers inside @emotion/react; anything else still gets the real package.
 */
export function emotionWithoutHoist(): Plugin {
  const STAND_IN = '\0rm-no-hoist-non-react-statics';
  return {
    name: 'rainmakers:emotion-without-hoist',
    enforce: 'pre',
    apply: 'build',
    resolveId: {
      filter: { id: /^hoist-non-react-statics$/ },
      handler(_source, importer) {
        return importer?.includes(`${path.sep}@emotion${path.sep}react${path.sep}`) ? STAND_IN : null;
      },
    },
    load(id) {
      return id === STAND_IN ? 'export default function hoistNonReactStatics(target) { return target; }' : null;
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|wasm|map)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each text asset, each only when it is smaller than
 * the file. Small files too: a screen's first load has half a dozen chunks of 300-700 bytes (icons, the entry), which
 * went out uncompressed when only files of 1 KB or more had variants (1.5 KB more on a course page's first load).
 */
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
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: 9 }),
          ]);
          const variants: [string, Buffer][] = [
            [`${file}.br`, br],
            [`${file}.gz`, gz],
          ];
          await Promise.all(
            variants.filter(([, body]) => body.length < raw.length).map(([variant, body]) => writeFile(variant, body)),
          );
        }),
      );
    },
  };
}

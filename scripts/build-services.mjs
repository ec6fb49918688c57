#!/usr/bin/env node
/**
 * Compiles the gateway and the services for their images: each entry point (src/main.ts, and src/worker.ts,
 * src/migrate.ts and auth's src/rotate-totp.ts where they exist) becomes one ES module under the workspace's dist/
 * that plain `node` runs, with our own workspaces (@rainmakers/kit, @rainmakers/contracts) compiled in and every npm dependency left to
 * node_modules. Development and tests keep running the sources through tsx; only images run dist/.
 *
 *   node scripts/build-services.mjs              every workspace
 *   node scripts/build-services.mjs users auth   some ("gateway" is the gateway)
 *   node scripts/build-services.mjs stand-ins    the local Stripe and AI stand-ins (scripts/lib/*-stand-in.ts) for
 *                                                docker-compose: scripts/dist/stand-ins/*.mjs, every dependency
 *                                                compiled in, so their image needs no node_modules
 *
 * Files read at run time stay where they are: a service's migrations (../migrations from dist/ as from src/), the
 * kit's migrations (found through the kit's package.json), the web app's dist/.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = ['main', 'worker', 'migrate', 'rotate-totp'];

const workspaces = Object.fromEntries([
  ['gateway', path.join(root, 'gateway')],
  ...readdirSync(path.join(root, 'services'))
    .filter((name) => !['kit', 'contracts'].includes(name))
    .filter((name) => existsSync(path.join(root, 'services', name, 'src', 'main.ts')))
    .map((name) => [name, path.join(root, 'services', name)]),
]);

/** The folder `name` resolves to from `from`, as Node looks it up (node_modules of every parent). */
function packageDir(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === path.dirname(dir)) return null;
  }
}

/**
 * The npm dependencies left to node_modules: every dependency of the workspace and of the kit and contracts it
 * compiles in, as long as the compiled module (in the workspace) finds the same copy the kit or contracts would.
 * A dependency npm nested under the kit (another version than the root's, e.g. kysely) is compiled in instead.
 */
function externals(dir) {
  const names = new Set();
  for (const pkg of [dir, path.join(root, 'services/kit'), path.join(root, 'services/contracts')]) {
    const json = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));
    for (const name of Object.keys(json.dependencies ?? {})) {
      if (name.startsWith('@rainmakers/')) continue;
      const wanted = packageDir(name, pkg);
      if (wanted && wanted === packageDir(name, path.join(dir, 'dist'))) names.add(name);
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/**
 * How every part is compiled: one ES module per entry point for Node, source maps beside it, and a `require` for
 * CommonJS dependencies loaded from compiled-in code (the stand-ins' Stripe SDK; none in the services today).
 */
const NODE_ESM_BUILD = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
};

const STAND_INS = ['stripe-stand-in', 'ai-stand-in'];

/** The stand-ins as two self-contained modules (not part of a default build: no image of the product runs them). */
async function buildStandIns() {
  const outdir = path.join(root, 'scripts/dist/stand-ins');
  const result = await build({
    entryPoints: STAND_INS.map((name) => path.join(root, 'scripts/lib', `${name}.ts`)),
    outdir,
    // The Stripe SDK is CommonJS: its `require` calls need one in an ES module (NODE_ESM_BUILD's banner).
    ...NODE_ESM_BUILD,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  console.log(`stand-ins: ${STAND_INS.join(', ')} -> ${path.relative(root, outdir)} (${Math.round(bytes / 1024)} KB)`);
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !workspaces[name] && name !== 'stand-ins');
if (unknown.length > 0) {
  console.error(
    `Unknown workspace(s): ${unknown.join(', ')}. Known: ${[...Object.keys(workspaces), 'stand-ins'].join(', ')}`,
  );
  process.exit(1);
}
if (wanted.includes('stand-ins')) await buildStandIns();
const parts = wanted.length > 0 ? wanted.filter((name) => name !== 'stand-ins') : Object.keys(workspaces);
for (const name of parts) {
  const dir = workspaces[name];
  const entryPoints = ENTRIES.map((entry) => path.join(dir, 'src', `${entry}.ts`)).filter((file) => existsSync(file));
  const result = await build({
    entryPoints,
    outdir: path.join(dir, 'dist'),
    external: externals(dir),
    // Shared code between a workspace's entry points goes into chunks rather than being compiled in twice.
    splitting: true,
    ...NODE_ESM_BUILD,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  console.log(
    `${name}: ${entryPoints.map((file) => path.basename(file, '.ts')).join(', ')} -> ${path.relative(root, path.join(dir, 'dist'))} (${Math.round(bytes / 1024)} KB)`,
  );
}

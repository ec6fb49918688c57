#!/usr/bin/env node
// Entry point of `npm start`, `npm test` and `npm run bench` on a fresh clone: installs the locked
// dependencies when they are missing or stale (plain Node, no dependencies of its own), then runs
// the TypeScript script through tsx.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/run.mjs <script.ts> [args...]');
  process.exit(2);
}

const lockfile = path.join(root, 'package-lock.json');
const stamp = path.join(root, 'node_modules', '.install-stamp');
const lockHash = createHash('sha256').update(readFileSync(lockfile)).digest('hex');
const installed = existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash;
if (!installed) {
  // `npm install` against the committed lockfile rather than `npm ci`: npm 11 writes lockfiles without the
  // other platforms' optional packages and `npm ci` then refuses them (see docs/decisions.md).
  console.log('Installing dependencies (npm install)...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, lockHash);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches the child through the terminal's process group; a signal sent to us alone is passed on.
// Either way we wait for the child to finish its own clean shutdown.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

#!/usr/bin/env node
// Entry point of `npm start`, `npm test` and `npm run bench` on a fresh clone: runs on the project's own Node
// (the major the images run, installed from the npm registry when the machine's Node is another one), installs
// the locked dependencies with it when they are missing or stale (plain Node, no dependencies of its own), then
// runs the TypeScript script through tsx. See docs/decisions.md "The project's own Node".
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/run.mjs <script.ts> [args...]');
  console.error("       node scripts/run.mjs --node-bin   (prints the folder of the project's node binary)");
  process.exit(2);
}

const toolchain = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).toolchain.node;
const wantedMajor = toolchain.version.split('.')[0];

/** Folder holding the `node` binary of the project's Node major: the machine's own when it is that major. */
function projectNodeBin() {
  if (process.versions.node.split('.')[0] === wantedMajor) return path.dirname(process.execPath);
  const target = `${process.platform}-${process.arch}`;
  const integrity = toolchain.integrity[target];
  if (!integrity) {
    console.error(
      `This project runs on Node ${wantedMajor} (this machine has ${process.version}); no pinned Node ${toolchain.version} ` +
        `package for ${target}: install Node ${wantedMajor} and run the command again.`,
    );
    process.exit(1);
  }
  const home = path.join(root, 'node_modules', '.toolchain', `node-${toolchain.version}-${target}`);
  const bin = path.join(home, 'bin');
  if (existsSync(path.join(bin, 'node'))) return bin;
  // stderr: `--node-bin` prints only the folder on stdout (.ci/run reads it).
  console.error(`Installing Node ${toolchain.version} for this project (npm package node-${target})...`);
  const work = `${home}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // `npm pack` fetches through the machine's npm configuration (registry, proxy, cache) and checks the
  // registry's integrity; the pinned integrity below makes the version immutable on top of that.
  const packed = spawnSync(
    'npm',
    ['pack', `node-${target}@${toolchain.version}`, '--json', '--pack-destination', work],
    {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (packed.status !== 0) process.exit(packed.status ?? 1);
  const [{ filename, integrity: got }] = JSON.parse(packed.stdout);
  if (got !== integrity) {
    console.error(`node-${target}@${toolchain.version}: integrity ${got} is not the pinned ${integrity}`);
    process.exit(1);
  }
  const untar = spawnSync('tar', ['-xzf', path.join(work, filename), '--strip-components=1', '-C', work], {
    stdio: 'inherit',
  });
  if (untar.status !== 0) process.exit(untar.status ?? 1);
  rmSync(path.join(work, filename));
  renameSync(work, home);
  return bin;
}

const nodeBin = projectNodeBin();
if (script === '--node-bin') {
  console.log(nodeBin);
  process.exit(0);
}
if (path.dirname(process.execPath) !== nodeBin) {
  // Everything below (npm's install, the script, every process it starts, tools found on the PATH) runs on the
  // project's Node.
  const child = spawn(path.join(nodeBin, 'node'), [fileURLToPath(import.meta.url), script, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${nodeBin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  forwardSignalsAndExitWith(child);
} else {
  installAndRun();
}

function forwardSignalsAndExitWith(child) {
  // Ctrl-C reaches the child through the terminal's process group; a signal sent to us alone is passed on.
  // Either way we wait for the child to finish its own clean shutdown.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function installAndRun() {
  const lockfile = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.install-stamp');
  const lockHash = createHash('sha256').update(readFileSync(lockfile)).update(process.version).digest('hex');
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
  forwardSignalsAndExitWith(child);
}

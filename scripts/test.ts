/**
 * The one test command (`npm test`): unit and service tests, then the whole stack over HTTP (system), then
 * Chromium against the stack (browser, one file at a time). `npm test -- unit|service|system|browser`
 * runs the groups named, in one jest run. Timings and why: docs/running.md "Test run time".
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const groups = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const extra = process.argv.slice(2).filter((a) => a.startsWith('-'));
/**
 * Stages run one after the other; the jest runs of a stage would run side by side. unit + service and system ran
 * side by side for a while: on 2 cores the timing-sensitive tests of each (import bounds, heavy isolation, the
 * paced timer) failed beside the other, so each has the machine to itself again (docs/running.md "Test run time").
 */
const plan: string[][][] = groups.length > 0 ? [[groups]] : [[['unit', 'service']], [['system']], [['browser']]];

const jest = path.join(root, 'node_modules/jest/bin/jest.js');

/**
 * The browser tests drive Debian's Chromium. On a fresh machine of this kind it is installed here (as root, with
 * apt-get), so that `npm test` stays the one command; elsewhere the message says what to install.
 */
function ensureChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian chromium for the browser tests (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env }).status;
    if (install() !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
      install();
    }
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error("The browser tests need Chromium: install Debian's chromium package or set CHROMIUM_PATH");
}
function jestArgs(projects: string[]): string[] {
  const args = ['--experimental-vm-modules', '--no-warnings', jest, '--selectProjects', ...projects, ...extra];
  // The system tests share one stack and change it (faults, restarts): one file at a time. So do the browser files:
  // two at a time made each file about twice as long on the 2-core machine (CPU-bound: Chromium and the stack),
  // so no faster, and load-dependent checks failed; docs/running.md "Test run time".
  if (projects.includes('system') || projects.includes('browser')) args.push('--runInBand');
  else args.push('--maxWorkers=2');
  return args;
}

/** One jest run; its output goes straight through (live) or is kept and printed as one block when it ends. */
function runJest(projects: string[], live: boolean): Promise<boolean> {
  const title = `=== ${projects.join(' + ')} ===`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, jestArgs(projects), {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env },
    });
    const kept: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
    child.on('close', (code) => {
      if (!live) process.stdout.write(`\n${title} (ran beside the others; its output)\n${Buffer.concat(kept)}`);
      resolve(code === 0);
    });
  });
}

let failed = false;
for (const stage of plan) {
  if (stage.some((projects) => projects.includes('browser'))) process.env.CHROMIUM_PATH = ensureChromium();
  // The longest run of the stage (the last) is shown live; the others print when they end.
  const names = stage.map((projects) => projects.join(' + '));
  console.log(`\n=== ${names.join(' | ')} ===${stage.length > 1 ? ` (side by side; ${names.at(-1)} live)` : ''}`);
  const results = await Promise.all(stage.map((projects, i) => runJest(projects, i === stage.length - 1)));
  if (results.includes(false)) {
    failed = true;
    if (!process.env.TEST_KEEP_GOING) break;
  }
}
process.exit(failed ? 1 : 0);

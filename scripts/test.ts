/**
 * The one test command (`npm test`): unit and service tests, then the whole stack over HTTP (system),
 * then Chromium against the stack (browser). `npm test -- unit|service|system|browser` runs one group.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const groups = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const extra = process.argv.slice(2).filter((a) => a.startsWith('-'));
const plan: string[][] = groups.length > 0 ? [groups] : [['unit', 'service'], ['system'], ['browser']];

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
let failed = false;
for (const projects of plan) {
  const args = ['--experimental-vm-modules', '--no-warnings', jest, '--selectProjects', ...projects, ...extra];
  if (projects.includes('browser')) process.env.CHROMIUM_PATH = ensureChromium();
  if (projects.some((p) => p === 'system' || p === 'browser')) args.push('--runInBand');
  else args.push('--maxWorkers=2');
  console.log(`\n=== ${projects.join(' + ')} ===`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env } });
  if (result.status !== 0) {
    failed = true;
    if (!process.env.TEST_KEEP_GOING) break;
  }
}
process.exit(failed ? 1 : 0);

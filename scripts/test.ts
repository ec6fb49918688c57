/**
 * The one test command (`npm test`): unit and service tests, then the whole stack over HTTP (system),
 * then Chromium against the stack (browser). `npm test -- unit|service|system|browser` runs one group.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const groups = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const extra = process.argv.slice(2).filter((a) => a.startsWith('-'));
const plan: string[][] = groups.length > 0 ? [groups] : [['unit', 'service'], ['system'], ['browser']];

const jest = path.join(root, 'node_modules/jest/bin/jest.js');
let failed = false;
for (const projects of plan) {
  const args = ['--experimental-vm-modules', '--no-warnings', jest, '--selectProjects', ...projects, ...extra];
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

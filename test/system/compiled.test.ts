/**
 * What the images run. scripts/build-services.mjs compiles every service and the gateway to dist/*.mjs
 * (the Dockerfiles run it, then plain `node dist/main.mjs`: no tsx, no TypeScript at run time). Here a second,
 * fresh stack runs exactly those modules with plain node, migrates its databases from them, takes the seed, and a
 * member signs in and reads the catalogue through the compiled gateway; the workers answer their health checks.
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { signInThroughGateway } from '../../scripts/lib/gateway-session';
import { REPO_ROOT, randomSecret, type Stack, startStack } from '../../scripts/lib/stack';
import type { SeededPerson } from '../../scripts/seed/context';
import { seedStack } from '../../scripts/seed/index';
import { TEST_RATE_LIMITS } from '../setup/stack';

jest.setTimeout(420_000);

const LOG_FILE = path.join(REPO_ROOT, 'test-artifacts', 'compiled-stack.log');
let stack: Stack;
let dataDir: string;
let premium: SeededPerson;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'scripts/build-services.mjs')], {
    cwd: REPO_ROOT,
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rainmakers-compiled-'));
  await mkdir(path.dirname(LOG_FILE), { recursive: true });
  const log = createWriteStream(LOG_FILE, { flags: 'w' });
  stack = await startStack({
    dataDir,
    compiled: true,
    freePorts: true,
    log: (line) => log.write(`${line}\n`),
    colour: false,
    persistRedis: false,
    fsync: false,
    external: {},
    secrets: { internalToken: randomSecret(), session: randomSecret() },
    // The compiled gateway serves the web app the main stack built.
    buildWeb: false,
    logLevel: 'warn',
    env: TEST_RATE_LIMITS,
    readyTimeoutMs: 180_000,
  });
  const seeded = await seedStack(stack, (message) => log.write(`seed      | ${message}\n`));
  premium = seeded.people.premium;
});

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the compiled services (what the images run)', () => {
  it('run with plain node: every part ready, migrated and seeded', async () => {
    // The gateway is ready only when every service answers its own /readyz.
    const ready = await fetch(`${stack.gatewayUrl}/readyz`);
    expect(ready.status).toBe(200);
    for (const url of Object.values(stack.serviceUrls)) {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    }
  });

  it('serve a member through the compiled gateway', async () => {
    const session = await signInThroughGateway(stack.gatewayUrl, premium.email, premium.password);
    const me = await session.get<{ currentUser: { email: string } | null }>('/api/auth/me');
    expect(me.currentUser?.email).toBe(premium.email);
    const catalogue = await session.get<{ courses: unknown[] }>('/api/course/read-many?itemsPerPage=5');
    expect(catalogue.courses.length).toBeGreaterThan(0);
  });
});

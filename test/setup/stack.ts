/**
 * The whole stack for the system and browser tests, as `npm start` runs it but on free ports, in a fresh
 * temporary data directory, with random secrets and generous rate limits, seeded.
 *
 * Tests read it through test/support/stack-client.ts, from these variables (also written to
 * test/setup/.stack.json): STACK_GATEWAY_URL, STACK_PUBLIC_URL, STACK_MAIL_API_URL, STACK_REDIS_URL,
 * STACK_REDIS_PREFIX, STACK_INTERNAL_TOKEN_SECRET, STACK_DATABASE_URLS (JSON), STACK_SERVICE_URLS (JSON),
 * STACK_SEEDED_USERS, STACK_TAGS, STACK_PORTS, STACK_PIDS (JSON).
 *
 * STACK_SKIP_WEB_BUILD=1 skips the web build (system tests do not need it); STACK_ONLY=users,auth,gateway
 * starts a subset; STACK_LOG_LEVEL sets the services' LOG_LEVEL (default warn). The stack's output goes to
 * test-artifacts/stack-<project>.log (system, browser).
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/infra';
import { type ProcessName, REPO_ROOT, randomSecret, type Stack, startStack } from '../../scripts/lib/stack';
import { seedStack } from '../../scripts/seed/index';
import { type OtlpReceiver, startOtlpReceiver } from '../support/otlp-receiver';
import type { StackInfo } from '../support/stack-client';

export const STACK_FILE = path.join(REPO_ROOT, 'test/setup/.stack.json');
/** One file per project (system, browser): the browser group's stack no longer overwrites the system group's. */
const logFileOf = (project: string) => path.join(REPO_ROOT, `test-artifacts/stack-${project}.log`);

/** Generous limits so that tests signing in many times are not throttled (auth owns the sign-in limits). */
export const TEST_RATE_LIMITS: Record<string, string> = {
  AUTH_MAX_ATTEMPTS_PER_IP: '100000',
  SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
  SIGNIN_SLOWDOWN_AFTER_FAILURES: '100000',
  SECOND_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT: '1000',
};

interface TestStack {
  stack: Stack;
  dataDir: string;
  log: WriteStream;
  users: number;
  receiver: OtlpReceiver;
}

declare global {
  // eslint-disable-next-line no-var
  var __testStack: TestStack | undefined;
}

function exportInfo(info: StackInfo): void {
  process.env.STACK_GATEWAY_URL = info.gatewayUrl;
  process.env.STACK_PUBLIC_URL = info.publicUrl;
  process.env.STACK_MAIL_API_URL = info.mailApiUrl;
  process.env.STACK_REDIS_URL = info.redisUrl;
  process.env.STACK_REDIS_PREFIX = info.redisPrefix;
  process.env.STACK_INTERNAL_TOKEN_SECRET = info.internalTokenSecret;
  process.env.STACK_DATABASE_URLS = JSON.stringify(info.databaseUrls);
  process.env.STACK_SERVICE_URLS = JSON.stringify(info.serviceUrls);
  process.env.STACK_SEEDED_USERS = JSON.stringify(info.seededUsers);
  process.env.STACK_TAGS = JSON.stringify(info.tags);
  process.env.STACK_PORTS = JSON.stringify(info.ports);
  process.env.STACK_PIDS = JSON.stringify(info.pids);
  if (info.otlpUrl) process.env.STACK_OTLP_URL = info.otlpUrl;
}

export async function startStackForTests(options: { buildWeb?: boolean; project?: string } = {}): Promise<StackInfo> {
  const running = globalThis.__testStack;
  if (running) {
    // Both the system and the browser project selected in one jest run: one stack serves both.
    running.users += 1;
    return (await import('../support/stack-client')).stackInfo();
  }
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rainmakers-stack-'));
  const logFile = logFileOf(options.project ?? 'tests');
  await mkdir(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'w' });
  const write = (line: string) => log.write(`${line}\n`);
  const gatewayPort = await freePort();
  const publicUrl = `http://127.0.0.1:${gatewayPort}`;
  process.stdout.write(
    `\nStarting the whole stack for the tests (output in ${path.relative(REPO_ROOT, logFile)}) ...\n`,
  );
  // Every process exports its spans to a receiver of the tests' own (test/system/tracing.test.ts reads them); the
  // short batch delay lets a test find a request's spans within a second.
  const receiver = await startOtlpReceiver();
  let stack: Stack;
  try {
    stack = await startStack({
      dataDir,
      freePorts: true,
      ports: { gateway: gatewayPort },
      log: write,
      colour: false,
      persistRedis: false,
      // A throwaway cluster: speed over durability.
      fsync: false,
      external: {},
      secrets: { internalToken: randomSecret(), session: randomSecret() },
      publicUrl,
      buildWeb: (options.buildWeb ?? true) && process.env.STACK_SKIP_WEB_BUILD !== '1',
      logLevel: process.env.STACK_LOG_LEVEL ?? 'warn',
      // Consumers take over a crashed member's pending events after 1.5 s instead of 30 s (redelivery test).
      env: {
        ...TEST_RATE_LIMITS,
        PUBLIC_URL: publicUrl,
        EVENT_RECLAIM_IDLE_MS: '1500',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        // The receiver reads OTLP/JSON (the SDK's default is protobuf); every request is traced, not one in ten.
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_TRACES_SAMPLER: 'parentbased_always_on',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      readyTimeoutMs: 180_000,
      only: process.env.STACK_ONLY ? (process.env.STACK_ONLY.split(',') as ProcessName[]) : undefined,
    });
  } catch (error) {
    log.end();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  globalThis.__testStack = { stack, dataDir, log, users: 1, receiver };
  try {
    const seeded = await seedStack(stack, (message) => write(`seed      | ${message}`));
    const info: StackInfo = {
      gatewayUrl: stack.gatewayUrl,
      publicUrl: stack.publicUrl,
      mailApiUrl: stack.mailApiUrl ?? '',
      redisUrl: stack.redisUrl,
      redisPrefix: stack.redisPrefix,
      internalTokenSecret: stack.internalTokenSecret,
      databaseUrls: stack.databaseUrls,
      serviceUrls: stack.serviceUrls,
      seededUsers: seeded.people,
      tags: seeded.tags,
      ports: stack.ports,
      pids: stack.pids,
      otlpUrl: receiver.url,
    };
    exportInfo(info);
    await writeFile(STACK_FILE, `${JSON.stringify(info, null, 2)}\n`);
    process.stdout.write(`Stack ready at ${stack.gatewayUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return info;
  } catch (error) {
    await stopStackForTests(true);
    throw error;
  }
}

export async function stopStackForTests(force = false): Promise<void> {
  const running = globalThis.__testStack;
  if (!running) return;
  running.users -= 1;
  if (running.users > 0 && !force) return;
  globalThis.__testStack = undefined;
  try {
    await running.stack.stop();
  } finally {
    await running.receiver.close();
    running.log.end();
    await rm(running.dataDir, { recursive: true, force: true });
    await rm(STACK_FILE, { force: true });
  }
}

/**
 * Starts the real gateway for tests: test Redis (TEST_REDIS_URL) under a private key prefix, the test
 * internal-token secret, the given service addresses (a service left out points at a closed port, so calls to
 * it answer 503), and optionally a web build folder.
 */

import { randomBytes } from 'node:crypto';
import type { Logger } from '@rainmakers/kit';
import { TEST_SECRET, testInfra } from '@rainmakers/kit/testing';
import { type GatewayConfig, loadGatewayConfig, UPSTREAMS, type Upstream, upstreamAddrVar } from './config';
import { type RunningGateway, startGateway } from './runtime';

export interface GatewayTestOptions {
  port?: number;
  redisPrefix?: string;
  upstreams: Partial<Record<Upstream, string>>;
  webDist?: string;
  sessionSecret?: string;
  publicUrl?: string;
  /** Any other gateway setting, as environment variables. */
  env?: Record<string, string>;
  /** Where its log lines go (default: a logger at the test's LOG_LEVEL, silent). */
  logger?: Logger;
}

export interface GatewayForTest {
  url: string;
  config: GatewayConfig;
  running: RunningGateway;
  stop(): Promise<void>;
}

/** An address nothing listens on (port 9 is "discard", closed on test machines). */
const CLOSED_ADDRESS = 'http://127.0.0.1:9';

export async function startGatewayForTest(options: GatewayTestOptions): Promise<GatewayForTest> {
  const { redisUrl } = testInfra();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: String(options.port ?? 0),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: options.redisPrefix ?? `t${randomBytes(4).toString('hex')}:`,
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    ...(options.sessionSecret ? { SESSION_SECRET: options.sessionSecret } : {}),
    ...(options.publicUrl ? { PUBLIC_URL: options.publicUrl } : {}),
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
  };
  for (const name of UPSTREAMS) env[upstreamAddrVar(name)] = options.upstreams[name] ?? CLOSED_ADDRESS;
  const config: GatewayConfig = loadGatewayConfig(env);
  const running = await startGateway(config, {
    consumerReclaimIdleMs: 2000,
    consumerBlockMs: 200,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return { url: running.url, config, running, stop: () => running.stop() };
}

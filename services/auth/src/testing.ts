/**
 * Boots the real auth service for tests (this service's and other services'): a throwaway database, the real
 * app and its background tasks (users.* consumer, send-mail worker), on `port` (0 = any free port).
 */

import { startDefinedServiceForTest, type TestDatabase } from '@rainmakers/kit/testing';
import type { Config } from './config';
import type { AuthDeps } from './deps';
import { service as auth } from './service';
import type { AuthSchema } from './store/schema';

export const MIGRATIONS_DIR = auth.migrations;

export interface StartForTestOptions {
  port?: number;
  /** Share it with the services whose events auth should receive (users). */
  redisPrefix?: string;
  /** users' address (default: nothing listens there). */
  usersAddr?: string;
  /** Where the send-mail worker delivers (default: the development SMTP address). */
  smtpUrl?: string;
  /** Extra configuration, e.g. rate limits. */
  env?: Record<string, string>;
}

export interface AuthTestService {
  url: string;
  port: number;
  database: TestDatabase<AuthSchema>;
  config: Config;
  deps: AuthDeps;
  stop(): Promise<void>;
}

export async function startForTest(options: StartForTestOptions = {}): Promise<AuthTestService> {
  const service = await startDefinedServiceForTest(auth, {
    port: options.port,
    redisPrefix: options.redisPrefix,
    env: {
      USERS_SERVICE_ADDR: options.usersAddr ?? 'http://127.0.0.1:9',
      SMTP_URL: options.smtpUrl ?? 'smtp://127.0.0.1:1025',
      RUN_WORKERS_IN_PROCESS: 'true',
      // Tests sign in many times from one address; the limits have their own test with small values.
      AUTH_MAX_ATTEMPTS_PER_IP: '100000',
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '100000',
      SIGNIN_SLOWDOWN_AFTER_FAILURES: '100000',
      SECOND_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT: '100000',
      ...options.env,
    },
  });
  return {
    url: service.url,
    port: service.port,
    database: service.database,
    config: service.config,
    deps: service.built.deps,
    stop: service.stop,
  };
}

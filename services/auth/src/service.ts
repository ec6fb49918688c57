import { type BackgroundTask, OutboxRelay, type ServiceRuntime, serviceMail } from '@rainmakers/kit';
import { buildApp } from './app';
import { createUsersClient } from './clients/users';
import type { Config } from './config';
import type { AuthDeps } from './deps';
import { createAuthConsumer } from './events';
import { createHousekeeping } from './housekeeping';
import { createRateLimiter } from './store/rate-limits';
import type { AuthSchema } from './store/schema';
import { createSessionCache } from './store/session-cache';

/**
 * Wires the service for main.ts and testing.ts: its deps (database, Redis, session cache, rate limiter, the users
 * client, the mail sender), the app, and the background tasks (users.* consumer, housekeeping, the mail queue's
 * close, the send-mail worker when RUN_WORKERS_IN_PROCESS).
 */
export function buildService(runtime: ServiceRuntime<AuthSchema>, config: Config) {
  const { redis, logger } = runtime;
  const { mail, background: mailTasks } = serviceMail(config, redis, logger);
  // auth.signed-in goes through auth's outbox like every service's events.
  const relay = new OutboxRelay({ db: runtime.database.db, redis, prefix: config.REDIS_PREFIX, logger });
  const deps: AuthDeps = {
    config,
    logger,
    db: runtime.database.db,
    redis,
    sessionCache: createSessionCache(redis, config.REDIS_PREFIX),
    limiter: createRateLimiter(redis, config.REDIS_PREFIX),
    users: createUsersClient({
      baseUrl: config.USERS_SERVICE_ADDR,
      secret: config.INTERNAL_TOKEN_SECRET,
      readTimeoutMs: config.USERS_READ_TIMEOUT_MS,
    }),
    mail,
    events: relay,
  };
  const background: BackgroundTask[] = [relay, createAuthConsumer(deps), createHousekeeping(deps), ...mailTasks];
  return { app: buildApp({ ...deps, readiness: runtime.readiness }), background, deps };
}

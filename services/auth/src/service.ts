import { fileURLToPath } from 'node:url';
import { cachedMailBrand, defineService, mailWorkerFor } from '@rainmakers/kit';
import { buildApp } from './app';
import { createBrandReader } from './clients/resources';
import { createUsersClient } from './clients/users';
import { settings } from './config';
import type { AppDeps } from './deps';
import { createAuthConsumer } from './events';
import { createHousekeeping } from './housekeeping';
import { createRateLimiter } from './store/rate-limits';
import type { AuthSchema } from './store/schema';
import { createSessionCache } from './store/session-cache';

/**
 * The auth service, declared once: main.ts, worker.ts, testing.ts and the layout check read this. Its send-mail
 * worker is the one place mail is sent from (every service queues on send-mail): worker.ts's process in production,
 * this one in development (RUN_WORKERS_IN_PROCESS; docs/decisions.md "One service definition").
 */
export const service = defineService<AuthSchema>()({
  config: settings,
  migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
  // auth.signed-in.
  outbox: true,
  deps: ({ config, logger, database, redis, readiness, relay, mail }): AppDeps => ({
    config,
    logger,
    db: database.db,
    redis,
    sessionCache: createSessionCache(redis, config.REDIS_PREFIX),
    limiter: createRateLimiter(redis, config.REDIS_PREFIX),
    users: createUsersClient({
      baseUrl: config.USERS_SERVICE_ADDR,
      secret: config.INTERNAL_TOKEN_SECRET,
      readTimeoutMs: config.USERS_READ_TIMEOUT_MS,
    }),
    mail: mail(),
    events: relay,
    readiness,
  }),
  app: buildApp,
  consumers: (deps, wiring) => [createAuthConsumer(deps, wiring)],
  tasks: (deps) => [createHousekeeping(deps)],
  workers: {
    jobs: 'send-mail',
    // Sending mail needs Redis and SMTP only, and the community's name and colour for the layout (resources).
    database: false,
    build: ({ config, redis, logger }) => [
      mailWorkerFor(
        config,
        redis,
        logger,
        cachedMailBrand(
          createBrandReader({ baseUrl: config.RESOURCES_SERVICE_ADDR, secret: config.INTERNAL_TOKEN_SECRET }),
          logger,
        ),
      ),
    ],
  },
});

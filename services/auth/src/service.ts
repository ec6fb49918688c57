import {
  type BackgroundTask,
  createMailWorkerTask,
  type Db,
  type Logger,
  type ReadinessCheck,
  type Redis,
} from '@rainmakers/kit';
import { buildApp } from './app';
import type { Config } from './config';
import type { AuthDeps } from './deps';
import { createAuthConsumer } from './events';
import { createHousekeeping } from './housekeeping';
import { createMailSender } from './mail';
import { createUsersPeer } from './peers/users';
import { createRateLimiter } from './store/rate-limits';
import type { AuthSchema } from './store/schema';
import { createSessionCache } from './store/session-cache';

/** Wires the service the same way for main.ts and testing.ts: the app and its background tasks. */
export function assemble(input: {
  config: Config;
  logger: Logger;
  db: Db<AuthSchema>;
  redis: Redis;
  readiness: ReadinessCheck[];
}) {
  const { config, redis } = input;
  const mail = createMailSender(redis, config.REDIS_PREFIX);
  const deps: AuthDeps = {
    config,
    logger: input.logger,
    db: input.db,
    redis,
    sessionCache: createSessionCache(redis, config.REDIS_PREFIX),
    limiter: createRateLimiter(redis, config.REDIS_PREFIX),
    users: createUsersPeer({
      baseUrl: config.USERS_SERVICE_ADDR,
      secret: config.INTERNAL_TOKEN_SECRET,
      readTimeoutMs: config.USERS_READ_TIMEOUT_MS,
    }),
    mail,
  };
  const background: BackgroundTask[] = [
    createAuthConsumer(deps),
    createHousekeeping(deps),
    // Closes the queue's handle on shutdown.
    { start: () => {}, stop: () => mail.close() },
  ];
  if (config.RUN_WORKERS_IN_PROCESS) background.push(mailWorker(config, redis, input.logger));
  return { app: buildApp({ ...deps, readiness: input.readiness }), background, deps };
}

export function mailWorker(config: Config, redis: Redis, logger: Logger): BackgroundTask {
  return createMailWorkerTask({
    redis,
    prefix: config.REDIS_PREFIX,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger: logger.child({ worker: 'send-mail' }),
  });
}

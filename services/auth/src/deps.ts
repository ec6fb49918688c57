import type { Db, EventNudger, Logger, MailSender, ReadinessCheck, Redis } from '@rainmakers/kit';
import type { UsersClient } from './clients/users';
import type { Config } from './config';
import type { RateLimiter } from './store/rate-limits';
import type { AuthSchema } from './store/schema';
import type { SessionCache } from './store/session-cache';

/** Everything routes, commands and consumers need; built once in service.ts. */
export interface AuthDeps {
  config: Config;
  logger: Logger;
  db: Db<AuthSchema>;
  redis: Redis;
  sessionCache: SessionCache;
  limiter: RateLimiter;
  users: UsersClient;
  mail: MailSender;
  /** The outbox relay (auth.signed-in). */
  events: EventNudger;
}

/** What the app is built with (service.ts builds it): the deps and the /readyz checks. */
export interface AppDeps extends AuthDeps {
  readiness: ReadinessCheck[];
}

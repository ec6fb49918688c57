import type { Db, Logger, Redis } from '@rainmakers/kit';
import type { Config } from './config';
import type { MailSender } from './mail';
import type { UsersPeer } from './peers/users';
import type { RateLimiter } from './store/rate-limits';
import type { AuthSchema } from './store/schema';
import type { SessionCache } from './store/session-cache';

/** Everything routes, commands and consumers need; built once in runtime.ts. */
export interface AuthDeps {
  config: Config;
  logger: Logger;
  db: Db<AuthSchema>;
  redis: Redis;
  sessionCache: SessionCache;
  limiter: RateLimiter;
  users: UsersPeer;
  mail: MailSender;
}

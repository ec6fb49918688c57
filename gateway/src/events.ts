/**
 * The gateway consumes users.user-changed (a newer access profile) and users.user-deleted (the account is gone)
 * in the consumer group 'gateway', with idempotency kept in Redis (the gateway has no database).
 * Both handlers are idempotent on their own: writes are version-checked, deletion is a marker.
 */
import { EventConsumer, type Logger, type Redis } from '@rainmakers/kit';
import { type ProfileStore, profileFromUserChanged } from './profile-cache';

export const GATEWAY_CONSUMER_GROUP = 'gateway';

export function createProfileConsumer(options: {
  /** A connection without a command timeout: the consumer issues blocking stream reads on a duplicate of it. */
  redis: Redis;
  prefix: string;
  logger: Logger;
  profiles: ProfileStore;
  reclaimIdleMs?: number;
  blockMs?: number;
}): EventConsumer {
  const { profiles } = options;
  return new EventConsumer({
    redis: options.redis,
    prefix: options.prefix,
    group: GATEWAY_CONSUMER_GROUP,
    logger: options.logger,
    ...(options.reclaimIdleMs ? { reclaimIdleMs: options.reclaimIdleMs } : {}),
    ...(options.blockMs ? { blockMs: options.blockMs } : {}),
    handlers: {
      'users.user-changed': async (data) => {
        await profiles.write(profileFromUserChanged(data));
      },
      'users.user-deleted': async (data) => {
        await profiles.remove(data.id);
      },
    },
  });
}

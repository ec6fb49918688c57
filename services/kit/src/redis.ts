import { Redis } from 'ioredis';

export { Redis };

/** A Redis connection that retries forever (BullMQ workers and blocking stream reads need that). */
export function createRedis(url: string, name = 'app'): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    connectionName: name,
    lazyConnect: false,
  });
}

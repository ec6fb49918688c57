import { createHash } from 'node:crypto';
import type { Redis } from '@rainmakers/kit';

/**
 * Fixed-window counters in Redis (`{prefix}ratelimit:{name}`), shared by every replica.
 * Keys holding an email are hashed so Redis never stores addresses.
 */
export function createRateLimiter(redis: Redis, prefix: string) {
  const key = (name: string) => `${prefix}ratelimit:${name}`;
  return {
    /** Counts one event; returns the count in the current window and the seconds until it resets. */
    async hit(name: string, windowSeconds: number): Promise<{ count: number; retryAfterSeconds: number }> {
      const k = key(name);
      const result = await redis.multi().set(k, '0', 'EX', windowSeconds, 'NX').incr(k).ttl(k).exec();
      const count = Number(result?.[1]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowSeconds);
      return { count, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
    },
    /** The current count and the seconds until it resets (0 when nothing was counted). */
    async peek(name: string): Promise<{ count: number; retryAfterSeconds: number }> {
      const k = key(name);
      const result = await redis.multi().get(k).ttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[1]?.[1] ?? 0);
      return { count, retryAfterSeconds: Math.max(ttl, 0) };
    },
    async clear(name: string): Promise<void> {
      await redis.del(key(name));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** A stable, non-reversible key part for an email. */
export const emailKey = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32);

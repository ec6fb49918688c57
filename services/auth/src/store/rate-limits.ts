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
    /** Remembers a fact (e.g. "this address signed in to this account") for `seconds`. */
    async remember(name: string, seconds: number): Promise<void> {
      await redis.set(key(name), '1', 'EX', seconds);
    },
    async remembers(name: string): Promise<boolean> {
      return (await redis.exists(key(name))) === 1;
    },
    /**
     * A gate that lets one caller through per `seconds` (SET NX EX): true for the one let through; otherwise
     * false with the seconds until the gate opens again.
     */
    async pass(name: string, seconds: number): Promise<{ passed: boolean; retryAfterSeconds: number }> {
      const k = key(name);
      const set = await redis.set(k, '1', 'EX', seconds, 'NX');
      if (set === 'OK') return { passed: true, retryAfterSeconds: 0 };
      const ttl = await redis.ttl(k);
      return { passed: false, retryAfterSeconds: ttl > 0 ? ttl : seconds };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** A stable, non-reversible key part for an email. */
export const emailKey = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32);
/** The same for a client address (IPv6 addresses hold colons, which would blur key parts). */
export const addressKey = (address: string) => createHash('sha256').update(address).digest('hex').slice(0, 24);

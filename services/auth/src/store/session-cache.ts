import { REVOKED_SESSION_MARKER, type SessionRecord, sessionCacheKey } from '@rainmakers/contracts';
import type { Redis } from '@rainmakers/kit';

/** How long a revocation marker stays when the session's own expiry is not known. */
const MARKER_FALLBACK_MS = 24 * 60 * 60 * 1000;

/**
 * The Redis mirror of sessions that the gateway reads on every request (`{prefix}session:{sid}`):
 * a live session's record, or a revocation marker until the session would have expired.
 */
export function createSessionCache(redis: Redis, prefix: string) {
  const key = (sid: string) => sessionCacheKey(prefix, sid);
  return {
    /** Mirrors a live session with a TTL that ends when the session does. */
    async write(sid: string, record: SessionRecord, now: Date): Promise<void> {
      const end = Math.min(Date.parse(record.expiresAt), Date.parse(record.idleExpiresAt));
      const ttlMs = end - now.getTime();
      if (ttlMs <= 0) await redis.del(key(sid));
      else await redis.set(key(sid), JSON.stringify(record), 'PX', ttlMs);
    },
    /** The mirrored value: a live record, the revocation marker, or null when nothing is mirrored. */
    async read(sid: string): Promise<SessionRecord | typeof REVOKED_SESSION_MARKER | null> {
      const value = await redis.get(key(sid));
      return value ? (JSON.parse(value) as SessionRecord | typeof REVOKED_SESSION_MARKER) : null;
    },
    /**
     * Replaces the mirrors of revoked sessions with the revocation marker (not a delete: a gateway that asked
     * auth a moment before and re-caches with SET NX must not bring the session back).
     */
    async markRevoked(sessions: { id: string; expiresAt: Date | null }[], now: Date): Promise<void> {
      if (sessions.length === 0) return;
      const pipeline = redis.pipeline();
      for (const session of sessions) {
        const ttlMs = session.expiresAt ? session.expiresAt.getTime() - now.getTime() : MARKER_FALLBACK_MS;
        if (ttlMs <= 0) pipeline.del(key(session.id));
        else pipeline.set(key(session.id), JSON.stringify(REVOKED_SESSION_MARKER), 'PX', ttlMs);
      }
      await pipeline.exec();
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

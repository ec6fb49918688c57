/**
 * Access profiles (role, tags, payment status, always-grant-access) by user id, cached in Redis under
 * `${REDIS_PREFIX}profile:${userId}`. The gateway's consumer of users.user-changed / users.user-deleted keeps
 * them fresh; a miss asks users. Every write is version-checked inside Redis (one Lua script), so an older
 * profile never replaces a newer one, whichever of the event and the miss-fill lands last. A deleted account
 * leaves a `{deleted:true}` marker that no late write can overwrite.
 *
 * Like sessions, profiles also sit in a tiny in-process cache (LOCAL_CACHE_TTL_MS); events handled by this
 * process evict it at once, other replicas pick the change up within that TTL. And like sessions, while Redis
 * fails (or lacks it and users cannot answer) a profile this process loaded within REDIS_OUTAGE_GRACE_MS answers
 * from that load (session.ts).
 */
import { type AccessProfile, accessProfileSchema, type EventData } from '@rainmakers/contracts';
import { HttpError, type InternalClient, type Logger, type Redis, SingleFlight, TtlLru } from '@rainmakers/kit';
import { z } from 'zod';
import { parseJson, serviceUnavailable } from './session';

export const profileCacheKey = (prefix: string, userId: number) => `${prefix}profile:${userId}`;

const DELETED_MARKER = JSON.stringify({ deleted: true });
const deletedMarkerSchema = z.object({ deleted: z.literal(true) });

/**
 * KEYS[1] profile key; ARGV[1] profile JSON, ARGV[2] its version, ARGV[3] TTL seconds.
 * Returns 1 when written, 0 when the cached profile is as new or newer, or the account was deleted.
 */
const WRITE_PROFILE_LUA = `
local current = redis.call('GET', KEYS[1])
if current then
  local ok, decoded = pcall(cjson.decode, current)
  if ok and type(decoded) == 'table' then
    if decoded.deleted == true then return 0 end
    local version = tonumber(decoded.version)
    if version and version > tonumber(ARGV[2]) then return 0 end
    -- The same version replaces only a profile cached before it carried the e-mail.
    if version and version == tonumber(ARGV[2]) and type(decoded.email) == 'string' then return 0 end
  end
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', tonumber(ARGV[3]))
return 1
`;

interface ProfileCommands {
  gatewayWriteProfile(key: string, json: string, version: string, ttlSeconds: string): Promise<number>;
}

/** The access profile carried by a users.user-changed event. */
export function profileFromUserChanged(data: EventData<'users.user-changed'>): AccessProfile {
  return {
    userId: data.id,
    role: data.role,
    tagIds: data.tagIds,
    tagNames: data.tagNames,
    stripeStatus: data.stripeStatus,
    alwaysGrantAccess: data.alwaysGrantAccess,
    createdAt: data.createdAt,
    email: data.email,
    version: data.version,
  };
}

export interface ProfileStoreOptions {
  redis: Redis;
  prefix: string;
  users: InternalClient;
  logger: Logger;
  localTtlMs: number;
  ttlSeconds: number;
  /** How long the last load of a profile may stand in for Redis while Redis fails (0: never). */
  outageGraceMs?: number;
}

export class ProfileStore {
  private readonly local: TtlLru<number, AccessProfile | null>;
  private readonly loads = new SingleFlight<number, { value: AccessProfile | null; stale: boolean }>();
  private readonly redis: Redis & ProfileCommands;
  /** The last profile Redis or users gave for each account, kept REDIS_OUTAGE_GRACE_MS (for Redis blips only). */
  private readonly lastLoaded: TtlLru<number, AccessProfile | null>;

  constructor(private readonly options: ProfileStoreOptions) {
    this.local = new TtlLru(options.localTtlMs, 50_000);
    this.lastLoaded = new TtlLru(options.outageGraceMs ?? 0, 50_000);
    options.redis.defineCommand('gatewayWriteProfile', { numberOfKeys: 1, lua: WRITE_PROFILE_LUA });
    this.redis = options.redis as Redis & ProfileCommands;
  }

  /** The account's access profile, or null when the account no longer exists. */
  async get(userId: number): Promise<AccessProfile | null> {
    const cached = this.local.get(userId);
    if (cached !== undefined) return cached;
    const loaded = await this.loads.run(userId, () => this.load(userId));
    if (!loaded.stale) this.local.set(userId, loaded.value);
    return loaded.value;
  }

  /** Stores a profile unless a newer one (or a deletion) is already cached. Returns whether it was written. */
  async write(profile: AccessProfile): Promise<boolean> {
    this.local.delete(profile.userId);
    this.lastLoaded.delete(profile.userId);
    const written = await this.redis.gatewayWriteProfile(
      profileCacheKey(this.options.prefix, profile.userId),
      JSON.stringify(profile),
      String(profile.version),
      String(this.options.ttlSeconds),
    );
    return written === 1;
  }

  /** Marks the account deleted: its profile can no longer be loaded or re-cached. */
  async remove(userId: number): Promise<void> {
    this.local.delete(userId);
    this.lastLoaded.set(userId, null);
    await this.options.redis.set(
      profileCacheKey(this.options.prefix, userId),
      DELETED_MARKER,
      'EX',
      this.options.ttlSeconds,
    );
  }

  evictLocal(userId: number): void {
    this.local.delete(userId);
    this.lastLoaded.delete(userId);
  }

  private async load(userId: number): Promise<{ value: AccessProfile | null; stale: boolean }> {
    let redisUp = true;
    try {
      const raw = await this.options.redis.get(profileCacheKey(this.options.prefix, userId));
      if (raw !== null) {
        const value = parseJson(raw);
        if (deletedMarkerSchema.safeParse(value).success) return this.loaded(userId, null);
        const profile = accessProfileSchema.safeParse(value);
        // A profile cached before it carried the e-mail (the qualifier mails only the person's own
        // address) is read again from users, once: the write below replaces it at the same version.
        if (profile.success && profile.data.userId === userId && profile.data.email !== undefined) {
          return this.loaded(userId, profile.data);
        }
      }
    } catch (error) {
      redisUp = false;
      // A blip: the last load, when recent enough, answers instead of users.
      const last = this.lastLoaded.get(userId);
      if (last !== undefined) return { value: last, stale: true };
      this.options.logger.warn({ err: error }, 'profile cache unavailable; asking users');
    }
    let profile: AccessProfile | null;
    try {
      profile = await this.fetchFromUsers(userId);
    } catch (error) {
      // users cannot answer either: the last load, when recent enough, stands.
      const last = this.lastLoaded.get(userId);
      if (last !== undefined) return { value: last, stale: true };
      throw error;
    }
    if (profile && redisUp) {
      try {
        await this.write(profile);
      } catch (error) {
        this.options.logger.warn({ err: error }, 'could not cache access profile');
      }
    }
    return this.loaded(userId, profile);
  }

  private loaded(userId: number, profile: AccessProfile | null): { value: AccessProfile | null; stale: boolean } {
    this.lastLoaded.set(userId, profile);
    return { value: profile, stale: false };
  }

  private async fetchFromUsers(userId: number): Promise<AccessProfile | null> {
    try {
      const body = await this.options.users.request<unknown>('GET', `/internal/users/${userId}/access-profile`);
      return accessProfileSchema.parse(body);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      this.options.logger.error({ err: error }, 'access profile lookup at users failed');
      throw serviceUnavailable();
    }
  }
}

/**
 * A short-lived, in-process cache of the catalogue's shared part (what one kind of viewer sees for one search:
 * everything in GET /api/course/read-many except the person's progress). Searches over 100,000 lessons cost tens
 * of milliseconds of PostgreSQL time; the same few searches are asked again and again.
 *
 * Consistency: every authoring write (course, module, lesson upsert/delete/reorder) increments a version number in
 * Redis after its commit; every read fetches that number (one GET) and ignores entries computed under another
 * version. So a change shows at once on every replica. When Redis cannot answer, the cache is bypassed.
 * A TTL bounds how long a missed invalidation (Redis down during a write) can last.
 */
import type { Logger, Redis } from '@rainmakers/kit';

export interface CatalogueCacheOptions {
  redis: Redis;
  prefix: string;
  logger: Logger;
  maxEntries?: number;
  /** Bound on the bytes of the entries (as `read`'s `sizeOf` measures them). */
  maxBytes?: number;
  ttlMs?: number;
}

const REDIS_TIMEOUT_MS = 250;

/** The shared connection retries forever while Redis is away; the catalogue must not wait for it. */
async function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Redis did not answer in time')), REDIS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface Entry<V> {
  version: string;
  value: V;
  storedAt: number;
  bytes: number;
}

/** What reads through the cache: the cache itself, or a reader pinned to one version (`pin`). */
export interface CacheReader {
  read<V>(key: string, load: () => Promise<V>, sizeOf?: (value: V) => number): Promise<V>;
  pin(): Promise<CacheReader>;
}

export class CatalogueCache implements CacheReader {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly versionKey: string;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private readonly ttlMs: number;

  constructor(private readonly options: CatalogueCacheOptions) {
    this.versionKey = `${options.prefix}courses:catalogue-version`;
    // Paged answers are a few KB each: room for the pages of many recent searches (the All tab, each tab's pages),
    // while the byte bound keeps a few 1,000-item answers from taking hundreds of MB.
    this.maxEntries = options.maxEntries ?? 1024;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
  }

  private async version(): Promise<string | null> {
    try {
      return (await withTimeout(this.options.redis.get(this.versionKey))) ?? '0';
    } catch (error) {
      this.options.logger.warn({ err: error }, 'catalogue cache: version unavailable, reading without cache');
      return null;
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  /**
   * The cached value for `key` under the current version, else `load()` (once for concurrent callers). `sizeOf`
   * tells the bytes a value holds (for the byte bound; 0 by default).
   */
  async read<V>(key: string, load: () => Promise<V>, sizeOf: (value: V) => number = () => 0): Promise<V> {
    return this.readAt(await this.version(), key, load, sizeOf);
  }

  /**
   * A reader bound to the version current now: the several reads of one request (a course page reads the course,
   * its outline and a lesson) ask Redis for the version once instead of once each.
   */
  async pin(): Promise<CacheReader> {
    const version = await this.version();
    const reader: CacheReader = {
      read: (key, load, sizeOf = () => 0) => this.readAt(version, key, load, sizeOf),
      pin: async () => reader,
    };
    return reader;
  }

  private async readAt<V>(
    version: string | null,
    key: string,
    load: () => Promise<V>,
    sizeOf: (value: V) => number,
  ): Promise<V> {
    if (version === null) return load();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.storedAt < this.ttlMs) {
      // Most recently used last (Map keeps insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as V;
    }
    const flightKey = `${version}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) return pending as Promise<V>;
    const loading = load().then(
      (value) => {
        this.inFlight.delete(flightKey);
        this.remove(key);
        const bytes = sizeOf(value);
        this.entries.set(key, { version, value, storedAt: Date.now(), bytes });
        this.bytes += bytes;
        while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
          const oldest = this.entries.keys().next().value;
          if (oldest === undefined) break;
          this.remove(oldest);
        }
        return value;
      },
      (error: unknown) => {
        this.inFlight.delete(flightKey);
        throw error;
      },
    );
    this.inFlight.set(flightKey, loading);
    return loading;
  }

  /** After a committed change to courses, modules or lessons: every replica's entries become stale. */
  async invalidate(): Promise<void> {
    this.entries.clear();
    this.bytes = 0;
    try {
      await withTimeout(this.options.redis.incr(this.versionKey));
    } catch (error) {
      this.options.logger.error({ err: error }, 'catalogue cache: could not bump the version; entries expire by TTL');
    }
  }
}

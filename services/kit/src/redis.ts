import { Redis, type RedisOptions } from 'ioredis';
import { PacedTimer } from './activity';

export { Redis };

/**
 * For connections that wait on purpose (BullMQ workers, blocking stream reads): no command timeout, commands
 * queued while disconnected and retried until Redis is back.
 */
const BACKGROUND_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: null,
  enableOfflineQueue: true,
  commandTimeout: undefined,
  enableReadyCheck: true,
  retryStrategy: (times: number) => Math.min(times * 50, 2000),
};

/**
 * For the request path: a command that Redis does not answer within a second fails, a command sent while Redis is
 * unreachable fails at once (no offline queue), and no command is retried on another connection: the caller
 * answers 503 (kit unavailable.ts) or falls back, instead of holding the request.
 */
export const REQUEST_REDIS_OPTIONS = {
  commandTimeout: 1000,
  connectTimeout: 1000,
  maxRetriesPerRequest: 0,
  enableOfflineQueue: false,
  enableReadyCheck: true,
  // Reconnect quickly once Redis is back (the default backs off to 2 s).
  retryStrategy: (times: number) => Math.min(times * 50, 500),
} satisfies RedisOptions;

/** A Redis connection that retries forever (BullMQ workers and blocking stream reads need that). */
export function createRedis(url: string, name = 'app'): Redis {
  return new Redis(url, { ...BACKGROUND_OPTIONS, connectionName: name, lazyConnect: false });
}

/**
 * The connection a service or the gateway serves requests with (REQUEST_REDIS_OPTIONS), watched: a Redis that
 * accepts connections but stops answering (frozen, or a network that drops packets) keeps ioredis "ready", so a
 * ping every 100 ms (while the process serves; activity.ts) that gets no answer within 250 ms drops the connection,
 * which fails the commands in flight at once and every new one until Redis answers again.
 */
export function createRequestRedis(
  url: string,
  name = 'app',
  options: { intervalMs?: number; timeoutMs?: number; onStall?: () => void } = {},
): Redis {
  const watch = { intervalMs: options.intervalMs ?? 100, timeoutMs: options.timeoutMs ?? 250 };
  const redis = new Redis(url, { ...REQUEST_REDIS_OPTIONS, connectionName: name });
  // Every intervalMs while the process serves, slower while it is idle (activity.ts): an idle pod pinging ten times
  // a second is most of what it costs. Its first request after a quiet spell pings at once.
  const timer = new PacedTimer(async () => {
    if (redis.status !== 'ready') return;
    const answered = await settlesWithin(redis.ping(), watch.timeoutMs);
    if (!answered && redis.status === 'ready') {
      options.onStall?.();
      // Destroyed, not ended: a frozen peer never answers a FIN, so an ended socket would stay open and its
      // commands wait for their timeout. A destroyed one closes now; ioredis fails what was in flight
      // (maxRetriesPerRequest 0) and reconnects.
      redis.stream.destroy();
    }
  }, watch.intervalMs);
  redis.once('end', () => timer.stop());
  timer.start();
  return redis;
}

/**
 * Resolves once `redis` is ready, or after `ms` (the caller's command then fails and is retried as usual). Request
 * connections queue nothing while connecting, so a command sent in the first milliseconds after start would fail.
 */
export function whenReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready' || redis.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    redis.once('ready', done);
  });
}

/**
 * A connection of its own for blocking commands (XREADGROUP BLOCK, BullMQ workers), copied from `redis` but
 * with the background options: a request connection's command timeout would cut every blocking read short.
 */
export function blockingDuplicate(redis: Redis, name: string): Redis {
  return redis.duplicate({ ...BACKGROUND_OPTIONS, connectionName: name });
}

/**
 * Whether `promise` settles (either way) within `ms`. When the timer fires, one more turn of the event loop is
 * given to I/O, so an answer already waiting on the socket of a busy process still counts.
 */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const deadline = performance.now() + ms;
    // A timer that fires >100 ms late means this process was starved: the silence proves nothing, count it answered.
    const timer = setTimeout(() => setImmediate(() => resolve(settled || performance.now() - deadline > 100)), ms);
    promise
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        settled = true;
        clearTimeout(timer);
        resolve(true);
      });
  });
}

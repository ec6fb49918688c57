/**
 * Wires the gateway from its configuration: Redis connections, the session and profile caches,
 * the proxies, the profile event consumer. main.ts and testing.ts both start the gateway through here.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  closeServer,
  createInternalClient,
  createLogger,
  createRedis,
  createRequestRedis,
  HttpError,
  type InternalClient,
  type Logger,
  listen,
  serviceUnavailable,
} from '@rainmakers/kit';
import { buildGatewayApp, createGatewayProxies, type Gateway } from './app';
import type { Breaker } from './breaker';
import type { GatewayConfig, Upstream } from './config';
import { createProfileConsumer } from './events';
import { ProfileStore } from './profile-cache';
import { SessionStore } from './session';

export interface RunningGateway {
  url: string;
  server: Server;
  gateway: Gateway;
  logger: Logger;
  /** Stops taking requests, then the consumer, then closes pools and connections. */
  stop(): Promise<void>;
}

export async function startGateway(
  config: GatewayConfig,
  options: { logger?: Logger; consumerReclaimIdleMs?: number; consumerBlockMs?: number } = {},
): Promise<RunningGateway> {
  const logger = options.logger ?? createLogger(config.SERVICE_NAME, config.LOG_LEVEL);
  // The request path must not hang on a Redis outage: fail fast, then fall back to the services.
  const redis = createRequestRedis(config.REDIS_URL, 'gateway', {
    onStall: () => logger.warn('redis stopped answering; reconnecting'),
  });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  // The consumer reads with blocking commands: its own connection, without a command timeout.
  const eventsRedis = createRedis(config.REDIS_URL, 'gateway-events');
  eventsRedis.on('error', (error) => logger.warn({ err: error }, 'redis (events) connection error'));

  const prefix = config.REDIS_PREFIX;
  const proxies = createGatewayProxies(config, logger);
  // Session and profile lookups on a cache miss go through the same breakers as the proxied calls.
  const internal = (service: Upstream) =>
    guardedByBreaker(
      createInternalClient({
        baseUrl: config.upstreams[service],
        service: 'gateway',
        secret: config.INTERNAL_TOKEN_SECRET,
        timeoutMs: INTERNAL_LOOKUP_TIMEOUT_MS,
      }),
      proxies.health[service].breaker,
    );
  const sessions = new SessionStore({
    redis,
    prefix,
    auth: internal('auth'),
    logger,
    localTtlMs: config.LOCAL_CACHE_TTL_MS,
    recacheMaxSeconds: config.SESSION_RECACHE_MAX_SECONDS,
    outageGraceMs: config.REDIS_OUTAGE_GRACE_MS,
  });
  const profiles = new ProfileStore({
    redis,
    prefix,
    users: internal('users'),
    logger,
    localTtlMs: config.LOCAL_CACHE_TTL_MS,
    ttlSeconds: config.PROFILE_CACHE_TTL_SECONDS,
    outageGraceMs: config.REDIS_OUTAGE_GRACE_MS,
  });
  const gateway = buildGatewayApp({ config, logger, redis, sessions, profiles, proxies });
  const consumer = createProfileConsumer({
    redis: eventsRedis,
    prefix,
    logger,
    profiles,
    reclaimIdleMs: options.consumerReclaimIdleMs ?? config.EVENT_RECLAIM_IDLE_MS,
    ...(options.consumerBlockMs ? { blockMs: options.consumerBlockMs } : {}),
  });

  const server = await listen(gateway.app, config.PORT, config.HOST);
  consumer.start();
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  return {
    url: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`,
    server,
    gateway,
    logger,
    stop() {
      stopped ??= (async () => {
        await closeServer(server);
        await consumer.stop();
        gateway.proxies.close();
        await Promise.allSettled([redis.quit(), eventsRedis.quit()]);
      })();
      return stopped;
    },
  };
}

/** Sessions and profiles are small lookups: a service slower than this is treated as unavailable. */
const INTERNAL_LOOKUP_TIMEOUT_MS = 1500;

/**
 * An internal client that answers 503 at once while the service's breaker is open, gives up as soon as it opens
 * because nothing listens (the health probe was refused), and reports its own outcomes to the breaker.
 */
export function guardedByBreaker(client: InternalClient, breaker: Breaker): InternalClient {
  return {
    request<T>(method: string, path: string, body?: unknown): Promise<T> {
      if (!breaker.allow()) return Promise.reject(serviceUnavailable());
      return new Promise<T>((resolve, reject) => {
        // Given up only when nothing listens any more; otherwise the lookup keeps its own (short) timeout.
        const unsubscribe = breaker.onOpen((reason) => reason === 'refused' && reject(serviceUnavailable()));
        client
          .request<T>(method, path, body)
          .then(
            (value) => {
              breaker.success();
              resolve(value);
            },
            (error: unknown) => {
              if (error instanceof HttpError) breaker.success();
              else breaker.failure();
              reject(error);
            },
          )
          .finally(unsubscribe);
      });
    },
  };
}

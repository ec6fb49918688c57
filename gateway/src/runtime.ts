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
  type Logger,
  listen,
  Redis,
} from '@rainmakers/kit';
import { buildGatewayApp, type Gateway } from './app';
import type { GatewayConfig } from './config';
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
  const redis = new Redis(config.REDIS_URL, {
    connectionName: 'gateway',
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    enableReadyCheck: true,
  });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  // The consumer reads with blocking commands: its own connection, without a command timeout.
  const eventsRedis = createRedis(config.REDIS_URL, 'gateway-events');
  eventsRedis.on('error', (error) => logger.warn({ err: error }, 'redis (events) connection error'));

  const prefix = config.REDIS_PREFIX;
  const internal = (baseUrl: string) =>
    createInternalClient({ baseUrl, service: 'gateway', secret: config.INTERNAL_TOKEN_SECRET, timeoutMs: 5000 });
  const sessions = new SessionStore({
    redis,
    prefix,
    auth: internal(config.upstreams.auth),
    logger,
    localTtlMs: config.LOCAL_CACHE_TTL_MS,
    recacheMaxSeconds: config.SESSION_RECACHE_MAX_SECONDS,
  });
  const profiles = new ProfileStore({
    redis,
    prefix,
    users: internal(config.upstreams.users),
    logger,
    localTtlMs: config.LOCAL_CACHE_TTL_MS,
    ttlSeconds: config.PROFILE_CACHE_TTL_SECONDS,
  });
  const gateway = buildGatewayApp({ config, logger, redis, sessions, profiles });
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

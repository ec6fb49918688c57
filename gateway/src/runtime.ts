/**
 * Wires the gateway from its configuration: Redis connections, the session and profile caches,
 * the proxies, the profile event consumer. main.ts and testing.ts both start the gateway through here.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  closeServer,
  collectProcessMetrics,
  createInternalClient,
  createLogger,
  createRedis,
  createRequestRedis,
  HttpError,
  type InternalClient,
  type Logger,
  listen,
  scrapeGauge,
  serviceUnavailable,
  writeMetrics,
} from '@rainmakers/kit';
import { buildGatewayApp, createGatewayProxies, type Gateway } from './app';
import { failsCallsInFlight, type UpstreamHealth } from './breaker';
import type { GatewayConfig, Upstream } from './config';
import { createProfileConsumer } from './events';
import { ProfileStore } from './profile-cache';
import type { Proxies } from './proxy';
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
      proxies.health[service],
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
  collectProcessMetrics(config.SERVICE_NAME, { version: config.BUILD_VERSION, commit: config.BUILD_COMMIT });
  reportBreakers(proxies.health);
  const metrics = config.METRICS_PORT ? await serveMetrics(config.METRICS_PORT, config.HOST) : null;
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
        if (metrics) await closeServer(metrics);
        await consumer.stop();
        gateway.proxies.close();
        await Promise.allSettled([redis.quit(), eventsRedis.quit()]);
      })();
      return stopped;
    },
  };
}

/** The gateway's /metrics, on a port of its own (the public one serves the internet). */
async function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') {
      writeMetrics(req, res).catch(() => res.writeHead(500).end());
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}

/** Each upstream's breaker, read at scrape time: 1 for the state it is in, 0 for the others. */
function reportBreakers(health: Proxies['health']): void {
  scrapeGauge({
    name: 'gateway_upstream_breaker',
    help: "Each upstream's circuit breaker: 1 for its current state (closed, open, half-open)",
    labelNames: ['upstream', 'state'],
    read: async () =>
      Object.entries(health).flatMap(([upstream, { breaker }]) =>
        (['closed', 'open', 'half-open'] as const).map((state) => ({
          labels: { upstream, state },
          value: breaker.state === state ? 1 : 0,
        })),
      ),
  });
}

/** Sessions and profiles are small lookups: a service slower than this is treated as unavailable. */
const INTERNAL_LOOKUP_TIMEOUT_MS = 1500;

/**
 * An internal client that answers 503 at once while the service's breaker is open, gives up as soon as it opens
 * because nothing listens or the process is stopped, and reports its own outcomes to the breaker.
 */
export function guardedByBreaker(client: InternalClient, health: UpstreamHealth): InternalClient {
  const { breaker } = health;
  return {
    request<T>(method: string, path: string, body?: unknown): Promise<T> {
      if (!breaker.allow()) return Promise.reject(serviceUnavailable());
      return new Promise<T>((resolve, reject) => {
        // Given up only when nothing will answer; otherwise the lookup keeps its own (short) timeout.
        const unsubscribe = breaker.onOpen((reason) => failsCallsInFlight(reason) && reject(serviceUnavailable()));
        // The liveness thread is watched while the lookup is in flight, as for proxied calls.
        const ended = health.callStarted();
        client
          .request<T>(method, path, body)
          .then(
            (value) => {
              health.lastAnswerAt = performance.now();
              breaker.success();
              resolve(value);
            },
            (error: unknown) => {
              if (error instanceof HttpError) {
                health.lastAnswerAt = performance.now();
                breaker.success();
              } else breaker.failure();
              reject(error);
            },
          )
          .finally(() => {
            unsubscribe();
            ended();
          });
      });
    },
  };
}

/**
 * One proxy per service, each with its own keep-alive connection pool. Measured on the 2-core machine: with the
 * default agent the proxy opened a connection per request (~13,500 sockets in TIME_WAIT, median latency in
 * seconds); with a pooled keep-alive agent it reached ~0.45 of direct Express throughput.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { PERSON_VERSION_HEADER, SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE } from '@rainmakers/contracts';
import { currentTraceparent, endClientSpan, type Logger, startClientSpan, TRACEPARENT_HEADER } from '@rainmakers/kit';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  errorResponsePlugin,
  type Plugin,
  proxyEventsPlugin,
} from 'http-proxy-middleware';
import { Breaker, failsCallsInFlight, type ProbeOptions, UpstreamHealth } from './breaker';
import { UPSTREAMS, type Upstream } from './config';
import type { UpstreamTimeout } from './routes';

/** The answer for every call a service cannot take now: down, frozen, too slow, or its breaker open. */
export const UNAVAILABLE_BODY = { error: SERVICE_UNAVAILABLE_MESSAGE, code: SERVICE_UNAVAILABLE } as const;

/** A breaker stays open at least a probe round or two: a client may try again after a second. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = '1';

/** The gateway's 503 for a service it cannot reach now, with when to try again. */
export function answerUnavailable(res: Response): void {
  res.status(503).set('Retry-After', UNAVAILABLE_RETRY_AFTER_SECONDS).json(UNAVAILABLE_BODY);
}

/** Per-request facts the proxy's response hooks need (kept in res.locals). */
export interface ProxyLocals {
  /** Set-Cookie values the gateway added before proxying (the CSRF cookie), merged into the upstream's. */
  gatewayCookies?: string[];
  /** Called once the upstream answered, with its status. */
  onUpstreamResponse?: (status: number) => void;
  /** Headers the gateway imposes over the upstream's own (the sandbox CSP on uploaded files). */
  overrideHeaders?: Record<string, string>;
  /** Which upstream timeout applies (routes.ts); 'api' when unset. */
  upstreamTimeout?: UpstreamTimeout;
  /** The client went away first: the upstream call was ended by us and says nothing about the service. */
  clientGone?: boolean;
  /** The upstream's answer, once its headers arrived. */
  upstreamResponse?: http.IncomingMessage;
  /** Sees the upstream's answer as its headers arrive, before the gateway's changes (me-answers.ts keeps it). */
  watchAnswer?: (upstream: http.IncomingMessage) => void;
}

export const proxyLocals = (res: Response) => res.locals as ProxyLocals;

export type ProxyHandler = (req: Request, res: Response, next: NextFunction) => Promise<void>;

export interface Proxies {
  handlers: Record<Upstream, ProxyHandler>;
  agents: Record<Upstream, http.Agent>;
  health: Record<Upstream, UpstreamHealth>;
  close(): void;
}

export interface ProxyOptions {
  upstreams: Record<Upstream, string>;
  maxSockets: number;
  timeoutsMs: Record<UpstreamTimeout, number>;
  connectTimeoutMs: number;
  breaker: { failureThreshold: number; openMs: number };
  probe: ProbeOptions;
  logger: Logger;
}

/** The keep-alive pool of one upstream service. */
export function createUpstreamAgent(maxSockets: number): http.Agent {
  // Idle pooled sockets close after 30 s, well before the services' 65 s keep-alive timeout (no reuse races).
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: 64, timeout: 30_000 });
}

/** Connections for event streams: one each, not pooled, closed with the stream. */
export function createStreamAgent(): http.Agent {
  return new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
}

/**
 * How http-proxy-middleware is set up for every upstream, before the gateway's hooks. The target is parsed once
 * (parsedTarget). Its default logger plugin is
 * left out: on every answer it built the target's URL (`new URL`, the agent's socket names) for a log line that its
 * no-op logger then dropped. The two other defaults stay (the `on` hooks; the guards against socket errors), and its
 * error-answer plugin is replaced by the gateway's own `on.error`.
 */
function proxyOptions<TReq extends http.IncomingMessage, TRes extends http.ServerResponse>(
  target: string,
  agent: http.Agent,
) {
  // Typed for plain node:http requests; they never touch what Express adds.
  const plugins = [debugProxyErrorsPlugin, proxyEventsPlugin] as unknown as Plugin<TReq, TRes>[];
  return { target: parsedTarget(target), changeOrigin: true, agent, xfwd: false, ejectPlugins: true, plugins };
}

/**
 * The target as http-proxy reads it (the fields of a legacy `url.parse` result: protocol, host, hostname, port,
 * path), built once: given the string, it ran `url.parse` on it for every request.
 */
function parsedTarget(target: string) {
  const url = new URL(target);
  return {
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    path: url.pathname,
    pathname: url.pathname,
    href: url.href,
  };
}

/**
 * The gateway's proxy and keep-alive pool without any of its own work (no session, breaker, timeouts or hooks):
 * the benchmark's bare pipe (scripts/bench/pipe.ts) measures the ceiling of the gateway's shape with it.
 */
export function createBareProxy(target: string, maxSockets: number): RequestHandler {
  const options = proxyOptions<http.IncomingMessage, http.ServerResponse>(target, createUpstreamAgent(maxSockets));
  // No `on.error` of its own: the library's error answer (502), as before the logger plugin was left out.
  return createProxyMiddleware({ ...options, plugins: [...options.plugins, errorResponsePlugin] });
}

export function createProxies(options: ProxyOptions): Proxies {
  const agents = {} as Record<Upstream, http.Agent>;
  const handlers = {} as Record<Upstream, ProxyHandler>;
  const health = {} as Record<Upstream, UpstreamHealth>;
  const streamAgents: http.Agent[] = [];
  for (const service of UPSTREAMS) {
    const agent = createUpstreamAgent(options.maxSockets);
    agents[service] = agent;
    const breaker = new Breaker(options.breaker);
    const upstream = new UpstreamHealth(breaker, new URL('/healthz', options.upstreams[service]), options.probe);
    health[service] = upstream;
    // Calls on their way to this service. An open breaker stops new ones; those in flight keep their own timeouts
    // (a busy service may still answer them), unless nothing listens any more or the process is stopped (its
    // liveness thread fell silent): then nothing will answer them.
    const inFlight = new Set<http.ClientRequest>();
    breaker.onOpen((reason) => {
      options.logger.warn(
        { upstream: service, reason, inFlight: inFlight.size },
        `breaker open: ${service} unavailable`,
      );
      if (!failsCallsInFlight(reason)) return;
      for (const proxyReq of inFlight) proxyReq.destroy(new Error(`${service} is unavailable (${reason})`));
      inFlight.clear();
    });
    upstream.start();
    const proxyThrough = (through: http.Agent) =>
      createProxyMiddleware<Request, Response>({
        ...proxyOptions<Request, Response>(options.upstreams[service], through),
        on: {
          proxyReq(proxyReq, req, res) {
            inFlight.add(proxyReq);
            const ended = upstream.callStarted();
            proxyReq.once('close', ended);
            // The call's CLIENT span, parent of the service's server span (tracing on and the trace sampled); an
            // unsampled trace still passes its traceparent on, so the service follows the decision.
            const client = startClientSpan(req.method, new URL(proxyReq.path, options.upstreams[service]));
            const traceparent = client?.traceparent ?? currentTraceparent();
            if (traceparent) proxyReq.setHeader(TRACEPARENT_HEADER, traceparent);
            if (client) {
              let status: number | undefined;
              let failure: unknown;
              proxyReq.once('response', (answer) => {
                status = answer.statusCode;
              });
              proxyReq.once('error', (error) => {
                failure = error;
              });
              proxyReq.once('close', () => endClientSpan(client, status, failure));
            }
            // A service may answer before reading the whole body (413 on an oversized upload) and close its
            // connection. Whatever the client still sends after the answer is read and dropped, so the next request
            // on its kept-alive connection is answered instead of queueing behind an unread body.
            res.once('finish', () => drainUnreadBody(req));
            proxyReq.once('close', () => inFlight.delete(proxyReq));
            // A person who navigates away (a search typed over) closes the request after its body was read, when
            // Node no longer reports it as aborted: end the upstream call too, or it holds a pooled socket until
            // the service answers or the timeout fires.
            res.once('close', () => {
              if (res.writableFinished) return;
              proxyLocals(res).clientGone = true;
              proxyReq.destroy();
            });
            // Only a fresh connection can be slow to establish (a host that drops packets); pooled ones are open.
            proxyReq.once('socket', (socket) => {
              if (!socket.connecting || options.connectTimeoutMs <= 0) return;
              const timer = setTimeout(
                () => proxyReq.destroy(new Error(`${service}: no connection within ${options.connectTimeoutMs} ms`)),
                options.connectTimeoutMs,
              );
              socket.once('connect', () => clearTimeout(timer));
              socket.once('close', () => clearTimeout(timer));
            });
            const timeoutMs = options.timeoutsMs[proxyLocals(res).upstreamTimeout ?? 'api'];
            if (timeoutMs <= 0) return;
            proxyReq.setTimeout(timeoutMs, () => {
              proxyReq.destroy(new Error(`${service} did not answer within ${timeoutMs} ms`));
            });
          },
          proxyRes(proxyRes, _req, res) {
            upstream.lastAnswerAt = performance.now();
            breaker.success();
            const locals = proxyLocals(res);
            locals.upstreamResponse = proxyRes;
            locals.watchAnswer?.(proxyRes);
            // For the gateway only.
            delete proxyRes.headers[PERSON_VERSION_HEADER];
            // Hop-by-hop: the service closing its connection to the gateway says nothing about the client's.
            delete proxyRes.headers.connection;
            if (locals.gatewayCookies?.length) {
              proxyRes.headers['set-cookie'] = mergeSetCookies(proxyRes.headers['set-cookie'], locals.gatewayCookies);
            }
            // http-proxy copies the upstream's headers over any the gateway set before proxying.
            for (const [name, value] of Object.entries(locals.overrideHeaders ?? {})) {
              proxyRes.headers[name.toLowerCase()] = value;
            }
            locals.onUpstreamResponse?.(proxyRes.statusCode ?? 0);
          },
          error(error, req, res) {
            if (!isResponse(res)) {
              breaker.failure();
              res.destroy();
              return;
            }
            if (proxyLocals(res).clientGone) return;
            const answer = proxyLocals(res).upstreamResponse;
            if (answer) {
              // The service answered, then stopped reading the body (EPIPE / ECONNRESET on our side): its answer
              // stands and is passed on whole; only an answer cut short leaves the client's response broken.
              drainUnreadBody(req);
              if (answer.complete) return;
              if (answer.destroyed) res.destroy();
              else answer.once('close', () => answer.complete || res.destroy());
              return;
            }
            breaker.failure();
            options.logger.error(
              { err: error, service, url: req.originalUrl, reqId: req.headers['x-request-id'] },
              'proxy error',
            );
            if (res.headersSent) {
              res.destroy();
              return;
            }
            answerUnavailable(res);
          },
        },
      });
    const proxy = proxyThrough(agent);
    // Event streams hold their connection for as long as a tab stays open: they get sockets of their own, outside
    // the pool, so a thousand open boards never leave the board's ordinary calls waiting for a pooled socket.
    const streamAgent = createStreamAgent();
    streamAgents.push(streamAgent);
    const streamProxy = proxyThrough(streamAgent);
    handlers[service] = (req, res, next) => {
      // A closed breaker costs one comparison; an open one answers without touching the service.
      if (!breaker.allow()) {
        answerUnavailable(res);
        return Promise.resolve();
      }
      return (proxyLocals(res).upstreamTimeout === 'stream' ? streamProxy : proxy)(req, res, next);
    };
  }
  return {
    handlers,
    agents,
    health,
    close() {
      for (const upstream of Object.values(health)) upstream.stop();
      for (const agent of [...Object.values(agents), ...streamAgents]) agent.destroy();
    },
  };
}

/** Longest the gateway keeps reading a body nobody will use before it closes the connection instead. */
const DRAIN_LIMIT_MS = 10_000;

/** Reads and drops what is left of a request body the upstream will not read (see the proxyReq hook). */
function drainUnreadBody(req: http.IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  req.unpipe();
  const timer = setTimeout(() => req.socket.destroy(), DRAIN_LIMIT_MS);
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

function isResponse(value: Response | Socket): value is Response {
  return typeof (value as Response).status === 'function';
}

/**
 * The upstream's cookies, then the gateway's own (the CSRF cookie, `__Host-` or not) unless the upstream set the
 * same cookie itself: auth's session-bound token at sign-in wins over the gateway's.
 */
export function mergeSetCookies(upstream: string[] | undefined, gateway: string[]): string[] {
  const merged = [...(upstream ?? [])];
  for (const cookie of gateway) {
    const name = cookie.slice(0, cookie.indexOf('='));
    if (merged.some((c) => c.startsWith(`${name}=`))) continue;
    merged.push(cookie);
  }
  return merged;
}

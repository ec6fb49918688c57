/**
 * One proxy per service, each with its own keep-alive connection pool. Measured on the 2-core machine: with the
 * default agent the proxy opened a connection per request (~13,500 sockets in TIME_WAIT, median latency in
 * seconds); with a pooled keep-alive agent it reached ~0.45 of direct Express throughput.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '@rainmakers/kit';
import type { Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { UPSTREAMS, type Upstream } from './config';

export const SERVICE_UNAVAILABLE = 'Service unavailable';

/** Per-request facts the proxy's response hooks need (kept in res.locals). */
export interface ProxyLocals {
  /** Set-Cookie values the gateway added before proxying (the CSRF cookie), merged into the upstream's. */
  gatewayCookies?: string[];
  /** Called once the upstream answered, with its status. */
  onUpstreamResponse?: (status: number) => void;
  upstreamTimedOut?: boolean;
  /** Headers the gateway imposes over the upstream's own (the sandbox CSP on uploaded files). */
  overrideHeaders?: Record<string, string>;
}

export const proxyLocals = (res: Response) => res.locals as ProxyLocals;

export interface Proxies {
  handlers: Record<Upstream, RequestHandler<Request, Response>>;
  agents: Record<Upstream, http.Agent>;
  close(): void;
}

export function createProxies(options: {
  upstreams: Record<Upstream, string>;
  maxSockets: number;
  timeoutMs: number;
  logger: Logger;
}): Proxies {
  const agents = {} as Record<Upstream, http.Agent>;
  const handlers = {} as Record<Upstream, RequestHandler<Request, Response>>;
  for (const service of UPSTREAMS) {
    // Idle pooled sockets close after 30 s, well before the services' 65 s keep-alive timeout (no reuse races).
    const agent = new http.Agent({
      keepAlive: true,
      maxSockets: options.maxSockets,
      maxFreeSockets: 64,
      timeout: 30_000,
    });
    agents[service] = agent;
    handlers[service] = createProxyMiddleware<Request, Response>({
      target: options.upstreams[service],
      changeOrigin: true,
      agent,
      xfwd: false,
      on: {
        proxyReq(proxyReq, _req, res) {
          // A person who navigates away (a search typed over) closes the request after its body was read, when
          // Node no longer reports it as aborted: end the upstream call too, or it holds a pooled socket until
          // the service answers or the timeout fires.
          res.once('close', () => {
            if (!res.writableFinished) proxyReq.destroy();
          });
          if (options.timeoutMs <= 0) return;
          proxyReq.setTimeout(options.timeoutMs, () => {
            proxyLocals(res).upstreamTimedOut = true;
            proxyReq.destroy(new Error(`${service} did not answer within ${options.timeoutMs} ms`));
          });
        },
        proxyRes(proxyRes, _req, res) {
          const locals = proxyLocals(res);
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
            res.destroy();
            return;
          }
          const timedOut = proxyLocals(res).upstreamTimedOut === true;
          options.logger.error(
            { err: error, service, url: req.originalUrl, reqId: req.headers['x-request-id'] },
            'proxy error',
          );
          if (res.headersSent) {
            res.destroy();
            return;
          }
          res.status(timedOut ? 504 : 502).json({ error: SERVICE_UNAVAILABLE });
        },
      },
    });
  }
  return {
    handlers,
    agents,
    close() {
      for (const agent of Object.values(agents)) agent.destroy();
    },
  };
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

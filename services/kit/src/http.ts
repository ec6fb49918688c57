import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compression from 'compression';
import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import helmet from 'helmet';
import { ZodError } from 'zod';
import { HttpError, notFound, validationError } from './errors';
import { jsonBodyGuard, urlGuard } from './input-guard';
import { internalTokenMiddleware } from './internal-token';
import { livenessPort } from './liveness';
import type { Logger } from './logger';
import { httpMetrics, routeLabel, writeMetrics } from './metrics';
import {
  currentLoad,
  isPoolExhausted,
  type LoadSheddingSettings,
  loadShedding,
  OverloadedError,
  ShedLog,
} from './overload';
import { keepRawBody } from './raw-body';
import { onResponseClose } from './response-close';
import type { SecretKeys } from './secret-keys';
import { httpTracing, traceLogFields } from './tracing';
import { isDependencyFailure, serviceUnavailable } from './unavailable';

export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

export interface AppOptions {
  name: string;
  logger: Logger;
  /** Verifies internal tokens: a secret, or the current and previous ones during a rotation (config internalTokenKeys). */
  internalTokenKeys: SecretKeys | string;
  readiness?: ReadinessCheck[];
  /** JSON body limit; uploads use their own parsers. */
  bodyLimit?: string;
  /**
   * Paths (exact, without the query) whose JSON body is also kept as the bytes received, in `req.rawBody`, for
   * routes that verify a signature over them (Stripe webhooks). JSON still parses into `req.body`.
   */
  rawBodyPaths?: readonly string[];
  /** Bounds past which new requests get a fast 503 OVERLOADED (overload.ts); unset: this process's settings. */
  loadShedding?: Partial<LoadSheddingSettings>;
  /** Share of successful requests written to the access log (0 to 1; errors are always logged). Default 1. */
  accessLogSampleRate?: number;
}

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Brotli at quality 1 for answers built per request: on a course outline's 150 KB of JSON it takes 0.3 ms and gives
 * 8.5 KB, where the middleware's default quality 4 took 3.4 ms (most of the course page's CPU) for 9.3 KB. gzip
 * (level 6, 0.8 ms, 11.4 KB) stays for clients without brotli.
 */
const COMPRESSION_OPTIONS: compression.CompressionOptions = {
  threshold: 2048,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
};

/**
 * The Express app every service starts from: security headers, request-id logging, the internal token,
 * health probes, then the service's routes (mounted by `mount`), then 404 and the JSON error handler.
 */
export function createApp(options: AppOptions, mount: (app: Express) => void): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.set('query parser', 'extended');
  // Probes and scrapes first, past nothing: the gateway asks every service's /healthz several times a second and
  // the kubelet asks both probes, so their cost is most of what an idle pod does. They are not traced, counted,
  // logged or shed, and do not count as activity (activity.ts).
  // Liveness: answers whenever the process runs its loop at all, busy or not (never shed); the load is for operators.
  app.get('/healthz', (_req, res) => {
    const load = currentLoad();
    res.json({
      status: 'ok',
      service: options.name,
      eventLoopDelayMs: Math.round(load.delay.ms),
      inFlight: load.inFlight,
      // Where the gateway asks whether the process runs at all while this loop is busy (liveness.ts).
      livenessPort: livenessPort(),
    });
  });
  app.get('/readyz', readinessHandler(options.readiness ?? []));
  // Prometheus scrapes the service's own port; the gateway forwards only /api paths, so this is never public.
  app.get('/metrics', (req, res, next) => {
    writeMetrics(req, res).catch(next);
  });
  app.use(httpTracing());
  app.use(helmet({ contentSecurityPolicy: false }));
  app.use(httpMetrics());
  app.use(accessLog(options.logger, options.accessLogSampleRate ?? accessLogSettings.sampleRate));
  app.use(slowRequestLog(options.logger));
  // Hostile input answers 400 before any route (present or future) sees it: see input-guard.ts.
  app.use(urlGuard());
  // Past the load bounds new requests answer at once (probes above are never shed).
  app.use(loadShedding(new ShedLog(options.logger), options.loadShedding));
  // Catalogue and list answers reach hundreds of KB; the gateway passes the encoding through untouched.
  app.use(compression(COMPRESSION_OPTIONS));
  app.use(
    express.json({
      limit: options.bodyLimit ?? '1mb',
      ...(options.rawBodyPaths?.length ? { verify: keepRawBody(options.rawBodyPaths) } : {}),
    }),
  );
  app.use(jsonBodyGuard());
  app.use(internalTokenMiddleware(options.internalTokenKeys));
  mount(app);
  app.use((_req, _res, next) => next(notFound('Not found')));
  app.use(errorHandler(options.logger));
  return app;
}

/** The process's access-log sampling, set once at boot from ACCESS_LOG_SAMPLE_RATE (bootstrap). */
const accessLogSettings = { sampleRate: 1 };

export function configureAccessLog(sampleRate: number): void {
  accessLogSettings.sampleRate = sampleRate;
}

declare module 'http' {
  interface IncomingMessage {
    /** The request id (the gateway's X-Request-Id, else a new one). */
    id: string;
    /** A logger whose lines carry the request id (made on first use). */
    log: Logger;
  }
}

const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per request: method, route template, status, duration, bytes, request id, trace id and the person's id,
 * never cookies, headers, query strings or bodies. Only successful (2xx) answers are sampled (`sampleRate`), and a
 * 503 with Retry-After (load shed on purpose, counted by the shedding's own summary line: an overload must not become
 * a log storm); every other answer, 3xx, 4xx and 5xx, is always written (4xx and 3xx at info, 5xx at error).
 *
 * Our own rather than pino-http, which made three or four child loggers per request (one per binding, each
 * serialising its bindings) and called `customProps` twice, whether a line was written or not: ~5 % of a course
 * page's CPU in the courses service. Here `req.log` is made only when a route logs, and the line's fields are put
 * together only when it is written. Same line as before: `msg` "request" (or "request errored"), `reqId`,
 * `req {id, method, url}`, `res {statusCode}`, `responseTime` (ms), `route`, `bytes`, `userId`, `trace_id`.
 */
function accessLog(logger: Logger, sampleRate: number): RequestHandler {
  return accessLogMiddleware(logger, { sampleRate, userId: (req) => req.actor?.userId, path: true });
}

export interface AccessLogOptions {
  /** Share of 2xx answers written, 0 to 1 (ACCESS_LOG_SAMPLE_RATE). */
  sampleRate: number;
  /** The person behind the request, read when the answer is done. */
  userId(req: Request, res: Response): string | number | undefined;
  /** Whether the line has the path (never the query); the gateway writes the route only. */
  path: boolean;
}

/** Which answers are written, and at which level: the rule above, pure for the tests. */
export function accessLogLevel(
  status: number,
  retryAfter: unknown,
  sampleRate: number,
  draw: () => number = Math.random,
): 'info' | 'error' | null {
  // A 503 with Retry-After: load shed on purpose (overload.ts), not a failure.
  const sampled = status < 300 || (status === 503 && retryAfter !== undefined);
  if (sampled) return sampleRate >= 1 || (sampleRate > 0 && draw() < sampleRate) ? 'info' : null;
  return status >= 500 ? 'error' : 'info';
}

/** The access log of a service (createApp) or the gateway: one line per answer, by the rule of `accessLogLevel`. */
export function accessLogMiddleware(logger: Logger, options: AccessLogOptions): RequestHandler {
  const { sampleRate } = options;
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && incoming.length <= 100 ? incoming : randomUUID();
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => {
        child ??= logger.child({ reqId: id });
        return child;
      },
      set: (value: Logger) => {
        child = value;
      },
    });
    if (UNLOGGED_PATHS.has(req.url)) return next();
    const started = Date.now();
    // Read here, where the request's span is active (httpTracing runs before); the close event runs outside it.
    const traceId = traceLogFields().trace_id;
    onResponseClose(res, () => {
      const status = res.statusCode;
      const level = accessLogLevel(status, res.getHeader('retry-after'), sampleRate);
      if (!level || !logger.isLevelEnabled(level)) return;
      const line = {
        reqId: id,
        req: options.path
          ? { id, method: req.method, url: (req.originalUrl || req.url).split('?')[0] }
          : { id, method: req.method },
        res: { statusCode: status },
        responseTime: Date.now() - started,
        route: routeLabel(req, res),
        bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
        userId: options.userId(req, res),
        trace_id: traceId,
      };
      logger[level](line, level === 'error' ? 'request errored' : 'request');
    });
    next();
  };
}

export const READINESS_TIMEOUT_MS = 1000;

/** Runs every check at once, each within 1 s (a frozen dependency must not hold the probe): `{ready, checks: {name: 'ok' | reason}}`. */
export async function runReadinessChecks(
  checks: ReadinessCheck[],
): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      try {
        await withTimeout(check(), READINESS_TIMEOUT_MS);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, error instanceof Error ? error.message : 'failed'] as const;
      }
    }),
  );
  return { ready: results.every(([, status]) => status === 'ok'), checks: Object.fromEntries(results) };
}

/** The /readyz answer: 200 when every dependency answers, 503 with the failing ones otherwise. */
export function readinessHandler(checks: ReadinessCheck[]): RequestHandler {
  return async (_req, res) => {
    const { ready, checks: results } = await runReadinessChecks(checks);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks: results });
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Maps every failure to the spec's error body; unknown errors are logged and never leak details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  const shedLog = new ShedLog(logger);
  return (err, req, res, _next) => {
    let error: HttpError;
    if (err instanceof HttpError) error = err;
    else if (isPoolExhausted(err)) {
      // Every connection busy for the whole pool wait: overload, answered like shed load.
      shedLog.count('pool-drained');
      error = new OverloadedError();
    } else if (err instanceof ZodError) error = validationError(err);
    else if (isBodyParserError(err)) error = new HttpError(err.status, bodyParserMessage(err));
    else if (isDependencyFailure(err)) {
      (req.log ?? logger).warn({ err }, 'dependency unavailable');
      error = serviceUnavailable();
    } else {
      (req.log ?? logger).error({ err }, 'unhandled error');
      error = new HttpError(500, 'Internal server error');
    }
    // Too late for an error body (an event stream or a download under way): end the connection, as Express's own
    // handler does, so the client sees the answer cut instead of waiting for the rest forever.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof OverloadedError) res.set('Retry-After', String(error.retryAfterSeconds));
    res.status(error.status).json(error.toBody());
  };
}

type BodyParserError = { status: number; type: string; expose: boolean };
function isBodyParserError(err: unknown): err is BodyParserError {
  return (
    typeof err === 'object' &&
    err !== null &&
    'type' in err &&
    'status' in err &&
    typeof (err as BodyParserError).status === 'number' &&
    (err as BodyParserError).status < 500
  );
}
function bodyParserMessage(err: BodyParserError): string {
  if (err.type === 'entity.too.large') return 'Request body is too large';
  if (err.type === 'entity.parse.failed') return 'Request body is not valid JSON';
  return 'Invalid request body';
}

/** A request that took this long is logged as a warning: nothing the product serves should come near it. */
export const SLOW_REQUEST_MS = 2000;

/**
 * Logs requests that take SLOW_REQUEST_MS or more, finished or abandoned by the caller (the gateway gives up at
 * its own timeout), so a stall shows where it happened and for how long. Event streams are left out.
 */
function slowRequestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    onResponseClose(res, () => {
      const ms = Math.round(performance.now() - started);
      // Event streams stay open on purpose.
      if (ms < SLOW_REQUEST_MS || String(res.getHeader('content-type')).startsWith('text/event-stream')) return;
      logger.warn(
        { method: req.method, url: req.originalUrl, status: res.statusCode, ms, finished: res.writableFinished },
        'slow request',
      );
    });
    next();
  };
}

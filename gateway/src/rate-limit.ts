/**
 * Rate limits on the calls that cost auth a password hash or send e-mail, counted in Redis (shared by every
 * gateway replica) BEFORE the request reaches auth. Sign-in and forgot-password are also counted per e-mail,
 * so the gateway reads (buffers) those small JSON bodies, peeks at `email`, then replays them to the proxy.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { HttpError, type Redis } from '@rainmakers/kit';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Limit, RateLimitSettings } from './config';
import type { RateLimitedAction } from './routes';
import { parseJson } from './session';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a moment and try again.';
/** Auth's JSON bodies are tiny; anything bigger than this on a rate-limited call is refused. */
export const MAX_PEEKED_BODY_BYTES = 16 * 1024;

export class TooManyRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS);
  }
}

/** Lower-cased, trimmed e-mail from a JSON body, or null when there is none to count. */
export function emailFromBody(body: Buffer, contentType: string | undefined): string | null {
  if (!contentType || !/json/i.test(contentType)) return null;
  const parsed = parseJson(body.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || !('email' in parsed)) return null;
  const email = (parsed as { email: unknown }).email;
  if (typeof email !== 'string') return null;
  const normalized = email.trim().toLowerCase();
  return normalized.length > 0 && normalized.length <= 320 ? normalized : null;
}

/** Reads a request body into memory, refusing more than `limit` bytes (413). */
export function readBody(req: IncomingMessage, limit = MAX_PEEKED_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new HttpError(413, 'Request body is too large'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume();
        reject(new HttpError(413, 'Request body is too large'));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * Makes a consumed request readable again for the proxy: http-proxy pipes `req` into the upstream request,
 * so the request's `pipe` is pointed at a fresh stream of the same bytes (headers, content-length included,
 * stay as the client sent them). Unlike writing the body from a `proxyReq` listener, this does not depend on
 * when the keep-alive pool hands out a socket.
 */
export function replayBody(req: IncomingMessage, body: Buffer): void {
  const replay = Readable.from(body.length > 0 ? [body] : []);
  req.pipe = replay.pipe.bind(replay) as typeof req.pipe;
}

interface Counter {
  consume(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** One limit in Redis; if Redis fails, an in-memory limiter of the same size stands in (per process). */
function counter(redis: Redis, keyPrefix: string, limit: Limit): Counter {
  const options = { points: limit.points, duration: limit.durationSeconds };
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    ...options,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, ...options }),
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new TooManyRequests(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        }
        throw rejection;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

export interface RateLimits {
  /** Counts one attempt of `action`; throws TooManyRequests (429) when a limit is spent. */
  check(action: RateLimitedAction, ip: string, email: string | null): Promise<void>;
  /** A successful sign-in clears the e-mail's counter, so only failures pile up against an account. */
  signedIn(email: string): Promise<void>;
}

export function createRateLimits(redis: Redis, prefix: string, settings: RateLimitSettings): RateLimits {
  const key = (name: string) => `${prefix}gateway:rl:${name}`;
  const limits = {
    signinPerIp: counter(redis, key('signin-ip'), settings.signinPerIp),
    signinPerEmail: counter(redis, key('signin-email'), settings.signinPerEmail),
    signupPerIp: counter(redis, key('signup-ip'), settings.signupPerIp),
    forgotPerIp: counter(redis, key('forgot-ip'), settings.forgotPerIp),
    forgotPerEmail: counter(redis, key('forgot-email'), settings.forgotPerEmail),
    resetPerIp: counter(redis, key('reset-ip'), settings.resetPerIp),
  };
  return {
    async check(action, ip, email) {
      switch (action) {
        case 'signin':
          await limits.signinPerIp.consume(ip);
          if (email) await limits.signinPerEmail.consume(email);
          return;
        case 'signup':
          await limits.signupPerIp.consume(ip);
          return;
        case 'forgot':
          await limits.forgotPerIp.consume(ip);
          if (email) await limits.forgotPerEmail.consume(email);
          return;
        case 'reset':
          await limits.resetPerIp.consume(ip);
          return;
      }
    },
    async signedIn(email) {
      await limits.signinPerEmail.reset(email);
    },
  };
}

/** Which actions need the body read before counting (the per-e-mail limits). */
export const needsBody = (action: RateLimitedAction) => action === 'signin' || action === 'forgot';

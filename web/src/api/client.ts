/**
 * The one HTTP client of the web app. Every call goes to the gateway on the same origin:
 * - JSON in and out, cookies sent (`credentials: 'same-origin'`);
 * - unsafe methods carry the CSRF header `x-csrf-token` = the CSRF cookie (`__Host-rm_csrf` over https, `rm_csrf`
 *   over plain http; bound to the session, replaced at every sign-in); when the cookie is missing,
 *   `GET /api/auth/me` is called first, which makes the gateway set it;
 * - failures become an ApiError built from the error body `{ error, code?, errors? }` (a bare string body is the message);
 * - 401 clears the session and 402 `SUBSCRIPTION_BLOCKED` refreshes it, so the route guard sends the person on;
 * - a GET that index.html's inline script already started (early/requests.ts) takes that response instead of
 *   asking again, once;
 * - a create (`create: true`) carries an `Idempotency-Key`, one per call, and is retried with that same key after
 *   a 503, a network failure or a short Retry-After (retry.ts): the server answers the retry with the first answer,
 *   so a create applied while its answer was lost is never made twice.
 */

import { EARLY_STORE, type QueryValue, withQuery } from '../early/requests';
import { CSRF_COOKIE, CSRF_HEADER, HOST_COOKIE_PREFIX, SUBSCRIPTION_BLOCKED } from '../lib/constants';

/** The header the services read for a create's key (kit idempotency.ts). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export { withQuery };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NETWORK_ERROR = 'We could not reach the server. Check your connection and try again.';
const GENERIC_ERROR = 'Something went wrong. Please try again.';
const SERVER_ERROR = 'The server is not answering right now. Please try again in a moment.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** Field name -> message, for validation failures. */
  readonly errors: Record<string, string>;
  /** The Retry-After header of the answer as sent (a 503/429 of a busy server says when to come back). */
  retryAfter: string | null = null;

  constructor(status: number, message: string, options: { code?: string; errors?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.errors = options.errors ?? {};
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

/** The human message of any thrown value, for banners and toasts. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

type Handlers = { onUnauthorized: () => void; onSubscriptionBlocked: () => void };
let handlers: Handlers = { onUnauthorized: () => {}, onSubscriptionBlocked: () => {} };

/** The session layer plugs in here (kept as callbacks so the client does not depend on React). */
export function configureApiClient(next: Handlers): void {
  handlers = next;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

/** The CSRF cookie under whichever name the server uses for this scheme (the `__Host-` one first). */
const readCsrfCookie = () => readCookie(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? readCookie(CSRF_COOKIE);

let csrfRequest: Promise<string | null> | null = null;

/** The CSRF token, asking the gateway to issue one when the cookie is missing (concurrent callers share one call). */
async function csrfToken(forceRefresh = false): Promise<string | null> {
  const existing = readCsrfCookie();
  if (existing && !forceRefresh) return existing;
  csrfRequest ??= fetch('/api/auth/me', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .catch(() => undefined)
    .then(() => readCsrfCookie())
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * A create (or upsert) whose route honours Idempotency-Key: the call sends a key of its own and is retried with
   * it after a 503 or a network failure (see docs/decisions.md "Idempotent creates" for the routes).
   */
  create?: boolean;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toApiError(status: number, body: unknown): ApiError {
  if (typeof body === 'string' && body.trim() && body.length < 300 && !body.trimStart().startsWith('<')) {
    return new ApiError(status, body.trim());
  }
  if (!isRecord(body)) return new ApiError(status, status >= 500 ? SERVER_ERROR : GENERIC_ERROR);
  const errors: Record<string, string> = {};
  if (isRecord(body.errors)) {
    for (const [field, message] of Object.entries(body.errors)) {
      if (typeof message === 'string') errors[field] = message;
    }
  }
  const message =
    typeof body.error === 'string' && body.error ? body.error : (Object.values(errors)[0] ?? GENERIC_ERROR);
  return new ApiError(status, message, { code: typeof body.code === 'string' ? body.code : undefined, errors });
}

type EarlyStore = Record<string, Promise<Response> | undefined>;

const earlyStore = (): EarlyStore | undefined =>
  (globalThis as unknown as Record<string, EarlyStore | undefined>)[EARLY_STORE];

/** An early answer nobody took in time goes after this long (it was fetched for the first screen only). */
const EARLY_ANSWER_KEPT_MS = 5_000;

/**
 * The response of a GET the inline script started for this exact URL, if it is still there. It leaves the store
 * when it arrives for an ask that still wants it; an ask cancelled before that (its screen unmounted and mounted
 * again during the first render) leaves it for the next ask, so that one does not become a second request. Every
 * later ask (a refetch after a change, a 402) goes to the network. Each ask reads a clone: the kept one is unread.
 */
function takeEarlyResponse(url: string, signal: AbortSignal | undefined): Promise<Response> | undefined {
  const store = earlyStore();
  const early = store?.[url];
  if (!store || !early) return undefined;
  const drop = () => {
    if (store[url] === early) delete store[url];
  };
  early.then(() => {
    if (!signal?.aborted) drop();
    else setTimeout(drop, EARLY_ANSWER_KEPT_MS);
  }, drop);
  return early.then((response) => response.clone());
}

/**
 * Drops the early fetches nobody took: they were made with the cookies of the page load, so after a sign-in, a
 * sign-out or a role switch they belong to someone else.
 */
export function forgetEarlyResponses(): void {
  const store = earlyStore();
  if (store) for (const url of Object.keys(store)) delete store[url];
}

async function send(
  path: string,
  options: RequestOptions,
  csrf: string | null,
  idempotencyKey?: string,
): Promise<Response> {
  const method = options.method ?? 'GET';
  if (method === 'GET' && options.body === undefined) {
    const early = takeEarlyResponse(withQuery(path, options.query), options.signal);
    if (early) return early;
  }
  const headers = new Headers({ accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (csrf) headers.set(CSRF_HEADER, csrf);
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  return fetch(withQuery(path, options.query), {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/** One attempt: the request, and once more with a fresh CSRF token when the gateway refused a stale one. */
async function attempt(path: string, options: RequestOptions, idempotencyKey?: string): Promise<Response> {
  const unsafe = UNSAFE_METHODS.has(options.method ?? 'GET');
  let response = await send(path, options, unsafe ? await csrfToken() : null, idempotencyKey);
  // A stale or rotated CSRF cookie: fetch a fresh one once and retry.
  if (unsafe && response.status === 403) {
    const peek = toApiError(403, await readBody(response.clone()));
    if (/csrf/i.test(`${peek.code ?? ''} ${peek.message}`)) {
      response = await send(path, options, await csrfToken(true), idempotencyKey);
    }
  }
  return response;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * The response of a call; a create is sent with one Idempotency-Key for all its attempts and tried again (with
 * backoff, honouring Retry-After) while retry.ts says so.
 */
async function respond(path: string, options: RequestOptions): Promise<Response> {
  // Only creates retry here (reads are retried by their query: queryClient.ts).
  const retry = options.create ? await import('./retry') : undefined;
  const idempotencyKey = retry?.newIdempotencyKey();
  for (let tries = 1; ; tries += 1) {
    let response: Response;
    try {
      response = await attempt(path, options, idempotencyKey);
    } catch (error) {
      if (isAbort(error)) throw error;
      const delay = retry ? retry.createRetryDelay({ status: 0 }, tries) : null;
      if (delay === null) throw new ApiError(0, NETWORK_ERROR);
      await pause(delay, options.signal);
      continue;
    }
    if (!retry || response.ok) return response;
    const peek = response.status === 409 ? toApiError(409, await readBody(response.clone())) : undefined;
    const delay = retry.createRetryDelay(
      { status: response.status, code: peek?.code, retryAfter: response.headers.get('retry-after') },
      tries,
    );
    if (delay === null) return response;
    await pause(delay, options.signal);
  }
}

/** Calls the gateway and returns the parsed JSON body, or throws an ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await respond(path, options);

  const data = await readBody(response);
  if (response.ok) return data as T;

  const error = toApiError(response.status, data);
  // Reads answered "busy" are retried after the advised delay (queryClient.ts, retry.ts readRetryDelay).
  error.retryAfter = response.headers.get('retry-after');
  if (response.status === 401) handlers.onUnauthorized();
  if (response.status === 402 && error.code === SUBSCRIPTION_BLOCKED) handlers.onSubscriptionBlocked();
  throw error;
}

/**
 * A POST whose answer is a stream (server-sent events, e.g. /api/ai/chat): the same CSRF and error handling as
 * `api`, but an ok answer is handed back as the Response for the caller to read as it arrives.
 */
export async function apiStream(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const options: RequestOptions = { method: 'POST', body, signal };
  let response: Response;
  try {
    response = await send(path, options, await csrfToken());
    if (response.status === 403) {
      const peek = toApiError(403, await readBody(response.clone()));
      if (/csrf/i.test(`${peek.code ?? ''} ${peek.message}`))
        response = await send(path, options, await csrfToken(true));
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (response.ok) return response;
  const error = toApiError(response.status, await readBody(response));
  if (response.status === 401) handlers.onUnauthorized();
  if (response.status === 402 && error.code === SUBSCRIPTION_BLOCKED) handlers.onSubscriptionBlocked();
  throw error;
}

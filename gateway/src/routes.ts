/**
 * The gateway's one routing table: which service answers a public path, and which of the gateway's own
 * rules (session, subscription block, CSRF) apply to it. Rate limits are not the gateway's: auth counts sign-in
 * and password attempts itself. Pure: no I/O, unit-tested.
 *
 * Paths are matched case-insensitively and without a trailing slash, the way Express routes them in the
 * services, so the gateway and the service always agree on which route a request is. Paths are forwarded
 * unchanged.
 */
import type { ServiceName as Upstream } from '@rainmakers/contracts';

/** Public path prefix -> service. A prefix matches itself and anything below it ("/api/user" and "/api/user/1"). */
export const ROUTE_TABLE: ReadonlyArray<readonly [prefix: string, service: Upstream]> = [
  ['/api/auth', 'auth'],
  // DELETE /api/account (closing her account checks her password there); GET /api/account/export is the gateway's.
  ['/api/account', 'auth'],
  ['/api/user', 'users'],
  ['/api/analytics', 'users'],
  ['/api/v2/user', 'users'],
  ['/api/tag', 'users'],
  ['/api/broadcast', 'users'],
  ['/api/unsubscribe', 'users'],
  ['/api/course', 'courses'],
  ['/api/module', 'courses'],
  ['/api/lesson', 'courses'],
  ['/api/certificates', 'courses'],
  ['/api/move-the-needle', 'board'],
  ['/api/notifications', 'board'],
  ['/api/product', 'tools'],
  ['/api/product-qualifier', 'tools'],
  ['/api/ai', 'tools'],
  ['/api/resource', 'resources'],
  ['/api/dashboard-banner', 'resources'],
  ['/api/site-content', 'resources'],
  ['/upload', 'resources'],
  ['/api/stripe', 'billing'],
  // A member's paid purchases and their receipts.
  ['/api/purchases', 'billing'],
];

/**
 * How long the gateway waits for a service's answer (socket idle time), by kind of call. Ordinary API calls answer
 * in milliseconds; files and CSV work move or process a lot in one call. A frozen or dead service is noticed
 * sooner than either by the breaker's health probe (breaker.ts); these bound a live service that hangs one call.
 */
export type UpstreamTimeout = 'api' | 'transfer' | 'stream';
export const DEFAULT_UPSTREAM_TIMEOUTS_MS: Readonly<Record<UpstreamTimeout, number>> = {
  api: 10_000,
  transfer: 120_000,
  // Server-sent event streams stay open; the service writes a heartbeat every 15 s, so silence this long means
  // a hung stream (the breaker's probe notices a frozen service sooner).
  stream: 45_000,
};

/** Calls that get the 'transfer' timeout: method ('*' for any) and path prefix. */
export const TRANSFER_CALLS: ReadonlyArray<readonly [method: string, prefix: string]> = [
  ['POST', '/upload'],
  ['POST', '/api/user/import'],
  ['PUT', '/api/user/bulk-update'],
  ['GET', '/api/user/export'],
  ['*', '/api/ai'],
];

/** Long-lived server-sent event streams: the 'stream' timeout (idle time between heartbeats). */
export const STREAM_CALLS: ReadonlyArray<readonly [method: string, path: string]> = [
  ['GET', '/api/move-the-needle/events'],
  ['GET', '/api/notifications/events'],
];

function timeoutFor(method: string, path: string): UpstreamTimeout {
  for (const [callMethod, streamPath] of STREAM_CALLS) {
    if (callMethod === method && path === streamPath) return 'stream';
  }
  for (const [callMethod, prefix] of TRANSFER_CALLS) {
    if ((callMethod === '*' || callMethod === method) && under(path, prefix)) return 'transfer';
  }
  return 'api';
}

export interface ProxyRoute {
  kind: 'proxy';
  service: Upstream;
  /** 'optional': open to visitors, but a signed-in person's identity is still forwarded. 'none': never looked up. */
  session: 'required' | 'optional' | 'none';
  /** Whether a blocking payment status answers 402 here. */
  blockable: boolean;
  /** Whether an unsafe method needs the double-submit CSRF token and a matching Origin. */
  csrf: boolean;
  timeout: UpstreamTimeout;
}

export type RouteMatch =
  | ProxyRoute
  /** /api/*, /internal/* or an unsafe path with no route: 404 JSON. */
  | { kind: 'not-found' }
  /** Everything else: the web app (static files and the SPA fallback). */
  | { kind: 'web' };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isUnsafeMethod = (method: string) => UNSAFE_METHODS.has(method.toUpperCase());

/** Lower-cases a path and drops one trailing slash ("/" stays "/"). */
export function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/** "." or ".." segments (raw or percent-encoded) and backslashes could steer an upstream router elsewhere. */
export function hasTraversal(path: string): boolean {
  if (path.includes('\\') || /%5c/i.test(path)) return true;
  return path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The longest prefix wins, so "/api/product-qualifier" is never mistaken for "/api/product". */
export function serviceFor(path: string): Upstream | null {
  let best: { length: number; service: Upstream } | null = null;
  for (const [prefix, service] of ROUTE_TABLE) {
    if (under(path, prefix) && (!best || prefix.length > best.length)) best = { length: prefix.length, service };
  }
  return best?.service ?? null;
}

/**
 * The bounded label a proxied call is counted under in the gateway's metrics: its route-table prefix (the services
 * count the same calls per route template), `web` for the app's pages and files.
 */
export function metricsRouteOf(path: string): string {
  let best: string | null = null;
  for (const [prefix] of ROUTE_TABLE) {
    if (under(path, prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best ? `${best}/*` : 'web';
}

/** Calls a visitor without a session may make (the spec's sign-in/up, reset, session check, sign-out, webhook). */
function openAccess(method: string, path: string): ProxyRoute['session'] | null {
  if (method === 'POST') {
    if (
      path === '/api/auth/signin' ||
      // The second step and forced enrolment carry the half-signed-in token, not a session.
      path === '/api/auth/signin/code' ||
      path === '/api/auth/signin/enrol' ||
      path === '/api/auth/signin/enrol/confirm' ||
      path === '/api/auth/signup' ||
      path === '/api/auth/forgot-password' ||
      path === '/api/auth/signout' ||
      path.startsWith('/api/auth/reset-password/') ||
      path.startsWith('/api/auth/invitation/')
    ) {
      return 'optional';
    }
    // Verified by its signature at billing; Stripe sends no cookies.
    if (path === '/api/stripe/webhook') return 'none';
    // A mail client's one-click unsubscribe (RFC 8058): its signed token is the only credential.
    if (path === '/api/unsubscribe') return 'none';
  }
  if ((method === 'GET' || method === 'HEAD') && path === '/api/auth/me') return 'optional';
  // The sign-up welcome video and the support links (site content a visitor's screens show).
  if ((method === 'GET' || method === 'HEAD') && path === '/api/site-content/public') return 'optional';
  // Uploaded files are public behind unguessable keys; no identity is needed to read them.
  if ((method === 'GET' || method === 'HEAD') && path.startsWith('/upload/')) return 'none';
  // A certificate and its PDF, by their unguessable id: the public verification page works signed out.
  if ((method === 'GET' || method === 'HEAD') && isOpenCertificatePath(path)) return 'none';
  return null;
}

/** /api/certificates/{id} and /api/certificates/{id}/pdf; never /api/certificates/mine (the member's own list). */
function isOpenCertificatePath(path: string): boolean {
  const match = /^\/api\/certificates\/([^/]+)(\/pdf)?$/.exec(path);
  return match !== null && match[1] !== 'mine';
}

/** Calls a person with a blocking payment status may still make: everything auth, and fixing the payment. */
function exemptFromBlock(method: string, path: string): boolean {
  if (under(path, '/api/auth')) return true;
  // Her own data and closing her account: a blocked payment must not keep her from either.
  if (under(path, '/api/account')) return true;
  if (path === '/api/stripe/webhook') return true;
  if (path === '/api/unsubscribe') return true;
  // The blocked page's support links.
  if (path === '/api/site-content/public') return true;
  return method === 'POST' && under(path, '/api/stripe/create-customer-portal');
}

/**
 * POSTs sent by other parties without our cookies, checked by their own signature: Stripe's webhook, and a mail
 * client's one-click unsubscribe (docs/decisions.md "Broadcasts and unsubscribe": its token is signed, and all it
 * can do is stop broadcasts to the person it names, so a forged cross-site POST gains nothing).
 */
const NO_CSRF_POSTS = new Set(['/api/stripe/webhook', '/api/unsubscribe']);

/** Whether a path belongs to the API side of the gateway (never to the web app). */
export function isApiPath(path: string): boolean {
  const normalized = normalizePath(path);
  return under(normalized, '/api') || under(normalized, '/upload') || under(normalized, '/internal');
}

/** Decides what the gateway does with a request, from its method and raw path (without the query). */
export function matchRoute(method: string, rawPath: string): RouteMatch {
  const upperMethod = method.toUpperCase();
  const path = normalizePath(rawPath);
  if (!isApiPath(path)) return { kind: 'web' };
  if (hasTraversal(rawPath) || under(path, '/internal')) return { kind: 'not-found' };
  const service = serviceFor(path);
  if (!service) return { kind: 'not-found' };
  const open = openAccess(upperMethod, path);
  return {
    kind: 'proxy',
    service,
    session: open ?? 'required',
    blockable: open !== 'none' && !exemptFromBlock(upperMethod, path),
    csrf: isUnsafeMethod(upperMethod) && !(upperMethod === 'POST' && NO_CSRF_POSTS.has(path)),
    timeout: timeoutFor(upperMethod, path),
  };
}
